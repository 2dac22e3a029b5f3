import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  dashboardWidgetDataSchema,
  facilityDashboardLayoutSchema,
  userDashboardLayoutSchema,
  type DashboardLayout,
  type DashboardWidgetKind,
} from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { dashboardKeys } from './keys';

/**
 * Widgets re-read themselves this often even when nothing is pushed: the fallback for a stream that
 * is down (the notification stream's `dashboard-changed` refetches them at once, decision 0081).
 */
export const WIDGET_REFRESH_MS = 60_000;

/** The caller's dashboard: their own, the facility's default, or the built-in one. */
export function useDashboardLayout() {
  return useQuery({
    queryKey: dashboardKeys.layout(),
    queryFn: ({ signal }) => apiRequest('dashboards/layout', { schema: userDashboardLayoutSchema, signal }),
    staleTime: Infinity,
  });
}

/** Saves the caller's layout at the version they hold (a 409 is the caller's to explain). */
export function putLayout(layout: DashboardLayout, version: number) {
  return apiRequest('dashboards/layout', {
    method: 'PUT',
    body: layout,
    headers: { 'if-match': `"${version}"` },
    schema: userDashboardLayoutSchema,
    quiet: () => true,
  });
}

export function useResetLayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('dashboards/layout', { method: 'DELETE', schema: userDashboardLayoutSchema }),
    onSuccess: (data) => client.setQueryData(dashboardKeys.layout(), data),
  });
}

/** Sets the facility's default to `layout` (an administrator's: loads the default's version first). */
export function useSaveFacilityLayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (layout: DashboardLayout) => {
      const current = await client.fetchQuery({
        queryKey: dashboardKeys.facilityLayout(),
        queryFn: ({ signal }) =>
          apiRequest('dashboards/default-layout', { schema: facilityDashboardLayoutSchema, signal }),
        staleTime: 0,
      });
      return apiRequest('dashboards/default-layout', {
        method: 'PUT',
        body: layout,
        headers: { 'if-match': `"${current.version}"` },
        schema: facilityDashboardLayoutSchema,
      });
    },
    onSuccess: (data) => client.setQueryData(dashboardKeys.facilityLayout(), data),
  });
}

/**
 * One widget's numbers, its own request (a slow or failing widget holds up no other). Its failure
 * is shown in the widget, so no error toast.
 */
export function useWidget(kind: DashboardWidgetKind) {
  return useQuery({
    queryKey: dashboardKeys.widget(kind),
    queryFn: ({ signal }) =>
      apiRequest(`dashboards/widgets/${kind}`, { schema: dashboardWidgetDataSchema, signal, quiet: () => true }),
    refetchInterval: WIDGET_REFRESH_MS,
    retry: 1,
  });
}
