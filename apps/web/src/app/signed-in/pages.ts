import { lazy } from 'react';

// Each page is its own chunk, as real feature screens will be: the loading overlay covers the wait.
const loadPlannedPage = () => import('../routes/PlannedPage');
const loadOfflinePages = () => import('../routes/OfflinePages');

export const PlannedPage = lazy(async () => ({ default: (await loadPlannedPage()).PlannedPage }));
export const NotFoundPage = lazy(async () => ({ default: (await import('../routes/NotFoundPage')).NotFoundPage }));
export const UserProfilePage = lazy(async () => ({
  default: (await import('../routes/UserProfilePage')).UserProfilePage,
}));
export const OfflineDashboardPage = lazy(async () => ({ default: (await loadOfflinePages()).OfflineDashboardPage }));
export const OfflinePermitIndexPage = lazy(async () => ({
  default: (await loadOfflinePages()).OfflinePermitIndexPage,
}));
export const OfflinePermitCreatePage = lazy(async () => ({
  default: (await loadOfflinePages()).OfflinePermitCreatePage,
}));
export const PermitIndexPage = lazy(async () => ({ default: (await import('../routes/PermitPages')).PermitIndexPage }));
export const PermitCreatePage = lazy(async () => ({
  default: (await import('../routes/PermitPages')).PermitCreatePage,
}));
export const PermitEditPage = lazy(async () => ({ default: (await import('../routes/PermitPages')).PermitEditPage }));
export const StandaloneAnnouncementManager = lazy(async () => ({
  default: (await import('../routes/StandaloneAnnouncementManager')).StandaloneAnnouncementManager,
}));

/**
 * Loads what going offline opens (the offline pages, and the announcements `/` leads to offline)
 * while the network is still there: the service worker may not have cached them yet.
 */
export function preloadOfflinePages(): void {
  void Promise.all([loadOfflinePages(), loadPlannedPage()]).catch(() => {
    // Tried again on the navigation itself.
  });
}
