import { loadSyncPanel, loadSyncRuntime } from '../../features/sync';
import { lazyPage } from '../../lib/code-loading';

// Each page is its own chunk, as real feature screens will be: the loading overlay covers the wait.
const loadPlannedPage = () => import('../routes/PlannedPage');
const loadOfflinePages = () => import('../routes/OfflinePages');
const loadAnnouncementsPage = () => import('../../features/announcements/components/AnnouncementsPage');
const loadPermitPages = () => import('../routes/PermitPages');

export const PlannedPage = lazyPage(async () => ({ default: (await loadPlannedPage()).PlannedPage }));
export const TranslationsPage = lazyPage(async () => ({
  default: (await import('../../features/translations')).TranslationsPage,
}));
export const NotFoundPage = lazyPage(async () => ({ default: (await import('../routes/NotFoundPage')).NotFoundPage }));
export const UserProfilePage = lazyPage(async () => ({
  default: (await import('../routes/UserProfileRoute')).UserProfileRoute,
}));
export const OfflineDashboardPage = lazyPage(async () => ({
  default: (await loadOfflinePages()).OfflineDashboardPage,
}));
export const OfflinePermitIndexPage = lazyPage(async () => ({
  default: (await loadOfflinePages()).OfflinePermitIndexPage,
}));
// With the permit pages' code, not the offline dashboard's: the dashboard is loaded before a session
// starts, and must not bring the permit pages with it.
export const OfflinePermitCreatePage = lazyPage(async () => ({
  default: (await loadPermitPages()).OfflinePermitCreatePage,
}));
export const DashboardsPage = lazyPage(async () => ({
  default: (await import('../dashboards/DashboardsPage')).DashboardsPage,
}));
// Offline too: `/my-work` shows the permits held from the device's copies (with the offline pages' code).
const loadMyWorkRoute = () => import('../routes/MyWorkRoute');
export const MyWorkPage = lazyPage(async () => ({ default: (await loadMyWorkRoute()).MyWorkRoute }));
export const PermitIndexPage = lazyPage(async () => ({
  default: (await import('../routes/PermitIndexRoute')).PermitIndexPage,
}));
export const PermitCreatePage = lazyPage(async () => ({ default: (await loadPermitPages()).PermitCreatePage }));
export const PermitEditPage = lazyPage(async () => ({ default: (await loadPermitPages()).PermitEditPage }));
export const PermitEditConflictView = lazyPage(async () => ({
  default: (await loadPermitPages()).PermitEditConflictView,
}));
export const AnnouncementsPage = lazyPage(async () => ({ default: (await loadAnnouncementsPage()).AnnouncementsPage }));
export const AnnouncementManagerPage = lazyPage(async () => ({
  default: (await import('../../features/announcements/components/AnnouncementManagerPage')).AnnouncementManagerPage,
}));
export const AdministratorPage = lazyPage(async () => ({
  default: (await import('../../features/administrator')).AdministratorPage,
}));
export const UserManagePage = lazyPage(async () => ({
  default: (await import('../../features/user-manage/components/UserManagePage')).UserManagePage,
}));
export const UserManagementPage = lazyPage(async () => ({
  default: (await import('../../features/user-management/components/UserManagementPage')).UserManagementPage,
}));
export const MustChangePasswordScreen = lazyPage(async () => ({
  default: (await import('../../features/user-manage/components/MustChangePasswordScreen')).MustChangePasswordScreen,
}));
export const StandaloneAnnouncementManager = lazyPage(async () => ({
  default: (await import('../routes/StandaloneAnnouncementManager')).StandaloneAnnouncementManager,
}));

