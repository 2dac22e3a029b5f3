import type { DashboardWidgetKind } from '@hasp/contracts';
import { sharedQueryRoots } from '../../../lib/query-keys';

/** Every dashboards query key, in one place: saves and the live refresh update by these. */
export const dashboardKeys = {
  all: ['dashboards'] as const,
  layout: () => [...dashboardKeys.all, 'layout'] as const,
  facilityLayout: () => [...dashboardKeys.all, 'default-layout'] as const,
  /** The notification stream refetches these when the facility's counts change (decision 0081). */
  widgets: () => sharedQueryRoots.dashboardWidgets,
  widget: (kind: DashboardWidgetKind) => [...dashboardKeys.widgets(), kind] as const,
};
