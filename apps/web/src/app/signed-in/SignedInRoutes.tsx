import '../../styles/mantine-full';
import { useEffect, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Route, Routes } from 'react-router';
import { useNetwork } from '../../lib/network-state';
import { useSessionContext } from '../../lib/session-context';
import { MainLayout } from '../layout/MainLayout';
import { createQueryClient } from '../query-client';
import { useInactivitySignOut } from '../layout/use-inactivity-sign-out';
import { clearInactivityNotice } from '../../lib/inactivity-notice';
import { DashboardsGate, RootRedirect } from '../routes/RootRedirect';
import { SyncIssueRedirect } from '../routes/SyncIssueRedirect';
import { plannedRoutes } from '../routes/planned-routes';
import { AcknowledgementGate } from '../../features/abandoned-removals';
import { ConflictViewsContext, type ConflictViews } from '../../features/sync';
import {
  AdministratorPage,
  AssetManagePage,
  AssetPage,
  AssetImportPage,
  LockManagePage,
  ComponentManagePage,
  FacilitySettingsPage,
  ApprovalStagesPage,
  MasterListManagePage,
  QuestionManagePage,
  SettingsManagerPage,
  SettingsTablePage,
  AnnouncementManagerPage,
  GroupManagePage,
  SecurityListsPage,
  PrefixManagePage,
  TagReportLinksPage,
  ReportSettingsPage,
  ReportFilesPage,
  ConnectPage,
  PrintListPage,
  PrintSettingsPage,
  NotificationTemplatesPage,
  PermitTypesPage,
  GasConfigPage,
  SimopsRulesPage,
  AnnouncementsPage,
  NotFoundPage,
  OfflineDashboardPage,
  OfflinePermitCreatePage,
  OfflinePermitIndexPage,
  PermitCreatePage,
  PermitEditConflictView,
  PermitEditPage,
  PermitIndexPage,
  PlannedPage,
  DashboardsPage,
  MyWorkPage,
  StandaloneAnnouncementManager,
  TranslationsPage,
  UserManagePage,
  UserManagementPage,
  UserProfilePage,
} from './pages';

/** Each offline command's conflict view, from the domain that owns the command (the sync panel shows them). */
const conflictViews: ConflictViews = {
  'permit.edit': PermitEditConflictView,
};

/**
 * Every signed-in route (seed section 2), relative to `/`, and what holds for all of them: the
 * inactivity sign-out. This whole table loads after sign-in, so none of it weighs on the login route.
 */
export function SignedInRoutes() {
  // One server-state cache per sign-in: a new sign-in never sees the last user's answers.
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ConflictViewsContext.Provider value={conflictViews}>
        <SignedInArea />
      </ConflictViewsContext.Provider>
    </QueryClientProvider>
  );
}

function SignedInArea() {
  const { networkOnline } = useNetwork();
  const context = useSessionContext();
  useInactivitySignOut(context.data?.facilitySettings.generalSettings.loginTimeout, networkOnline);
  // Signed in again: the last inactivity warning is old news.
  useEffect(() => clearInactivityNotice(), []);

  // A user who must change their password does that first: the server answers nothing else until
  // then (the removals either), and the gate asks once the password is changed.
  if (context.data?.mustChangePassword) return <SignedInRouteTable />;
  // OSHA 1910.147 (e)(3)(iii): a removed lock or tag is acknowledged before any route renders.
  return (
    <AcknowledgementGate>
      <SignedInRouteTable />
    </AcknowledgementGate>
  );
}

function SignedInRouteTable() {
  return (
    <Routes>
      {/* The seed's top-level announcement-manager route: outside the main layout, sign-in still required. */}
      <Route path="announcement-manager/*" element={<StandaloneAnnouncementManager />} />
      <Route element={<MainLayout />}>
        <Route index element={<RootRedirect />} />
        <Route
          path="dashboards"
          element={
            <DashboardsGate>
              <DashboardsPage />
            </DashboardsGate>
          }
        />
        <Route path="my-work" element={<MyWorkPage />} />
        <Route path="offline/dashboard" element={<OfflineDashboardPage />} />
        <Route path="offline/permit/:permitType/index" element={<OfflinePermitIndexPage />} />
        <Route path="offline/permit/:permitType/create" element={<OfflinePermitCreatePage />} />
        <Route path="offline/sync-issues/:issueId" element={<SyncIssueRedirect />} />
        <Route path="index" element={<PermitIndexPage />} />
        <Route path="Permit/Create/:permitType" element={<PermitCreatePage />} />
        {/* Edit pages hold an attachments outlet below them (no loading overlay there). */}
        <Route path="Permit/Edit/:permitId/*" element={<PermitEditPage />} />
        <Route path="user-profile" element={<UserProfilePage />} />
        <Route path="announcements" element={<AnnouncementsPage />} />
        <Route path="announcement-manager" element={<AnnouncementManagerPage />} />
        {/* Guarded inside, as planned right-nav pages are: facility switch and right-nav permission. */}
        <Route path="translations" element={<TranslationsPage />} />
        <Route path="admin" element={<AdministratorPage />} />
        <Route path="security/user-manage" element={<UserManagePage />} />
        <Route path="admin/user-management" element={<UserManagementPage />} />
        <Route path="security/group-manage" element={<GroupManagePage />} />
        <Route path="security/lists" element={<SecurityListsPage />} />
        <Route path="masterlist/prefix-manage" element={<PrefixManagePage />} />
        <Route path="configuration/tag-report-links" element={<TagReportLinksPage />} />
        <Route path="report/report-settings" element={<ReportSettingsPage />} />
        <Route path="report/report-files" element={<ReportFilesPage />} />
        <Route path="admin/connect" element={<ConnectPage />} />
        <Route path="printlist" element={<PrintListPage />} />
        <Route path="printlist/print-settings" element={<PrintSettingsPage />} />
        <Route path="notifications-manager" element={<NotificationTemplatesPage />} />
        <Route path="admin/permit-types" element={<PermitTypesPage />} />
        <Route path="admin/gas-tests" element={<GasConfigPage />} />
        <Route path="admin/simops-rules" element={<SimopsRulesPage />} />
        <Route path="admin/settings-manager/facility" element={<SettingsManagerPage />} />
        <Route path="admin/settings" element={<SettingsTablePage />} />
        <Route path="facility-settings" element={<FacilitySettingsPage />} />
        <Route path="facility-settings/approval-stages" element={<ApprovalStagesPage />} />
        <Route path="assets/manage" element={<AssetManagePage />} />
        <Route path="assets/manage/:assetId" element={<AssetPage />} />
        <Route path="assets/components-manage" element={<ComponentManagePage />} />
        <Route path="assets/import-files" element={<AssetImportPage />} />
        <Route path="assets/locks" element={<LockManagePage />} />
        <Route path="masterlist/manage" element={<MasterListManagePage />} />
        <Route path="question-manager" element={<QuestionManagePage />} />
        {plannedRoutes.map((route) => (
          <Route key={route.path} path={route.path} element={<PlannedPage route={route} />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