export const GroupManagePage = lazyPage(async () => ({
  default: (await import('../../features/group-manage')).GroupManagePage,
}));
export const SecurityListsPage = lazyPage(async () => ({
  default: (await import('../../features/security-lists')).SecurityListsPage,
}));
export const PrefixManagePage = lazyPage(async () => ({
  default: (await import('../../features/numbering')).PrefixManagePage,
}));
export const TagReportLinksPage = lazyPage(async () => ({
  default: (await import('../../features/tag-report-links')).TagReportLinksPage,
}));
export const ReportSettingsPage = lazyPage(async () => ({
  default: (await import('../../features/reports')).ReportSettingsPage,
}));
export const ConnectPage = lazyPage(async () => ({
  default: (await import('../../features/connect')).ConnectPage,
}));
export const ReportFilesPage = lazyPage(async () => ({
  default: (await import('../../features/reports')).ReportFilesPage,
}));
export const PrintListPage = lazyPage(async () => ({
  default: (await import('../../features/printing')).PrintListPage,
}));
export const PrintSettingsPage = lazyPage(async () => ({
  default: (await import('../../features/printing')).PrintSettingsPage,
}));
export const NotificationTemplatesPage = lazyPage(async () => ({
  default: (await import('../../features/notification-templates')).NotificationTemplatesPage,
}));
export const PermitTypesPage = lazyPage(async () => ({
  default: (await import('../routes/PermitTypesRoute')).PermitTypesRoute,
}));
export const GasConfigPage = lazyPage(async () => ({
  default: (await import('../../features/gas-tests/components/GasConfigPage')).GasConfigPage,
}));
export const SimopsRulesPage = lazyPage(async () => ({
  default: (await import('../../features/simops/components/SimopsRulesPage')).SimopsRulesPage,
}));
export const SettingsManagerPage = lazyPage(async () => ({
  default: (await import('../../features/admin-settings/components/SettingsManagerPage')).SettingsManagerPage,
}));
export const SettingsTablePage = lazyPage(async () => ({
  default: (await import('../../features/admin-settings/components/SettingsTablePage')).SettingsTablePage,
}));
export const ApprovalStagesPage = lazyPage(async () => ({
  default: (await import('../../features/signatures')).ApprovalStagesPage,
}));
export const FacilitySettingsPage = lazyPage(async () => ({
  default: (await import('../../features/facility-profile/components/FacilitySettingsPage')).FacilitySettingsPage,
}));
export const ComponentManagePage = lazyPage(async () => ({
  default: (await import('../../features/asset-components')).ComponentManagePage,
}));
export const AssetImportPage = lazyPage(async () => ({
  default: (await import('../../features/asset-import')).AssetImportPage,
}));
export const LockManagePage = lazyPage(async () => ({
  default: (await import('../../features/locks')).LockManagePage,
}));
export const AssetManagePage = lazyPage(async () => ({
  default: (await import('../../features/assets')).AssetManagePage,
}));
export const AssetPage = lazyPage(async () => ({ default: (await import('../../features/assets')).AssetPage }));
export const MasterListManagePage = lazyPage(async () => ({
  default: (await import('../routes/MasterListManageRoute')).MasterListManageRoute,
}));
export const QuestionManagePage = lazyPage(async () => ({
  default: (await import('../../features/questions')).QuestionManagePage,
}));

/**
 * What the signed-in app needs before a session starts (a sign-in sends its request only once it is
 * loaded): the offline dashboard and its sync panel, the sync runtime and the browser database, the
 * landing page of a worker, the not-found page, the toasts an offline page may show. With these in
 * memory, a network lost the moment the sign-in answer arrives still leaves the user on the offline
 * dashboard, never an error page.
 */
const signedInEssentials: ReadonlyArray<() => Promise<unknown>> = [
  loadOfflinePages,
  loadSyncPanel,
  loadSyncRuntime,
  loadMyWorkRoute,
  () => import('../routes/NotFoundPage'),
  () => import('../../lib/toast-host'),
  () => import('../../offline-db'),
];

export const loadSignedInEssentials = (): Promise<unknown> => Promise.all(signedInEssentials.map((load) => load()));

/**
 * Everything a user may open with no network, loaded while the network is still there:
 * the essentials above, the permit page with its sections and its lazy editor, the announcements `/`
 * leads to offline, the planned pages, and Dexie. The service worker precaches all of it too, but it
 * installs only once the app is stable (30 s at the latest): this covers the first session. Each
 * import is the very one the routes use, so it fills the same module cache.
 */
export const offlineCode: ReadonlyArray<() => Promise<unknown>> = [
  ...signedInEssentials,
  loadPermitPages,
  loadAnnouncementsPage,
  loadPlannedPage,
  () => import('../../components/rich-text-editor/QuillEditor'),
  // A tag card's QR code encoder (loaded by the card when it draws one).
  () => import('qrcode'),
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
