import {
  permitIndexViewCaptions,
  permitIndexWidgetViewCaptions,
  permitStatusCaptions,
  type Caption,
  type DashboardWidgetData,
  type DashboardWidgetKind,
  worklistsFor,
} from '@hasp/contracts';

/** The index URL of a widget's filter (the permit index reads the same parameters). */
export const indexHref = (filter: Record<string, string>) => `/index?${new URLSearchParams(filter).toString()}`;

const viewCaptions: Record<string, Caption> = { ...permitIndexViewCaptions, ...permitIndexWidgetViewCaptions };

/**
 * The caption of an item whose key is a status or a view; other items (types, areas, points) are
 * the facility's own names, shown as they are.
 */
export function itemCaption(kind: DashboardWidgetKind, item: DashboardWidgetData['items'][number]): Caption | null {
  if (kind === 'permits-by-status') return permitStatusCaptions[item.key as keyof typeof permitStatusCaptions] ?? null;
  if (kind === 'my-work' || kind === 'locks') return viewCaptions[item.key] ?? null;
  return null;
}

/**
 * A widget chart's height for `bars` bars: a row per bar tall enough for a label that wraps to two
 * lines ("Work complete"); capped at 220 px, eleven statuses got 17 px each and their labels
 * overlapped. The card keeps this space while the chart's code loads, so nothing below it moves.
 */
export const chartHeightPx = (bars: number): number => 40 + bars * 30;

/** Widgets drawn as a bar chart above their list (the list stays: it is what links and reads aloud). */
export const chartedWidgets: ReadonlySet<DashboardWidgetKind> = new Set([
  'permits-by-status',
  'permits-by-type',
  'isolations-by-area',
]);

/** Rows of the dashboard's item list: 44 px touch targets with a 1 px rule between them (Dashboard.module.css). */
const ITEM_ROW_PX = 44;

/**
 * The height the "My work" list will take, from the caller's permissions, as the server counts its
 * rows (its worklists, then "I hold" and "Tags I applied"): the card keeps it while the numbers
 * load, so the widgets below it on a phone's column do not jump down when they come.
 */
export function myWorkListHeightPx(permissions: readonly string[]): number {
  const codes = (action: string) =>
    new Set(permissions.filter((p) => p.startsWith(`permit:${action}:`)).map((p) => p.split(':')[2]));
  const view = codes('view');
  const viewedWith = (action: string) => [...codes(action)].some((code) => view.has(code));
  const rows =
    worklistsFor({ view: view.size > 0, approve: viewedWith('approve'), issue: viewedWith('issue') }).length + 2;
  return rows * ITEM_ROW_PX + (rows - 1);
}
