/**
 * Query-key roots that more than one feature uses. The feature that owns the query builds its keys
 * from the root; a feature whose change makes that data stale invalidates by the same root. Features
 * never import each other, so a root they share lives here instead of being retyped (decision 0026).
 */
export const sharedQueryRoots = {
  /** features/navigation (the left sidebar): stale when permissions or permit types change. */
  navigation: ['navigation'],
  /** features/asset-components (asset pages, pickers): stale when a master list changes. */
  componentManage: ['component-manage'],
  /** features/user-manage (user lists): stale when User Management changes users. */
  userManage: ['user-manage'],
  /** features/notifications (the bell's lists). */
  notifications: ['notifications'],
  /** features/dashboards (each widget's numbers): stale when the stream says the facility's counts changed (decision 0081). */
  dashboardWidgets: ['dashboards', 'widget'],
} as const;

/**
 * Query-key roots whose functions run even while the browser says offline (TanStack Query would
 * pause them): they answer from the device then. The permit page and its sections and
 * pickers through the permit page's offline data source (features/permits, decision 0058); the
 * session context and the navigation from the copies kept for a reload offline (decision 0062).
 * The app's query client sets this once (app/query-client.ts).
 */
export const offlineAnsweredRoots: ReadonlyArray<readonly string[]> = [
  ['permits'],
  ['isolation-plan'],
  ['tags', 'permit'],
  ['gas-tests', 'permit'],
  // The crew section and the hazard analysis with its lists' pickers (decision 0067).
  ['lockboxes', 'permit'],
  ['hazard-analysis'],
  ['permit-questions'],
  ['people-lookup'],
  ['place-search'],
  ['session-context'],
  sharedQueryRoots.navigation,
];
