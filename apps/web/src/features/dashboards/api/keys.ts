import type { DashboardWidgetKind } from '@hasp/contracts';

/** Every dashboards query key, in one place: saves and the live refresh update by these. */
export const dashboardKeys = {
  all: ['dashboards'] as const,
  layout: () => [...dashboardKeys.all, 'layout'] as const,
  facilityLayout: () => [...dashboardKeys.all, 'default-layout'] as const,
  widgets: () => [...dashboardKeys.all, 'widget'] as const,
  widget: (kind: DashboardWidgetKind) => [...dashboardKeys.widgets(), kind] as const,
};
