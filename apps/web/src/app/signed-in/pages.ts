import { lazy } from 'react';

// Each page is its own chunk, as real feature screens will be: the loading overlay covers the wait.
const loadPlannedPage = () => import('../routes/PlannedPage');
const loadOfflinePages = () => import('../routes/OfflinePages');
const loadAnnouncementsPage = () => import('../../features/announcements/components/AnnouncementsPage');

export const PlannedPage = lazy(async () => ({ default: (await loadPlannedPage()).PlannedPage }));
export const TranslationsPage = lazy(async () => ({
  default: (await import('../../features/translations')).TranslationsPage,
}));
export const NotFoundPage = lazy(async () => ({ default: (await import('../routes/NotFoundPage')).NotFoundPage }));
export const UserProfilePage = lazy(async () => ({
  default: (await import('../../features/profile/components/ProfilePage')).ProfilePage,
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
export const PermitIndexPage = lazy(async () => ({ default: (await import('../routes/PermitPages')).PermitIndexPage }));
export const PermitCreatePage = lazy(async () => ({
  default: (await import('../routes/PermitPages')).PermitCreatePage,
}));
export const PermitEditPage = lazy(async () => ({ default: (await import('../routes/PermitPages')).PermitEditPage }));
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
export const PermitTypesPage = lazy(async () => ({
  default: (await import('../routes/PermitTypesRoute')).PermitTypesRoute,
}));
export const GasConfigPage = lazy(async () => ({
  default: (await import('../../features/gas-tests/components/GasConfigPage')).GasConfigPage,
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
 * Loads what going offline opens (the offline pages, and the announcements `/` leads to offline)
 * while the network is still there: the service worker may not have cached them yet.
 */
export function preloadOfflinePages(): void {
  void Promise.all([loadOfflinePages(), loadAnnouncementsPage(), loadPlannedPage()]).catch(() => {
    // Tried again on the navigation itself.
  });
}
