import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
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

/** `/`: dashboards or announcements, by the seed's rule. */
export function RootRedirect() {
  const { networkOnline } = useNetwork();
  const customDashboards = useCustomDashboards();
  if (networkOnline && customDashboards === null) return <ContentLoader />;
  return <Navigate to={rootRedirectTarget({ online: networkOnline, customDashboards: !!customDashboards })} replace />;
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
