import { useCallback, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { dashboardsLabels, dashboardsTitles, type DashboardLayout, type UserDashboardLayout } from '@hasp/contracts';
import { ApiRequestError } from '../../../lib/http';
import { useCaptions } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { putLayout } from './dashboards-api';
import { dashboardKeys } from './keys';

/**
 * Saves the caller's layout as they arrange it: shown at once, sent one save at a time (each with
 * the version the last one gave, so a drag during a save is sent after it, never a false 409); the
 * latest arrangement wins. A save another window made first (409) reloads the dashboard and says so.
 */
export function useLayoutSaver(): (layout: DashboardLayout) => void {
  const client = useQueryClient();
  const t = useCaptions();
  const state = useRef<{ saving: boolean; wanted: DashboardLayout | null }>({ saving: false, wanted: null });

  const flush = useCallback(async () => {
    const s = state.current;
    s.saving = true;
    try {
      while (s.wanted) {
        const layout = s.wanted;
        s.wanted = null;
        const version = client.getQueryData<UserDashboardLayout>(dashboardKeys.layout())?.version ?? 0;
        try {
          const saved = await putLayout(layout, version);
          client.setQueryData<UserDashboardLayout>(dashboardKeys.layout(), (current) =>
            s.wanted && current ? { ...current, version: saved.version } : saved,
          );
        } catch (error) {
          s.wanted = null;
          const conflict = error instanceof ApiRequestError && error.status === 409;
          showToast({
            title: t(dashboardsTitles.page),
            message: t(conflict ? dashboardsLabels.conflict : dashboardsLabels.saveFailed),
            tone: conflict ? 'warning' : 'error',
          });
          await client.invalidateQueries({ queryKey: dashboardKeys.layout() });
        }
      }
    } finally {
      s.saving = false;
    }
  }, [client, t]);

  return useCallback(
    (layout: DashboardLayout) => {
      client.setQueryData<UserDashboardLayout>(dashboardKeys.layout(), (current) =>
        current ? { ...current, layout, source: 'user' } : current,
      );
      state.current.wanted = layout;
      if (!state.current.saving) void flush();
    },
    [client, flush],
  );
}
