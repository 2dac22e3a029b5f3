import { sql, type Transaction } from 'kysely';
import type { Connection, ConnectionRegistry } from '../../db/connections';
import type { Database } from '../../db/schema';
import type { DomainEvent } from './record-event';

/** Applies one event in the consumer's transaction (the one that records the delivery). */
export type EventHandler = (trx: Transaction<Database>, event: DomainEvent, connection: Connection) => Promise<void>;

interface Consumer {
  name: string;
  events: ReadonlySet<string>;
  handler: EventHandler;
}

const SWEEP_BATCH = 100;

/**
 * Delivers committed domain events to the consumers registered in this process: at once after
 * the command commits, and again from a periodic sweep for whatever a crash or an error left
 * undelivered (at least once). Each consumer applies an event once: its delivery row is written
 * in the same transaction as its effect, and an event already delivered to it is skipped.
 */
export class EventBus {
  private readonly consumers = new Map<string, Consumer>();
  private readonly pending = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly log: (message: string, error?: unknown) => void) {}

  /**
   * Registers a consumer under a stable name (deliveries are recorded by it) for the named events.
   * @example bus.registerConsumer('session-context', ['settings.changed'], async (trx, event) => { ... });
   */
  registerConsumer(name: string, events: readonly string[], handler: EventHandler): void {
    if (this.consumers.has(name)) throw new Error(`event consumer ${name} is already registered`);
    this.consumers.set(name, { name, events: new Set(events), handler });
  }

  /** Delivers these committed events in the background; `drain()` waits for it. */
  deliverSoon(connection: Connection, eventIds: readonly number[], names?: readonly string[]): void {
    // `names[i]` is event i's name when the caller knows it: an event no consumer listens to has
    // nothing to deliver (the sweep would find no pair for it either), so it costs no transaction.
    const ids = names ? eventIds.filter((_, i) => this.isHeard(names[i]!)) : eventIds;
    if (!ids.length || !this.consumers.size) return;
    const work = (async () => {
      for (const id of ids) await this.deliver(connection, id);
    })().catch((error: unknown) => this.log('could not deliver domain events', error));
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }

  private isHeard(name: string): boolean {
    for (const consumer of this.consumers.values()) if (consumer.events.has(name)) return true;
    return false;
  }

  /** Waits until the deliveries started so far are done (tests, shutdown). */
  async drain(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  /**
   * Delivers one event to every interested consumer that has not applied it yet. The event row
   * is locked with SKIP LOCKED, so another process delivering it right now is left alone (the
   * sweep comes back to anything it did not finish). A failing consumer is rolled back alone.
   */
  async deliver(connection: Connection, eventId: number): Promise<void> {
    await connection.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('domain_events')
        .selectAll()
        .where('id', '=', eventId)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!row) return;
      const event: DomainEvent = {
        id: Number(row.id),
        name: row.name,
        facilityId: row.facility_id,
        entityType: row.entity_type,
        entityId: row.entity_id,
        payload: (row.payload ?? {}) as Record<string, unknown>,
        requestId: row.request_id,
        createdAt: row.created_at,
      };
      for (const consumer of this.consumers.values()) {
        if (!consumer.events.has(event.name)) continue;
        await sql`savepoint consumer`.execute(trx);
        try {
          const claimed = await trx
            .insertInto('event_deliveries')
            .values({ event_id: event.id, consumer: consumer.name })
            .onConflict((oc) => oc.doNothing())
            .returning('event_id')
            .executeTakeFirst();
          if (claimed) await consumer.handler(trx, event, connection);
          await sql`release savepoint consumer`.execute(trx);
        } catch (error) {
          await sql`rollback to savepoint consumer`.execute(trx);
          this.log(`event consumer ${consumer.name} failed on event ${event.id}; the sweep retries it`, error);
        }
      }
    });
  }

  /** Delivers events some registered consumer has not applied yet, oldest first; returns how many it tried. */
  async sweep(connection: Connection): Promise<number> {
    const pairs = [...this.consumers.values()].flatMap((c) => [...c.events].map((event) => [c.name, event] as const));
    if (!pairs.length) return 0;
    const rows = await sql<{ id: number }>`
      select e.id from domain_events e
      where exists (
        select 1 from unnest(${pairs.map((p) => p[0])}::text[], ${pairs.map((p) => p[1])}::text[]) as c(consumer, event)
        where c.event = e.name
          and not exists (select 1 from event_deliveries d where d.event_id = e.id and d.consumer = c.consumer)
      )
      order by e.id
      limit ${SWEEP_BATCH}`.execute(connection.db);
    for (const { id } of rows.rows) await this.deliver(connection, Number(id));
    return rows.rows.length;
  }

  /** Sweeps every connection every `intervalMs` until stopped. */
  startSweeping(registry: ConnectionRegistry, intervalMs: number): void {
    if (this.timer || intervalMs <= 0) return;
    this.timer = setInterval(() => {
      const work = (async () => {
        for (const name of registry.names()) {
          const connection = registry.find(name);
          if (connection) await this.sweep(connection);
        }
      })().catch((error: unknown) => this.log('event sweep failed', error));
      this.pending.add(work);
      void work.finally(() => this.pending.delete(work));
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.drain();
  }
}
