import { SYNC_PUSH_MAX, type SyncCommand, type SyncPushResponse } from '@hasp/contracts';
import { ownerKey, type HaspDatabase, type Owner } from '../../offline-db';
import { backoffDelay, FailureWindow } from './backoff';
import {
  applyResults,
  countPending,
  markPending,
  markSending,
  pendingBatch,
  resetSending,
  toSyncCommand,
} from './outbox-store';

/** Where the pusher stands, for the status in the top bar. */
export interface SyncProgress {
  phase: 'idle' | 'syncing' | 'retrying' | 'offline' | 'signed-out';
  /** Items answered in the current run, and all the run has to send (it grows when items are queued meanwhile). */
  done: number;
  total: number;
  /** When the next attempt is due (epoch ms), while retrying. */
  retryAt: number | null;
  /** The last push's server time ("synced at"), never the device clock. */
  syncedAt: string | null;
}

export interface SyncEngineDeps {
  db: HaspDatabase;
  /** Sends one push; throws on a network failure, a timeout, an abort or an HTTP error. */
  push: (commands: SyncCommand[], signal: AbortSignal) => Promise<SyncPushResponse>;
  isOnline: () => boolean;
  /** Runs `task` holding the owner's sync lock across tabs (Web Locks), or directly where there is none. */
  lock?: (name: string, signal: AbortSignal, task: () => Promise<void>) => Promise<void>;
  now?: () => number;
  random?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  /** Told about each failed push; `first` is true for the first failure after a success (one toast per streak). */
  onFailure?: (error: unknown, first: boolean) => void;
}

