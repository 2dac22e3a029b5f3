import { lazy } from 'react';

/** The offline outbox and its sync with the server (issue 18): what other features and app/ may use. */
export { deviceIdOf, queueCommand, type QueuedCommand } from './queue-command';
export { isStorageFull } from './storage-quota';
export { SyncStatus } from './components/SyncStatus';
export { startSync, syncNow } from './sync-state';

/** The offline changes panel as a section of a page (the offline dashboard): loaded on first use. */
export const loadSyncPanel = () => import('./components/SyncPanel');
export const SyncIssuesSection = lazy(async () => ({ default: (await loadSyncPanel()).SyncPanel }));
