import {
  dashboardsLabels,
  dashboardsTitles,
  permitTransitions,
  type Caption,
  type PermitStatus,
} from '@hasp/contracts';

/**
 * The "My work" cards of `/dashboards`: each is a saved view of the permit index (decision 0034),
 * so its count is the index's total and "Show all" opens the same view at `/index`.
 */
export interface MyWorkCard {
  id: 'awaiting-approval' | 'held' | 'requested' | 'expiring';
  title: Caption;
  /** Said in plain words when the card holds no permit. */
  empty: Caption;
  /** The index query of the view (no page): the API's and the `/index` URL's. */
  query: Record<string, string>;
}

/** The cards show this many permits; the rest is one "Show all" away. */
export const MY_WORK_PAGE_SIZE = 5;

/** The statuses a permit is in force in: those the lifecycle's `expire` leaves (as the expiry job reads them). */
export const inForceStatuses: readonly PermitStatus[] = permitTransitions
  .filter((row) => row.command === 'expire')
  .map((row) => row.from);

/**
 * The four cards. "Expiring within 24 hours" is the index's `expiring` view: the server counts the
 * next 24 hours from its own clock (in force, planned end before now + 24 h, soonest first), so the
 * count and "Show all" agree whatever the browser's clock or time zone.
 */
export function myWorkCards(): MyWorkCard[] {
  return [
    {
      id: 'awaiting-approval',
      title: dashboardsTitles['awaiting-approval'],
      empty: dashboardsLabels['empty::awaiting-approval'],
      query: { view: 'awaiting-approval', sort: 'plannedStart', dir: 'asc' },
    },
    {
      id: 'held',
      title: dashboardsTitles.held,
      empty: dashboardsLabels['empty::held'],
      query: { view: 'held', sort: 'plannedEnd', dir: 'asc' },
    },
    {
      id: 'requested',
      title: dashboardsTitles.requested,
      empty: dashboardsLabels['empty::requested'],
      query: { view: 'requested', sort: 'updatedAt', dir: 'desc' },
    },
    {
      id: 'expiring',
      title: dashboardsTitles.expiring,
      empty: dashboardsLabels['empty::expiring'],
      query: { view: 'expiring', sort: 'plannedEnd', dir: 'asc' },
    },
  ];
}

/** The API query of a card: its view, first page, a handful of rows. */
export function cardApiQuery(card: MyWorkCard): Record<string, string> {
  return { ...card.query, page: '1', pageSize: String(MY_WORK_PAGE_SIZE) };
}

/** "Show all": the same view on the permit index. */
export function showAllHref(card: MyWorkCard): string {
  return `/index?${new URLSearchParams(card.query).toString()}`;
}