const sameOwner = (a: Owner | null, b: Owner | null) => (a && b ? ownerKey(a) === ownerKey(b) : a === b);
const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * The outbox pusher (decision 0057). It pushes the signed-in owner's pending items in
 * device-sequence order, at most SYNC_PUSH_MAX per push, only while online; never another owner's
 * (never another user's items): the owner is checked right before each push, synchronously with the send, and a switch
 * to another owner aborts an in-flight push (the server keeps what it applied; the next push of
 * that owner gets the same answers back). Failures back off with jitter (1 s … 5 min) and at most
 * FAILURES_PER_MINUTE failed pushes go out in any minute, whatever wakes the pusher (no hot loop under network faults).
 */
export class SyncEngine {
  private owner: Owner | null = null;
  private online: boolean;
  private running = false;
  private again = false;
  private controller: AbortController | null = null;
  private runOwner: Owner | null = null;
  private timer: unknown = null;
  private failures = 0;
  private readonly window = new FailureWindow();
  private progress: SyncProgress = { phase: 'signed-out', done: 0, total: 0, retryAt: null, syncedAt: null };
  private readonly listeners = new Set<() => void>();
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly setTimer: (run: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;

  constructor(private readonly deps: SyncEngineDeps) {
    this.online = deps.isOnline();
    this.now = deps.now ?? Date.now;
    this.random = deps.random ?? Math.random;
    this.setTimer = deps.setTimer ?? ((run, ms) => setTimeout(run, ms));
    this.clearTimer = deps.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  }

  getProgress = (): SyncProgress => this.progress;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The signed-in owner (null when signed out). A change stops the current owner's pushing at once. */
  setOwner(owner: Owner | null): void {
    if (sameOwner(owner, this.owner)) return;
    this.owner = owner;
    this.cancelTimer();
    this.failures = 0;
    this.again = false;
    // A push in flight for the previous owner: aborted when someone else signs in (its 401 retry
    // would otherwise carry the new user's token); after a plain sign-out its answer is still applied.
    if (owner && this.runOwner && !sameOwner(owner, this.runOwner)) this.controller?.abort();
    this.publish({ phase: this.restingPhase(), done: 0, total: 0, retryAt: null });
    if (owner) this.kick(true);
  }

  /** The network flag (browser events and the user's offline toggle). */
  setOnline(online: boolean): void {
    if (online === this.online) return;
    this.online = online;
    if (!online) {
      this.cancelTimer();
      this.publish({ phase: this.restingPhase(), retryAt: null });
      return;
    }
    this.kick(true);
  }

  /**
   * Something may need sending. `urgent` (sign-in, back online, "Sync now") runs now even during a
   * back-off wait; a new queued item only runs when the pusher is not waiting (the timer will).
   */
  kick(urgent = false): void {
    if (!this.owner || !this.online) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer !== null && !urgent) return;
    const wait = this.window.waitBefore(this.now());
    if (wait > 0) {
      this.schedule(wait);
      return;
    }
    this.cancelTimer();
    void this.run();
  }

  /** Stops for good (tests, sign-out of the tab). */
  stop(): void {
    this.owner = null;
    this.cancelTimer();
    this.controller?.abort();
  }

  /** Resolves once no run is going on (tests). */
  async settled(): Promise<void> {
    while (this.running) await new Promise((resolve) => setTimeout(resolve, 1));
  }

  private restingPhase(): SyncProgress['phase'] {
    if (!this.owner) return 'signed-out';
    return this.online ? 'idle' : 'offline';
  }

  private publish(change: Partial<SyncProgress>): void {
    this.progress = { ...this.progress, ...change };
    for (const listener of this.listeners) listener();
  }

  private cancelTimer(): void {
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
  }

  private schedule(ms: number): void {
    this.cancelTimer();
    this.timer = this.setTimer(() => {
      this.timer = null;
      this.kick();
    }, ms);
  }

  private isCurrent(owner: Owner, signal: AbortSignal): boolean {
    return !signal.aborted && this.online && sameOwner(owner, this.owner);
  }

  private async run(): Promise<void> {
    const owner = this.owner;
    if (!owner) return;
    this.running = true;
    this.again = false;
    const controller = new AbortController();
    this.controller = controller;
    this.runOwner = owner;
    const lock = this.deps.lock ?? ((_name, _signal, task) => task());
    try {
      await lock(`hasp-sync:${ownerKey(owner)}`, controller.signal, () => this.drain(owner, controller.signal));
    } catch (error) {
      if (!isAbort(error)) this.failed(error);
    } finally {
      this.running = false;
      this.controller = null;
      this.runOwner = null;
      if (this.again) this.kick();
    }
  }

  private async drain(owner: Owner, signal: AbortSignal): Promise<void> {
    const { db } = this.deps;
    await resetSending(db, owner);
    let done = 0;
    for (;;) {
      if (!this.isCurrent(owner, signal)) return;
      const batch = await pendingBatch(db, owner, SYNC_PUSH_MAX);
      if (batch.length === 0) {
        this.failures = 0;
        if (sameOwner(owner, this.owner)) this.publish({ phase: this.restingPhase(), retryAt: null });
        return;
      }
      const total = done + (await countPending(db, owner));
      this.publish({ phase: 'syncing', done, total, retryAt: null });
      await markSending(db, batch, new Date(this.now()).toISOString());
      // Checked again right before the send, with no await in between: the request carries the
      // token of whoever is signed in at this instant, and it must be this batch's owner.
      if (!this.isCurrent(owner, signal)) {
        await markPending(db, batch);
        return;
      }
      let response: SyncPushResponse;
      try {
        response = await this.deps.push(batch.map(toSyncCommand), signal);
      } catch (error) {
        await markPending(db, batch);
        if (!isAbort(error) || !signal.aborted) this.failed(error);
        return;
      }
      const counts = await applyResults(db, batch, response.results, new Date(this.now()).toISOString());
      done += batch.length - counts.deferred;
      this.publish({ done, syncedAt: response.syncedAt });
      if (counts.deferred > 0) {
        // The server waits for a predecessor it has not seen: send again after a pause, not at once.
        this.failed(new Error(`${counts.deferred} changes were deferred by the server`), false);
        return;
      }
      this.failures = 0;
    }
  }

  private failed(error: unknown, notify = true): void {
    this.failures += 1;
    const now = this.now();
    this.window.record(now);
    if (notify) this.deps.onFailure?.(error, this.failures === 1);
    if (!this.owner || !this.online) {
      this.publish({ phase: this.restingPhase(), retryAt: null });
      return;
    }
    const wait = Math.max(backoffDelay(this.failures, this.random), this.window.waitBefore(now));
    this.publish({ phase: 'retrying', retryAt: now + wait });
    this.schedule(wait);
  }
}
