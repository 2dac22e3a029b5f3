import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permit, PermitCommand } from '@hasp/contracts';
import type { Jobs } from '../src/platform/jobs';
import { EventBus } from '../src/platform/events/event-bus';
import { PERMIT_EXPIRING_JOB, PERMIT_EXPIRY_JOB } from '../src/modules/permits';
import { expireDuePermits } from '../src/modules/permits/permit-expiry.job';
import { raiseExpiringNotices } from '../src/modules/permits/permit-expiring.job';
import { registerPermitNotifications } from '../src/modules/permits/permit-notifications.consumer';
import { permitDraft } from './support/permit-draft';
import { withoutIsolationPlan } from './support/loto-fixtures';
import { withoutQuestions } from './support/permit-answers';
import { createTestApp, DEMO_PASSWORD, login, type TestApp } from './test-app';
import { waitUntil } from './support/wait-until';
import { signedBody } from './support/signing';

/**
 * The expiry jobs over real PostgreSQL and the app's movable clock: "expires within the hour" is
 * raised once per permit and planned end, only for permits in force, and reaches the inbox.
 */
let t: TestApp;
let jobs: Jobs;
const tokens: Record<string, string> = {};
const users: Record<string, number> = {};
const db = () => t.connections[0]!.db;
const connection = () => t.connections[0]!;
const bus = new EventBus(() => {});
registerPermitNotifications(bus);

beforeAll(async () => {
  t = await createTestApp({
    jobs: {
      settings: { pollingIntervalSeconds: 0.5 },
      registrations: [
        async (queue) => {
          jobs = queue;
        },
      ],
    },
  });
  // The lifecycle alone: the isolation plan's guards are tested in isolation-plan.test.ts.
  await withoutIsolationPlan(t.connections[0]!.db);
  // The bare lifecycle: the checklist questions' guards are tested in permit-questions.test.ts.
  await withoutQuestions(t.connections[0]!.db);
  // Permits that end days ahead (where the app's own schedule never looks) still start now, since
  // accept waits for the start: their type allows sixty days.
  await sql`update permit_types set max_validity_hours = ${60 * 24} where code = 'LOTO'`.execute(db());
  for (const row of await db().selectFrom('users').select(['id', 'user_name']).execute()) users[row.user_name] = row.id;
  for (const username of ['admin', 'supervisor', 'worker', 'contractor'])
    tokens[username] = (await login(t.app, { username })).json<{ token: string }>().token;
});
afterAll(() => t.close());

const loto = () =>
  db()
    .selectFrom('permit_types')
    .select('id')
    .where('facility_id', '=', 1)
    .where('code', '=', 'LOTO')
    .executeTakeFirstOrThrow();

