// The offline outbox and its sync with the server.

// What other features and app/ may use.

import { lazyPage } from '../../lib/code-loading';

export { deviceIdOf, queueCommand, type QueuedCommand } from './queue-command';
export { isStorageFull } from './storage-quota';
export { SyncStatus } from './components/SyncStatus';
export { startSync, syncNow } from './sync-state';

/** The offline changes panel as a section of a page (the offline dashboard): loaded on first use. */
export const loadSyncPanel = () => import('./components/SyncPanel');
/** The pusher's code (loaded on the first sync, or before a session starts). */
export const loadSyncRuntime = () => import('./sync-runtime');
export const SyncIssuesSection = lazyPage(async () => ({ default: (await loadSyncPanel()).SyncPanel }));
/** The per-command conflict views app/ composes from the domains that own the commands. */
export { ConflictViewsContext, type ConflictViewProps, type ConflictViews } from './model/conflict-views';
