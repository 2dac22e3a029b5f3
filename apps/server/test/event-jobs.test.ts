import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Jobs } from '../src/platform/jobs';
import { EventBus } from '../src/platform/events/event-bus';
import { eventJobId, sendJobOnEvents } from '../src/platform/events/event-jobs';
import { runCommand } from '../src/platform/commands/run-command';
import {
  EVENTS_KEEP_MS,
  IDEMPOTENCY_KEEP_MS,
  purgeCommandRecords,
} from '../src/platform/commands/purge-command-records.job';
import { addToCounter, contextFor } from './support/counter-command';
import { createTestApp, type TestApp } from './test-app';
import { waitUntil } from './support/wait-until';

/** Events reach the job queue (one job per event, however often delivered); old command records go. */
const JOB = 'test-event-job';
let t: TestApp;
let jobs: Jobs;
let admin: number;
const ran: { entityId: string; name: string }[] = [];

beforeAll(async () => {
  t = await createTestApp({
    jobs: {
      settings: { pollingIntervalSeconds: 0.5 },
      registrations: [
        async (queue) => {
          jobs = queue;
          await queue.work<{ entityId: string; name: string }>(JOB, async (job) => {
            ran.push({ entityId: job.data.entityId, name: job.data.name });
          });
        },
      ],
    },
  });
  admin = (await db().selectFrom('users').select('id').where('user_name', '=', 'admin').executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

const db = () => t.connections[0]!.db;
const connection = () => t.connections[0]!;

describe('events to jobs', () => {
  it('sends one job per committed event, even when the event is delivered again, and the job runs once', async () => {
    const bus = new EventBus(() => {});
    sendJobOnEvents(bus, () => jobs, 'test-job-bridge', ['test.counter.added'], JOB);
    await runCommand(bus, contextFor(connection(), admin), addToCounter, {
      name: addToCounter.name,
      targetId: 1,
      input: { delta: 1, tag: 'to-a-job' },
    });
    await bus.drain();
    const event = await db()
      .selectFrom('domain_events')
      .select('id')
      .where('entity_id', '=', 'to-a-job')
      .executeTakeFirstOrThrow();
    // Redelivery, as after a crash between sending the job and recording the delivery.
    await db().deleteFrom('event_deliveries').where('event_id', '=', event.id).execute();
    await bus.deliver(connection(), Number(event.id));
    await waitUntil(() => ran.some((r) => r.entityId === 'to-a-job'), 'the job to run');
    const id = eventJobId('test-job-bridge', Number(event.id));
    await waitUntil(async () => {
      const row = await sql<{ state: string }>`select state::text from pgboss.job where id = ${id}::uuid`.execute(db());
      return row.rows[0]?.state === 'completed';
    }, 'the job to complete');
    const sent = await sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = ${JOB}`.execute(db());
    expect(sent.rows[0]!.n).toBe(1);
    expect(ran.filter((r) => r.entityId === 'to-a-job')).toEqual([
      { entityId: 'to-a-job', name: 'test.counter.added' },
    ]);
  });
});

describe('purge of command records', () => {
  it('deletes idempotency keys and outbox events past their keeping time, and keeps newer ones', async () => {
    const now = new Date();
    const old = (ms: number) => new Date(now.getTime() - ms - 60_000);
    const recent = new Date(now.getTime() - 60_000);
    for (const [key, createdAt] of [
      ['purge-old', old(IDEMPOTENCY_KEEP_MS)],
      ['purge-recent', recent],
    ] as const) {
      await db()
        .insertInto('idempotency_keys')
        .values({
          user_id: admin,
          key,
          command: 'test',
          request_hash: 'x',
          response: '{}',
          version: 1,
          created_at: createdAt,
        })
        .execute();
    }
    const events = await db()
      .insertInto('domain_events')
      .values([
        { name: 'test.purge', entity_type: 'test', entity_id: 'purge-old', created_at: old(EVENTS_KEEP_MS) },
        { name: 'test.purge', entity_type: 'test', entity_id: 'purge-recent', created_at: recent },
      ])
      .returning('id')
      .execute();
    await db().insertInto('event_deliveries').values({ event_id: events[0]!.id, consumer: 'test' }).execute();

    const purged = await purgeCommandRecords(db(), now);

    expect(purged.idempotencyKeys).toBeGreaterThanOrEqual(1);
    expect(purged.events).toBeGreaterThanOrEqual(1);
    const keys = await db().selectFrom('idempotency_keys').select('key').where('key', 'like', 'purge-%').execute();
    expect(keys.map((k) => k.key)).toEqual(['purge-recent']);
    const left = await db().selectFrom('domain_events').select('entity_id').where('name', '=', 'test.purge').execute();
    expect(left.map((e) => e.entity_id)).toEqual(['purge-recent']);
  });
});
