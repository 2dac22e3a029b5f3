import type { FastifyInstance } from 'fastify';
import type { Lock, Permit } from '@hasp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_SIGNAL_MS } from '../src/modules/notifications/dashboard-signal';
import { insertNotification } from '../src/modules/notifications/notification.repository';
import { recordEvent } from '../src/platform/events/record-event';
import { openStream } from './support/event-stream';
import { assignLock } from './support/loto-fixtures';
import { permitDraft } from './support/permit-draft';
import { permitTypeIdOf } from './support/permit-type-fixtures';
import { startSecondInstance } from './support/second-instance';
import { createTestApp, login, type TestApp } from './test-app';

/**
 * Live dashboards (decision 0081) over the real server and PostgreSQL: a committed domain
 * event that a widget counts — a lock applied through its command, which notifies nobody — reaches
 * the open streams of its facility as a `dashboard-changed` signal on another server process, never
 * another facility's; an event no widget counts signals nothing; a burst is throttled per facility.
 */
let t: TestApp;
let second: FastifyInstance;
let secondUrl: string;
const tokens: Record<string, string> = {};
const users: Record<string, number> = {};
const db = () => t.connections[0]!.db;
let permitId: number;
let isolatedPoint: number;
let lock: Lock;

const call = (as: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[as]}` }, ...(payload ? { payload } : {}) });

type Stream = Awaited<ReturnType<typeof openStream>>;
const signals = (stream: Stream) => stream.log().filter((e) => e.event === 'dashboard-changed');
/**
 * Sends the stream's user a notification and waits for it: NOTIFYs reach each process in commit
 * order, so whatever the changes committed before it made the hub send has been sent by then.
 */
async function settled(stream: Stream, userId: number, facilityId: number) {
  await insertNotification(db(), { userId, facilityId }, { title: `Sentinel ${Date.now()}` });
  await stream.next('notification');
}

beforeAll(async () => {
  t = await createTestApp();
  for (const [key, username, facilityId] of [
    ['admin', 'admin', 1],
    ['worker', 'worker', 1],
    ['adminRiverside', 'admin', 2],
  ] as const) {
    tokens[key] = (await login(t.app, { username, facilityId })).json<{ token: string }>().token;
  }
  for (const row of await db().selectFrom('users').select(['id', 'user_name']).execute()) users[row.user_name] = row.id;
  const item = (list: string, value: string) =>
    db()
      .selectFrom('master_list_items')
      .select('id')
      .where('facility_id', '=', 1)
      .where('list_key', '=', list)
      .where('value', '=', value)
      .executeTakeFirstOrThrow();
  const red = (await item('lock-colours', 'Red')).id;
  const created = await call(
    'worker',
    'POST',
    '/api/permits',
    permitDraft(await permitTypeIdOf(db(), 'LOTO'), { title: 'Live dashboard test' }),
  );
  expect(created.statusCode, created.body).toBe(200);
  permitId = created.json<Permit>().ID;
  const point = await db()
    .selectFrom('isolation_points')
    .select('id')
    .where('facility_id', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  isolatedPoint = (
    await db()
      .insertInto('permit_isolation_points')
      .values({ facility_id: 1, permit_id: permitId, isolation_point_id: point.id, position: 0, state: 'isolated' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const registered = await call('admin', 'POST', '/api/locks', {
    serial: 'Live-1',
    kind: 'padlock',
    colourId: red,
    note: '',
  });
  expect(registered.statusCode, registered.body).toBe(200);
  lock = registered.json<Lock>();
  await assignLock(db(), lock.ID, permitId);
  // Another process, started after the setup's commits: it hears only what the tests do from here.
  ({ app: second, url: secondUrl } = await startSecondInstance(t));
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

describe('dashboard-changed over the notification stream', () => {
  it("a lock applied through its command signals its facility's streams on another process, not another facility's", async () => {
    const north = await openStream(secondUrl, tokens.admin!);
    const riverside = await openStream(secondUrl, tokens.adminRiverside!);
    try {
      await north.next('ready');
      await riverside.next('ready');
      const started = Date.now();
      const applied = await call('worker', 'POST', `/api/permits/${permitId}/locks/commands/apply`, {
        lockId: lock.ID,
        planPointId: isolatedPoint,
      });
      expect(applied.statusCode, applied.body).toBe(200);
      // Nobody is notified of a lock applied: the signal is the only thing the admin's stream hears.
      expect(await north.next('dashboard-changed')).toEqual({});
      expect(Date.now() - started).toBeLessThan(1000);
      await settled(riverside, users.admin!, 2);
      expect(signals(riverside)).toEqual([]);
      expect(north.log().map((e) => e.event)).toEqual(['ready', 'dashboard-changed']);

      // Riverside's own change reaches Riverside (the trigger names the event's facility).
      await db()
        .transaction()
        .execute((trx) =>
          recordEvent(trx, { name: 'permit.created', facilityId: 2, entityType: 'permit', entityId: null }),
        );
      await riverside.next('dashboard-changed');
    } finally {
      north.close();
      riverside.close();
    }
  });

  it('an event no widget counts signals nothing', async () => {
    const stream = await openStream(secondUrl, tokens.admin!);
    try {
      await stream.next('ready');
      await db()
        .transaction()
        .execute(async (trx) => {
          await recordEvent(trx, { name: 'settings.changed', facilityId: 1, entityType: 'facility', entityId: 1 });
          await recordEvent(trx, { name: 'lock.register', facilityId: 1, entityType: 'lock', entityId: lock.ID });
        });
      await settled(stream, users.admin!, 1);
      expect(signals(stream)).toEqual([]);
    } finally {
      stream.close();
    }
  });

  it('a burst of changes is one signal at once and one more a second later, never two within a second', async () => {
    const stream = await openStream(secondUrl, tokens.admin!);
    try {
      await stream.next('ready');
      // Past any throttle window the earlier tests left open for North Plant on this process.
      await new Promise((resolve) => setTimeout(resolve, DASHBOARD_SIGNAL_MS));
      for (let i = 0; i < 5; i++)
        await db()
          .transaction()
          .execute((trx) => recordEvent(trx, { name: 'tag.apply', facilityId: 1, entityType: 'tag', entityId: null }));
      await stream.next('dashboard-changed');
      await stream.next('dashboard-changed', 3000);
      await settled(stream, users.admin!, 1);
      const [first, last, ...more] = signals(stream);
      expect(more).toEqual([]);
      expect(last!.at - first!.at).toBeGreaterThanOrEqual(DASHBOARD_SIGNAL_MS - 50);
    } finally {
      stream.close();
    }
  });
});
