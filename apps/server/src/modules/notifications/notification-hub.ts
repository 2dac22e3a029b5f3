import type { Notification } from '@hasp/contracts';
import type { ChangeHandler, ChangeListeners } from '../../db/change-listener';
import type { Connection, ConnectionRegistry } from '../../db/connections';
import { SESSION_CHANNEL } from '../../plugins/access-cache';
import { CONTEXT_CHANNEL } from '../permissions';
import { DASHBOARD_CHANNEL, DASHBOARD_SIGNAL_MS, SignalThrottle } from './dashboard-signal';
import { findNotificationById, type Inbox } from './notification.repository';

/** One open stream: whose inbox, and what to do when something happens to it. */
export interface Subscriber extends Inbox {
  send: (notification: Notification) => void;
  /** Called when the facility's permissions or security settings change (reload the session context). */
  contextChanged?: () => void;
  /** Called when something the facility's dashboard widgets count changed (at most once a second). */
  dashboardChanged?: () => void;
  /** Whether the sign-in behind the stream is still valid (asked again when it may have ended). */
  isSessionValid: () => Promise<boolean>;
  /** Ends the stream: its sign-in has ended. */
  endSession: () => void;
}

/** Where the notifications table's trigger announces a new row. */
export const NOTIFICATION_CHANNEL = 'hasp_notification';

/**
 * Fans new notifications out to open browsers. Each connection's database NOTIFYs at commit
 * (a trigger on the notifications table); the process's one LISTEN client per connection
 * (ChangeListeners, shared with the access cache) hears it, so a notification written by any
 * server process reaches subscribers on every process.
 */
export class NotificationHub implements ChangeHandler {
  private readonly subscribers = new Map<string, Set<Subscriber>>();
  private readonly dashboardSignals = new SignalThrottle(DASHBOARD_SIGNAL_MS);

  constructor(
    private readonly registry: ConnectionRegistry,
    private readonly listeners: ChangeListeners,
    private readonly log: (message: string, error?: unknown) => void,
  ) {
    listeners.addHandler(this);
  }

  /**
   * Registers a subscriber; returns the function that removes it. Resolves once LISTEN is in place
   * and the sign-in was checked again after that (a sign-out committed in between is not missed).
   * Resolves undefined, without registering, when the sign-in has ended.
   */
  async subscribe(connectionName: string, subscriber: Subscriber): Promise<(() => void) | undefined> {
    const connection = this.registry.find(connectionName);
    if (!connection) throw new Error(`unknown connection ${connectionName}`);
    const key = connection.name;
    const set = this.subscribers.get(key) ?? new Set<Subscriber>();
    this.subscribers.set(key, set);
    set.add(subscriber);
    await this.listeners.ensure(connection);
    if (!(await subscriber.isSessionValid())) {
      set.delete(subscriber);
      return undefined;
    }
    return () => set.delete(subscriber);
  }

  subscriberCount(): number {
    return [...this.subscribers.values()].reduce((n, set) => n + set.size, 0);
  }

  /** Forgets every subscriber (the server is closing; the shared listener is stopped by its owner). */
  stop(): void {
    this.subscribers.clear();
    this.dashboardSignals.stop();
  }

  notify(connection: Connection, channel: string, payload: string): void {
    if (!payload) return;
    if (channel === NOTIFICATION_CHANNEL) void this.deliver(connection, payload);
    if (channel === CONTEXT_CHANNEL) this.deliverContextChange(connection, payload);
    if (channel === SESSION_CHANNEL) this.deliverSessionChange(connection, payload);
    if (channel === DASHBOARD_CHANNEL) this.deliverDashboardChange(connection, payload);
  }

  listening(connection: Connection, again: boolean): void {
    if (!again) return;
    // After a lost listener, sign-outs committed while it was away were not heard: check every stream.
    void this.recheck(connection, () => true);
    // …and neither were dashboard changes: every facility with a stream here re-reads its widgets.
    const facilities = new Set([...(this.subscribers.get(connection.name) ?? [])].map((s) => s.facilityId));
    for (const facilityId of facilities) this.signalDashboards(connection, facilityId);
  }

  private async deliver(connection: Connection, payload: string): Promise<void> {
    try {
      const { id, userId, facilityId } = JSON.parse(payload) as { id: number; userId: number; facilityId: number };
      const targets = [...(this.subscribers.get(connection.name) ?? [])].filter(
        (s) => s.userId === userId && s.facilityId === facilityId,
      );
      if (!targets.length) return;
      const notification = await findNotificationById(connection.db, { userId, facilityId }, Number(id));
      if (notification) for (const target of targets) target.send(notification);
    } catch (error) {
      this.log('could not deliver a notification', error);
    }
  }

  private deliverContextChange(connection: Connection, payload: string): void {
    try {
      const { facilityId } = JSON.parse(payload) as { facilityId: number };
      for (const s of this.subscribers.get(connection.name) ?? [])
        if (s.facilityId === facilityId) s.contextChanged?.();
    } catch (error) {
      this.log('could not deliver a context change', error);
    }
  }

  private deliverDashboardChange(connection: Connection, payload: string): void {
    try {
      const { facilityId } = JSON.parse(payload) as { facilityId: number };
      if (Number.isInteger(facilityId)) this.signalDashboards(connection, facilityId);
    } catch (error) {
      this.log('could not deliver a dashboard change', error);
    }
  }

  /** Tells the facility's streams on this connection, throttled: a burst of commits is one signal. */
  private signalDashboards(connection: Connection, facilityId: number): void {
    this.dashboardSignals.signal(`${connection.name}\u0000${facilityId}`, () => {
      for (const s of this.subscribers.get(connection.name) ?? [])
        if (s.facilityId === facilityId) s.dashboardChanged?.();
    });
  }

  private deliverSessionChange(connection: Connection, payload: string): void {
    try {
      const { userId, facilityId } = JSON.parse(payload) as { userId?: number; facilityId?: number };
      void this.recheck(connection, (s) => s.userId === userId || s.facilityId === facilityId);
    } catch (error) {
      this.log('could not deliver a session change', error);
    }
  }

  /** Asks the matching streams whether their sign-in is still valid and ends those whose is not. */
  private async recheck(connection: Connection, matches: (s: Subscriber) => boolean): Promise<void> {
    const targets = [...(this.subscribers.get(connection.name) ?? [])].filter(matches);
    await Promise.all(
      targets.map(async (target) => {
        const valid = await target.isSessionValid().catch((error: unknown) => {
          // Unsure is ended: the browser reconnects, and the reconnect is authenticated afresh.
          this.log('could not check a stream’s sign-in', error);
          return false;
        });
        if (!valid) target.endSession();
      }),
    );
  }
}
