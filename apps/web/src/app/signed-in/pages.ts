import { loadSyncPanel } from '../../features/sync';
import { lazy } from 'react';

// Each page is its own chunk, as real feature screens will be: the loading overlay covers the wait.
const loadPlannedPage = () => import('../routes/PlannedPage');
const loadOfflinePages = () => import('../routes/OfflinePages');
const loadAnnouncementsPage = () => import('../../features/announcements/components/AnnouncementsPage');
const loadPermitPages = () => import('../routes/PermitPages');

export const PlannedPage = lazy(async () => ({ default: (await loadPlannedPage()).PlannedPage }));
export const TranslationsPage = lazy(async () => ({
  default: (await import('../../features/translations')).TranslationsPage,
}));
export const NotFoundPage = lazy(async () => ({ default: (await import('../routes/NotFoundPage')).NotFoundPage }));
export const UserProfilePage = lazy(async () => ({
  default: (await import('../routes/UserProfileRoute')).UserProfileRoute,
}));
export const OfflineDashboardPage = lazy(async () => ({ default: (await loadOfflinePages()).OfflineDashboardPage }));
export const OfflinePermitIndexPage = lazy(async () => ({
  default: (await loadOfflinePages()).OfflinePermitIndexPage,
}));
export const OfflinePermitCreatePage = lazy(async () => ({
  default: (await loadOfflinePages()).OfflinePermitCreatePage,
}));
export const DashboardsPage = lazy(async () => ({
  default: (await import('../dashboards/DashboardsPage')).DashboardsPage,
}));
// Offline too: `/my-work` shows the permits held from the device's copies (with the offline pages' code).
const loadMyWorkRoute = () => import('../routes/MyWorkRoute');
export const MyWorkPage = lazy(async () => ({ default: (await loadMyWorkRoute()).MyWorkRoute }));
export const PermitIndexPage = lazy(async () => ({ default: (await loadPermitPages()).PermitIndexPage }));
export const PermitCreatePage = lazy(async () => ({ default: (await loadPermitPages()).PermitCreatePage }));
export const PermitEditPage = lazy(async () => ({ default: (await loadPermitPages()).PermitEditPage }));
export const AnnouncementsPage = lazy(async () => ({ default: (await loadAnnouncementsPage()).AnnouncementsPage }));
export const AnnouncementManagerPage = lazy(async () => ({
  default: (await import('../../features/announcements/components/AnnouncementManagerPage')).AnnouncementManagerPage,
}));
export const AdministratorPage = lazy(async () => ({
  default: (await import('../../features/administrator')).AdministratorPage,
}));
export const UserManagePage = lazy(async () => ({
  default: (await import('../../features/user-manage/components/UserManagePage')).UserManagePage,
}));
export const UserManagementPage = lazy(async () => ({
  default: (await import('../../features/user-management/components/UserManagementPage')).UserManagementPage,
}));
export const MustChangePasswordScreen = lazy(async () => ({
  default: (await import('../../features/user-manage/components/MustChangePasswordScreen')).MustChangePasswordScreen,
}));
export const StandaloneAnnouncementManager = lazy(async () => ({
  default: (await import('../routes/StandaloneAnnouncementManager')).StandaloneAnnouncementManager,
}));

