import { dashboardsTitles } from '@hasp/contracts';
import { Page } from '../../components/Page';
import { Dashboard } from '../../features/dashboards';
import { useCaptions } from '../../lib/i18n';

/** `/dashboards` (behind DashboardsGate: online, CustomDashboards on): the user's widgets. */
export function DashboardsPage() {
  const t = useCaptions();
  return (
    <Page title={t(dashboardsTitles.page)} lead={t(dashboardsTitles.lead)}>
      <Dashboard />
    </Page>
  );
}
