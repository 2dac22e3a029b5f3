import { useSyncExternalStore } from 'react';
import type { SyncProgress } from './sync-engine';

/** What the top bar's status shows: the pusher's progress and the signed-in owner's outbox counts. */
export interface SyncSnapshot {
  progress: SyncProgress;
  /** Items waiting to be sent (pending or on their way). */
  pending: number;
  conflicts: number;
  rejected: number;
  /** Whether the outbox counts have been read yet (nothing is claimed before). */
  loaded: boolean;
}

let snapshot: SyncSnapshot = {
  progress: { phase: 'signed-out', done: 0, total: 0, retryAt: null, syncedAt: null },
  pending: 0,
  conflicts: 0,
  rejected: 0,
  loaded: false,
};
const listeners = new Set<() => void>();

/**
 * A plain store with no database code, so the top bar can show the status without loading Dexie
 * before the pusher (imported lazily by startSync) has started.
 */
export const syncState = {
  get: (): SyncSnapshot => snapshot,
  set: (change: Partial<SyncSnapshot>): void => {
    snapshot = { ...snapshot, ...change };
    for (const listener of listeners) listener();
  },
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSyncState(): SyncSnapshot {
  return useSyncExternalStore(syncState.subscribe, syncState.get);
}

let started: Promise<void> | null = null;
let pushNow: (() => void) | null = null;

/** Starts this tab's one pusher (idempotent): the runtime is loaded on first use, with Dexie. */
export function startSync(): Promise<void> {
  started ??= import('./sync-runtime').then((runtime) => {
    pushNow = runtime.startRuntime();
  });
  return started;
}

/** "Sync now": pushes at once, even during a back-off wait (still within the failed-push limit). */
export function syncNow(): void {
  void startSync().then(() => pushNow?.());
}