export const GroupManagePage = lazy(async () => ({
  default: (await import('../../features/group-manage')).GroupManagePage,
}));
export const SecurityListsPage = lazy(async () => ({
  default: (await import('../../features/security-lists')).SecurityListsPage,
}));
export const PrefixManagePage = lazy(async () => ({
  default: (await import('../../features/numbering')).PrefixManagePage,
}));
export const TagReportLinksPage = lazy(async () => ({
  default: (await import('../../features/tag-report-links')).TagReportLinksPage,
}));
export const ReportSettingsPage = lazy(async () => ({
  default: (await import('../../features/reports')).ReportSettingsPage,
}));
export const ConnectPage = lazy(async () => ({
  default: (await import('../../features/connect')).ConnectPage,
}));
export const ReportFilesPage = lazy(async () => ({
  default: (await import('../../features/reports')).ReportFilesPage,
}));
export const PrintListPage = lazy(async () => ({
  default: (await import('../../features/printing')).PrintListPage,
}));
export const PrintSettingsPage = lazy(async () => ({
  default: (await import('../../features/printing')).PrintSettingsPage,
}));
export const NotificationTemplatesPage = lazy(async () => ({
  default: (await import('../../features/notification-templates')).NotificationTemplatesPage,
}));
export const PermitTypesPage = lazy(async () => ({
  default: (await import('../routes/PermitTypesRoute')).PermitTypesRoute,
}));
export const GasConfigPage = lazy(async () => ({
  default: (await import('../../features/gas-tests/components/GasConfigPage')).GasConfigPage,
}));
export const SimopsRulesPage = lazy(async () => ({
  default: (await import('../../features/simops/components/SimopsRulesPage')).SimopsRulesPage,
}));
export const SettingsManagerPage = lazy(async () => ({
  default: (await import('../../features/admin-settings/components/SettingsManagerPage')).SettingsManagerPage,
}));
export const SettingsTablePage = lazy(async () => ({
  default: (await import('../../features/admin-settings/components/SettingsTablePage')).SettingsTablePage,
}));
export const ApprovalStagesPage = lazy(async () => ({
  default: (await import('../../features/signatures')).ApprovalStagesPage,
}));
export const FacilitySettingsPage = lazy(async () => ({
  default: (await import('../../features/facility-profile/components/FacilitySettingsPage')).FacilitySettingsPage,
}));
export const ComponentManagePage = lazy(async () => ({
  default: (await import('../../features/asset-components')).ComponentManagePage,
}));
export const AssetImportPage = lazy(async () => ({
  default: (await import('../../features/asset-import')).AssetImportPage,
}));
export const LockManagePage = lazy(async () => ({
  default: (await import('../../features/locks')).LockManagePage,
}));
export const AssetManagePage = lazy(async () => ({
  default: (await import('../../features/assets')).AssetManagePage,
}));
export const AssetPage = lazy(async () => ({ default: (await import('../../features/assets')).AssetPage }));
export const MasterListManagePage = lazy(async () => ({
  default: (await import('../routes/MasterListManageRoute')).MasterListManageRoute,
}));
export const QuestionManagePage = lazy(async () => ({
  default: (await import('../../features/questions')).QuestionManagePage,
}));

/**
 * Everything a user may open with no network, loaded while the network is still there (issue 18):
 * the offline pages, the permit page with its sections and its lazy editor, the announcements `/`
 * leads to offline, the planned pages, and the browser database. The service worker precaches all
 * of it too, but it installs only once the app is stable (30 s at the latest): this covers the first
 * session. Each import is the very one the routes use, so it fills the same module cache.
 */
export const offlineCode: ReadonlyArray<() => Promise<unknown>> = [
  loadOfflinePages,
  loadPermitPages,
  loadMyWorkRoute,
  loadAnnouncementsPage,
  loadPlannedPage,
  () => import('../routes/NotFoundPage'),
  // The offline dashboard's panel of changes needing attention, and the toasts an offline page may show.
  loadSyncPanel,
  () => import('../../lib/toast-host'),
  () => import('../../components/rich-text-editor/QuillEditor'),
  () => import('../../offline-db'),
  () => import('dexie'),
];

let preloaded: Promise<void> | null = null;

/** Loads the offline code once per page load; a failed load is tried again on the next call. */
export function preloadOfflinePages(): Promise<void> {
  preloaded ??= Promise.all(offlineCode.map((load) => load())).then(
    () => {
      // Says so on the page (tests wait for it; the network may go from here on).
      document.documentElement.dataset.offlineCode = 'ready';
    },
    () => {
      // Tried again on the next call, and on the navigation itself.
      preloaded = null;
    },
  );
  return preloaded;
}