const command = async (as: string, id: number, verb: PermitCommand, body: object = {}) => {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/permits/${id}/commands/${verb}`,
    headers: { authorization: `Bearer ${tokens[as]}` },
    payload: signedBody(verb, body),
  });
  expect(response.statusCode, `${as} ${verb}: ${response.body}`).toBe(200);
  return response.json<Permit>();
};

/**
 * A worker's LOTO permit held by the contractor, begun an hour ago on the app's clock and ending
 * `endsInMs` after `now`; `inForce` walks it to Active through the lifecycle commands (approved by
 * the supervisor, issued by the admin).
 */
async function permit(title: string, now: Date, endsInMs: number, inForce = true): Promise<Permit> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/permits',
    headers: { authorization: `Bearer ${tokens.worker}` },
    payload: permitDraft((await loto()).id, {
      title,
      plannedStart: new Date(appNow().getTime() - 3_600_000).toISOString(),
      plannedEnd: new Date(now.getTime() + endsInMs).toISOString(),
      holderId: users.contractor!,
    }),
  });
  expect(response.statusCode).toBe(200);
  let current = response.json<Permit>();
  if (!inForce) return current;
  for (const [as, verb, body] of [
    ['worker', 'request', {}],
    ['supervisor', 'approve', { password: DEMO_PASSWORD }],
    ['supervisor', 'isolate', {}],
    ['admin', 'issue', {}],
    ['contractor', 'accept', {}],
  ] as const)
    current = await command(as, current.ID, verb, body);
  expect(current.status).toBe('active');
  return current;
}

let appOffsetMs = 0;
/** The app's clock (the movable clock the test app runs on), as far as these tests moved it. */
const appNow = () => new Date(Date.now() + appOffsetMs);
const advanceAppClock = (ms: number) => {
  appOffsetMs += ms;
  t.advanceClock(ms);
};

/**
 * The app's own schedule runs this job every minute on the app's clock; tests that call the job's
 * function with their own time use a time ten days on, where the schedule never looks.
 */
const farFromTheScheduler = () => new Date(Date.now() + 10 * 24 * 3_600_000);

const jobCompleted = async (id: string | null) =>
  (await sql<{ state: string }>`select state::text from pgboss.job where id = ${id}::uuid`.execute(db())).rows[0]
    ?.state === 'completed';

const noticesOf = async (number: string, what = 'expires within the hour') =>
  (
    await db()
      .selectFrom('notifications')
      .innerJoin('users', 'users.id', 'notifications.user_id')
      .select(['users.user_name', 'title'])
      .where('title', 'like', `${number} %: ${what}`)
      .orderBy('users.user_name')
      .execute()
  ).map((r) => `${r.user_name}: ${r.title}`);

describe('permit expiring within the hour', () => {
  it('tells holder, issuer and requester once per permit and planned end, only for permits in force', async () => {
    const now = farFromTheScheduler();
    const soon = await permit('Replace pump seal', now, 30 * 60_000);
    const later = await permit('Replace conveyor belt', now, 2 * 3_600_000);
    const draft = await permit('Rack out MCC bucket', now, 20 * 60_000, false);

    expect(await raiseExpiringNotices(bus, connection(), now)).toBe(1);
    await bus.drain();
    expect(await noticesOf(soon.number)).toEqual([
      `admin: ${soon.number} Replace pump seal: expires within the hour`,
      `contractor: ${soon.number} Replace pump seal: expires within the hour`,
      `worker: ${soon.number} Replace pump seal: expires within the hour`,
    ]);
    expect(await noticesOf(later.number)).toEqual([]);
    expect(await noticesOf(draft.number)).toEqual([]);

    // The next minute's run (and a retried one) raises nothing new.
    expect(await raiseExpiringNotices(bus, connection(), new Date(now.getTime() + 60_000))).toBe(0);
    expect(await raiseExpiringNotices(bus, connection(), now)).toBe(0);
    await bus.drain();
    expect(await noticesOf(soon.number)).toHaveLength(3);

    // An extension gives a new planned end, which earns its own notice when it comes near.
    const extended = new Date(now.getTime() + 3 * 3_600_000);
    await command('supervisor', soon.ID, 'extend', { plannedEnd: extended.toISOString() });
    const nearNewEnd = new Date(extended.getTime() - 10 * 60_000);
    const raised = await raiseExpiringNotices(bus, connection(), nearNewEnd);
    await bus.drain();
    expect(raised).toBeGreaterThanOrEqual(1);
    expect(await noticesOf(soon.number)).toHaveLength(6);
    expect(await noticesOf(later.number)).toEqual([]); // ended before nearNewEnd: the expiry job's, not this one's
  });

  it('two runs at once raise each notice once', async () => {
    const now = farFromTheScheduler();
    const permits = await Promise.all(
      ['Steam line valve repack', 'Replace agitator gearbox', 'Boiler feed pump coupling'].map((title) =>
        permit(title, now, 45 * 60_000),
      ),
    );
    const runs = await Promise.all([0, 1, 2, 3].map(() => raiseExpiringNotices(bus, connection(), now)));
    expect(runs.reduce((a, b) => a + b, 0)).toBe(3);
    const events = await db()
      .selectFrom('domain_events')
      .select('entity_id')
      .where('name', '=', 'permit.expiring')
      .where(
        'entity_id',
        'in',
        permits.map((p) => String(p.ID)),
      )
      .execute();
    expect(events).toHaveLength(3);
  });

  it("runs as the scheduled job on the app's clock, and the app's consumer fills the inbox", async () => {
    const endsAt = new Date(appNow().getTime() + 90 * 60_000);
    const p = await permit('Replace conveyor drive belt', appNow(), 90 * 60_000);
    const first = await jobs.send(PERMIT_EXPIRING_JOB, {});
    await waitUntil(() => jobCompleted(first), 'the first run');
    // Not yet: it ends in 90 minutes. Move the app's clock 40 minutes on and run the job again.
    expect(await noticesOf(p.number)).toEqual([]);
    advanceAppClock(40 * 60_000);
    await jobs.send(PERMIT_EXPIRING_JOB, { run: 2 });
    await waitUntil(async () => (await noticesOf(p.number)).length === 3, 'the notices');
    const notice = await db()
      .selectFrom('permit_expiry_notices')
      .selectAll()
      .where('permit_id', '=', p.ID)
      .executeTakeFirstOrThrow();
    expect(notice.planned_end.getTime()).toBe(Date.parse(p.plannedEnd));
    expect(Math.abs(Date.parse(p.plannedEnd) - endsAt.getTime())).toBeLessThan(60_000);
  });
});

describe('permit expiry', () => {
  /** Twenty days on: beyond the schedule and beyond the "expiring" tests' permits. */
  const later = () => new Date(Date.now() + 20 * 24 * 3_600_000);
  const statusOf = async (id: number) =>
    (await db().selectFrom('permits').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const expireAudits = (id: number) =>
    db()
      .selectFrom('audit_log')
      .select(['user_id', 'action'])
      .where('action', '=', 'permit.expire')
      .where('entity_id', '=', String(id))
      .execute();

  it('expires each permit in force whose planned end passed, once, by the system, and tells its people', async () => {
    const now = later();
    const ended = await permit('Replace pump seal', now, 30 * 60_000);
    const running = await permit('Replace conveyor belt', now, 3 * 3_600_000);
    const draft = await permit('Rack out MCC bucket', now, 30 * 60_000, false);
    const at = new Date(now.getTime() + 45 * 60_000);

    const first = await expireDuePermits(bus, connection(), at);
    await bus.drain();
    expect(first.expired).toBeGreaterThanOrEqual(1);
    expect(await statusOf(ended.ID)).toBe('expired');
    expect(await statusOf(running.ID)).toBe('active');
    expect(await statusOf(draft.ID)).toBe('draft');
    expect(await expireAudits(ended.ID)).toEqual([{ user_id: null, action: 'permit.expire' }]);
    expect(await noticesOf(ended.number, 'expired')).toEqual([
      `admin: ${ended.number} Replace pump seal: expired`,
      `contractor: ${ended.number} Replace pump seal: expired`,
      `worker: ${ended.number} Replace pump seal: expired`,
    ]);

    // A retried run (same time) and two at once expire nothing twice.
    const again = await Promise.all([0, 1].map(() => expireDuePermits(bus, connection(), at)));
    await bus.drain();
    expect(again.map((r) => r.expired)).toEqual([0, 0]);
    expect(await expireAudits(ended.ID)).toHaveLength(1);
    expect(await noticesOf(ended.number, 'expired')).toHaveLength(3);
  });

  it('two runs at once expire each permit once', async () => {
    const now = new Date(later().getTime() + 24 * 3_600_000);
    const permits = await Promise.all(
      ['Steam trap replacement', 'Replace mixer seal'].map((title) => permit(title, now, 10 * 60_000)),
    );
    const runs = await Promise.all(
      [0, 1, 2].map(() => expireDuePermits(bus, connection(), new Date(now.getTime() + 20 * 60_000))),
    );
    expect(runs.reduce((sum, r) => sum + r.expired, 0)).toBeGreaterThanOrEqual(2);
    for (const p of permits) {
      expect(await statusOf(p.ID)).toBe('expired');
      expect(await expireAudits(p.ID)).toHaveLength(1);
    }
  });

  it("runs as the scheduled job on the app's clock", async () => {
    const p = await permit('Inspect boiler feed pump', appNow(), 20 * 60_000);
    const early = await jobs.send(PERMIT_EXPIRY_JOB, {});
    await waitUntil(() => jobCompleted(early), 'the first run');
    expect(await statusOf(p.ID)).toBe('active');
    advanceAppClock(2 * 3_600_000);
    await jobs.send(PERMIT_EXPIRY_JOB, { run: 2 });
    await waitUntil(async () => (await statusOf(p.ID)) === 'expired', 'the expiry');
    await waitUntil(async () => (await noticesOf(p.number, 'expired')).length === 3, 'the notices');
  });
});
