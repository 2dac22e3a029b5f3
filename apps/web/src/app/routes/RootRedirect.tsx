import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { landsOnMyWork, useMyWork } from '../../features/my-work';
import { useNetwork } from '../../lib/network-state';
import { useSessionContext } from '../../lib/session-context';
import { ContentLoader } from '../../components/ContentLoader';
import { canOpenDashboards, rootRedirectTarget } from './root-redirect';

/** Whether the facility's CustomDashboards module is on; null while not known yet. */
function useCustomDashboards(): boolean | null {
  const context = useSessionContext();
  if (context.isPending) return null;
  // Settings that cannot be loaded count as "off": announcements always work.
  return context.data?.facilitySettings.moduleSettings.CustomDashboards ?? false;
}

/** `/`: My work today for people with work or worklists, else dashboards or announcements (the seed's rule). */
export function RootRedirect() {
  const { networkOnline } = useNetwork();
  const customDashboards = useCustomDashboards();
  const work = useMyWork({ enabled: networkOnline });
  // A failed answer is no work: the seed's pages always open.
  if (networkOnline && (customDashboards === null || work.isPending)) return <ContentLoader />;
  const target = rootRedirectTarget({
    online: networkOnline,
    customDashboards: !!customDashboards,
    hasWork: landsOnMyWork(work.data),
  });
  return <Navigate to={target} replace />;
}

/** `/dashboards` only when online with CustomDashboards on; otherwise back to `/`. */
export function DashboardsGate({ children }: { children: ReactNode }) {
  const { networkOnline } = useNetwork();
  const customDashboards = useCustomDashboards();
  if (networkOnline && customDashboards === null) return <ContentLoader />;
  if (!canOpenDashboards({ online: networkOnline, customDashboards: !!customDashboards }))
    return <Navigate to="/" replace />;
  return children;
}
