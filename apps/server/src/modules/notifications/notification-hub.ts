import pg from 'pg';
import type { Notification } from '@hasp/contracts';
import type { Connection, ConnectionRegistry } from '../../db/connections';
import { CONTEXT_CHANNEL } from '../permissions';
import { findNotificationById, type Inbox } from './notification.repository';

/** One open stream: whose inbox, and what to do when something happens to it. */
export interface Subscriber extends Inbox {
  send: (notification: Notification) => void;
  /** Called when the facility's permissions or security settings change (reload the session context). */
  contextChanged?: () => void;
  /** Whether the sign-in behind the stream is still valid (asked again when it may have ended). */
  isSessionValid: () => Promise<boolean>;
  /** Ends the stream: its sign-in has ended. */
  endSession: () => void;
}

const CHANNEL = 'hasp_notification';
/** Sent by triggers when a sign-in may have ended (see the session-ended-notify migration). */
const SESSION_CHANNEL = 'hasp_session';
const RECONNECT_MS = 1000;

/**
 * Fans new notifications out to open browsers. Each connection's database NOTIFYs at commit
 * (a trigger on the notifications table); one LISTEN client per connection per process hears it,
 * so a notification written by any server process reaches subscribers on every process.
 */
export class NotificationHub {
  private readonly subscribers = new Map<string, Set<Subscriber>>();
  private readonly listeners = new Map<string, Promise<pg.Client | null>>();
  private stopped = false;

  constructor(
    private readonly registry: ConnectionRegistry,
    private readonly log: (message: string, error?: unknown) => void,
  ) {}

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
    await this.ensureListening(connection);
    if (!(await subscriber.isSessionValid())) {
      set.delete(subscriber);
      return undefined;
    }
    return () => set.delete(subscriber);
  }

  subscriberCount(): number {
    return [...this.subscribers.values()].reduce((n, set) => n + set.size, 0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.subscribers.clear();
    const clients = await Promise.all([...this.listeners.values()]);
    this.listeners.clear();
    for (const client of clients) await client?.end().catch(() => undefined);
  }

  private ensureListening(connection: Connection, reconnecting = false): Promise<pg.Client | null> {
    let listener = this.listeners.get(connection.name);
    if (!listener) {
      listener = this.listen(connection, reconnecting);
      this.listeners.set(connection.name, listener);
    }
    return listener;
  }

  private async listen(connection: Connection, reconnecting = false): Promise<pg.Client | null> {
    const client = new pg.Client({ connectionString: connection.url });
    const reconnect = (error?: unknown) => {
      if (this.stopped || this.listeners.get(connection.name) === undefined) return;
      this.log(`notification listener for ${connection.name} lost; reconnecting`, error);
      this.listeners.delete(connection.name);
      setTimeout(() => {
        if (!this.stopped && this.subscribers.get(connection.name)?.size) void this.ensureListening(connection, true);
      }, RECONNECT_MS).unref();
    };
    client.on('error', reconnect);
    client.on('end', () => reconnect());
    client.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload) void this.deliver(connection, message.payload);
      if (message.channel === CONTEXT_CHANNEL && message.payload)
        this.deliverContextChange(connection, message.payload);
      if (message.channel === SESSION_CHANNEL && message.payload)
        this.deliverSessionChange(connection, message.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
      await client.query(`listen ${CONTEXT_CHANNEL}`);
      await client.query(`listen ${SESSION_CHANNEL}`);
      // After a lost listener, sign-outs committed while it was away were not heard: check every stream.
      if (reconnecting) void this.recheck(connection, () => true);
      return client;
    } catch (error) {
      reconnect(error);
      return null;
    }
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
