import { liveQuery, type Subscription } from 'dexie';
import { syncPushResponseSchema, type SyncCommand } from '@hasp/contracts';
import { browserDatabase, type Owner } from '../../offline-db';
import { authSession, type Session } from '../../lib/auth-session';
import { writeWaitingChanges } from '../../lib/storage';
import { apiRequest, toastForError } from '../../lib/http';
import { networkState } from '../../lib/network-state';
import { countPending, issuesOf } from './outbox-store';
import { queueCommand, type QueuedCommand } from './queue-command';
import { SyncEngine } from './sync-engine';
import { syncState } from './sync-state';
import { recordPersistence } from './storage-quota';

/** A push that has not answered in this time counts as failed (a black-holed network must not hang the pusher). */
const PUSH_TIMEOUT_MS = 60_000;
const PUSH_PATH = 'sync/push';

/** Whose items may be pushed now: the session's connection, facility and user. */
export function ownerOf(session: Session | null): Owner | null {
  return session
    ? { connectionStringName: session.connectionStringName, facilityId: session.facility.ID, userId: session.user.ID }
    : null;
}

/** The push timeout; end-to-end tests may shorten it (a black-holed push must not cost a fault spec a minute). */
function pushTimeoutMs(): number {
  const override = window.__haspEnableTestHooks ? window.__haspSyncPushTimeoutMs : undefined;
  return typeof override === 'number' && override > 0 ? override : PUSH_TIMEOUT_MS;
}

function push(commands: SyncCommand[], signal: AbortSignal) {
  return apiRequest(PUSH_PATH, {
    method: 'POST',
    body: { commands },
    schema: syncPushResponseSchema,
    signal: AbortSignal.any([signal, AbortSignal.timeout(pushTimeoutMs())]),
    // The sync status explains failures; one toast per failure streak is given by onFailure.
    quiet: () => true,
  });
}

function lock(name: string, signal: AbortSignal, task: () => Promise<void>): Promise<void> {
  const locks = 'locks' in navigator ? navigator.locks : undefined;
  return locks ? locks.request(name, { signal }, task) : task();
}

declare global {
  interface Window {
    /** End-to-end tests only (set when `__haspEnableTestHooks` was): queue a change as a screen does. */
    __haspSyncTestHooks?: { queue: (command: QueuedCommand) => Promise<unknown> };
    /** End-to-end tests only (with `__haspEnableTestHooks`): the push timeout in ms (offline-faults spec). */
    __haspSyncPushTimeoutMs?: number;
  }
}

let engine: SyncEngine | null = null;

/** This tab's pusher (null before startRuntime). */
export const syncEngine = (): SyncEngine | null => engine;

/** Starts the pusher once per tab and keeps it following the session and the network. */
export function startRuntime(): () => void {
  if (engine) return () => engine?.kick(true);
  const db = browserDatabase();
  const current = new SyncEngine({
    db,
    push,
    isOnline: networkState.isOnline,
    lock,
    onFailure: (error, first) => {
      if (first) toastForError(PUSH_PATH, error);
    },
  });
  engine = current;
  if (window.__haspEnableTestHooks) {
    window.__haspSyncTestHooks = {
      queue: (command) => {
        const owner = ownerOf(authSession.getState().session);
        if (!owner) return Promise.reject(new Error('Nobody is signed in'));
        return queueCommand(db, owner, command);
      },
    };
  }
  current.subscribe(() => syncState.set({ progress: current.getProgress() }));

  let counts: Subscription | null = null;
  let watched: string | null = null;
  const follow = () => {
    const owner = ownerOf(authSession.getState().session);
    const key = owner ? `${owner.connectionStringName}:${owner.facilityId}:${owner.userId}` : null;
    current.setOwner(owner);
    if (key === watched) return;
    watched = key;
    counts?.unsubscribe();
    counts = null;
    syncState.set({ pending: 0, conflicts: 0, rejected: 0, loaded: false });
    if (!owner) return;
    void recordPersistence(db);
    // Every tab sees the owner's outbox as it changes (Dexie tells other tabs too); a newly queued
    // item wakes the pusher.
    counts = liveQuery(async () => {
      const [pending, issues] = await Promise.all([countPending(db, owner), issuesOf(db, owner)]);
      return {
        pending,
        conflicts: issues.filter((i) => i.status === 'conflict').length,
        rejected: issues.filter((i) => i.status === 'rejected').length,
      };
    }).subscribe({
      next: (value) => {
        syncState.set({ ...value, loaded: true });
        const user = authSession.getState().session?.user;
        // After a restart the login screen says whose changes wait here, before anyone signs in.
        if (user)
          writeWaitingChanges({
            ...owner,
            userName: user.userName,
            displayName: user.displayName,
            count: value.pending,
          });
        if (value.pending > 0) current.kick();
      },
      error: (error: unknown) => console.error('The outbox could not be read', error),
    });
  };
  authSession.subscribe(follow);
  networkState.subscribe(() => current.setOnline(networkState.isOnline()));
  current.setOnline(networkState.isOnline());
  follow();
  return () => current.kick(true);
}
