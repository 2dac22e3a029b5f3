import pg from 'pg';
import type { Connection } from './connections';

/** What a part of the server wants to hear from a connection's LISTEN client. */
export interface ChangeHandler {
  /** A NOTIFY on one of the listened channels, committed by any process. */
  notify?(connection: Connection, channel: string, payload: string): void;
  /**
   * LISTEN is in place. `again` after a lost client: changes committed while it was away were not
   * heard, so whatever was derived from the database before must be checked again.
   */
  listening?(connection: Connection, again: boolean): void;
  /** The client was lost: nothing is heard until `listening` is called again. */
  lost?(connection: Connection): void;
}

const RECONNECT_MS = 1000;
export const LISTENER_APPLICATION_NAME = 'hasp-change-listener';
/**
 * A LISTEN client whose TCP connection died without a FIN (a dropped route, a frozen host) would
 * hear nothing and report nothing; a query on it every few seconds notices, so a cache relying on
 * it stops answering within that time instead of never.
 */
const HEARTBEAT_MS = 5000;
const HEARTBEAT_TIMEOUT_MS = 3000;

interface Listener {
  connection: Connection;
  client: pg.Client | null;
  /** Resolves whether LISTEN is in place (false when connecting failed; a retry is scheduled). */
  ready: Promise<boolean>;
  listening: boolean;
  heartbeat?: NodeJS.Timeout;
}

/**
 * One LISTEN client per connection per process, shared by everything that reacts to changes made
 * by other processes (the notification hub, the access cache): one database connection, not one
 * per feature. Started on first use; reconnects after a loss until stopped.
 */
export class ChangeListeners {
  private readonly listeners = new Map<string, Listener>();
  private readonly handlers: ChangeHandler[] = [];
  /** After a loss, no new client before this time (ms): a database that is down is not hammered. */
  private readonly retryAt = new Map<string, number>();
  private stopped = false;

  constructor(
    private readonly channels: readonly string[],
    private readonly log: (message: string, error?: unknown) => void,
  ) {}

  addHandler(handler: ChangeHandler): void {
    this.handlers.push(handler);
  }

  /** Starts listening on the connection if it is not yet; resolves whether LISTEN is in place. */
  ensure(connection: Connection): Promise<boolean> {
    if (this.stopped) return Promise.resolve(false);
    const found = this.listeners.get(connection.name);
    if (found) return found.ready;
    // Lost a moment ago: the scheduled reconnect starts it.
    if (Date.now() < (this.retryAt.get(connection.name) ?? 0)) return Promise.resolve(false);
    return this.start(connection, this.retryAt.has(connection.name)).ready;
  }

  /** Whether LISTEN is in place on the connection right now. */
  isListening(connectionName: string): boolean {
    return this.listeners.get(connectionName)?.listening === true;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const listeners = [...this.listeners.values()];
    this.listeners.clear();
    for (const listener of listeners) {
      clearInterval(listener.heartbeat);
      listener.listening = false;
      await listener.client?.end().catch(() => undefined);
    }
  }

  private start(connection: Connection, again: boolean): Listener {
    const client = new pg.Client({
      connectionString: connection.url,
      keepAlive: true,
      // Named so an operator (and a test) can tell it from the pool's connections in pg_stat_activity.
      application_name: LISTENER_APPLICATION_NAME,
    });
    const listener: Listener = { connection, client, ready: Promise.resolve(false), listening: false };
    this.listeners.set(connection.name, listener);
    let lost = false;
    const lose = (error?: unknown) => {
      if (lost) return;
      lost = true;
      clearInterval(listener.heartbeat);
      const wasListening = listener.listening;
      listener.listening = false;
      if (this.stopped || this.listeners.get(connection.name) !== listener) return;
      this.log(`change listener for ${connection.name} lost; reconnecting`, error);
      this.listeners.delete(connection.name);
      this.retryAt.set(connection.name, Date.now() + RECONNECT_MS);
      if (wasListening) this.each((h) => h.lost?.(connection));
      void client.end().catch(() => undefined);
      setTimeout(() => {
        if (!this.stopped && !this.listeners.has(connection.name)) this.start(connection, true);
      }, RECONNECT_MS).unref();
    };
    client.on('error', lose);
    client.on('end', () => lose());
    client.on('notification', (message) => {
      if (message.payload !== undefined) this.each((h) => h.notify?.(connection, message.channel, message.payload!));
    });
    listener.ready = (async () => {
      try {
        await client.connect();
        for (const channel of this.channels) await client.query(`listen ${channel}`);
      } catch (error) {
        lose(error);
        return false;
      }
      if (lost) return false;
      listener.listening = true;
      listener.heartbeat = setInterval(() => this.beat(listener, lose), HEARTBEAT_MS).unref();
      this.each((h) => h.listening?.(connection, again));
      return true;
    })();
    return listener;
  }

  private beat(listener: Listener, lose: (error?: unknown) => void): void {
    const timer = setTimeout(() => lose(new Error('the change listener did not answer')), HEARTBEAT_TIMEOUT_MS);
    listener
      .client!.query('select 1')
      .then(() => clearTimeout(timer))
      .catch((error: unknown) => {
        clearTimeout(timer);
        lose(error);
      });
  }

  private each(call: (handler: ChangeHandler) => void): void {
    for (const handler of this.handlers) {
      try {
        call(handler);
      } catch (error) {
        this.log('a change handler failed', error);
      }
    }
  }
}
