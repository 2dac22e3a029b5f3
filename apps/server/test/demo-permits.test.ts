import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permitStatuses, type Permit } from '@hasp/contracts';
import { seedDemo } from '../src/db/seed/demo';
import { createTestApp, login, type TestApp } from './test-app';

/**
 * The demo permits (seeded into the template every test database clones): every state, walked
 * there by the lifecycle commands (each permit's last audit row names its status), separation of
 * duties kept, and work waiting for the worker and the supervisor when they sign in.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const db = () => t.connections[0]!.db;

beforeAll(async () => {
  // The template leaves the demo permits out (other files count their own permits): seed them here
  // before the app's event consumers run, as a first `npm start` does.
  const began = Date.now();
  t = await createTestApp({ beforeApp: (fresh) => seedDemo(fresh) });
  console.log(`demo seed: ${Date.now() - began} ms`);
  for (const username of ['worker', 'supervisor'])
    tokens[username] = (await login(t.app, { username })).json<{ token: string }>().token;
}, 600_000);
afterAll(() => t.close());

const view = async (as: string, id: number) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/permits/${id}`,
      headers: { authorization: `Bearer ${tokens[as]}` },
    })
  ).json<Permit>();

describe('demo permits', () => {
  it('are seeded once: seeding again (a second start) adds none', async () => {
    const count = async () =>
      (await sql<{ n: number }>`select count(*)::int as n from permits`.execute(db())).rows[0]!.n;
    const before = await count();
    await seedDemo(db());
    expect(await count()).toBe(before);
  });

  it('spread over every state, type and several areas of North Plant', async () => {
    const rows = await sql<{ status: string; types: number; areas: number; n: number }>`
      select status, count(distinct permit_type_id)::int as types, count(distinct area_id)::int as areas,
        count(*)::int as n
      from permits where facility_id = 1 group by status`.execute(db());
    const byStatus = new Map(rows.rows.map((r) => [r.status, r]));
    expect([...byStatus.keys()].sort()).toEqual([...permitStatuses].sort());
    expect(rows.rows.reduce((sum, r) => sum + r.n, 0)).toBeGreaterThanOrEqual(200);
    const types = await sql<{ n: number }>`
      select count(distinct permit_type_id)::int as n from permits where facility_id = 1`.execute(db());
    expect(types.rows[0]!.n).toBe(6);
    const areas = await sql<{ n: number }>`
      select count(distinct area_id)::int as n from permits where facility_id = 1`.execute(db());
    expect(areas.rows[0]!.n).toBeGreaterThanOrEqual(5);
  });

  it("locks their points with the inventory's isolation lock board (demo-locks.ts), no padlocks of their own", async () => {
    const onPoints = await db()
      .selectFrom('lock_applications as a')
      .innerJoin('locks as l', 'l.id', 'a.lock_id')
      .select(['l.serial', 'a.removed_at'])
      .where('a.plan_point_id', 'is not', null)
      .execute();
    expect(onPoints.length).toBeGreaterThan(0);
    expect(onPoints.filter((l) => !l.serial.startsWith('ISO-'))).toEqual([]);
    // Every lock the board shows In use is on a point of a demo permit now.
    const held = onPoints.filter((l) => l.removed_at === null).length;
    const { n } = await db()
      .selectFrom('locks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('serial', 'like', 'ISO-%')
      .where('status', '=', 'in_use')
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(held);
    // The board's pool locks were handed to each permit and taken back through the assign commands:
    // every lock on a point of a permit has its lock.assign audit row for that permit.
    const unaudited = await sql<{ serial: string }>`
      select distinct l.serial from lock_applications a join locks l on l.id = a.lock_id
      where a.plan_point_id is not null and not exists (
        select 1 from audit_log x where x.action = 'lock.assign' and x.entity_id = l.id::text
          and (x.after ->> 'permitId')::int = a.permit_id)`.execute(db());
    expect(unaudited.rows).toEqual([]);
    const released = await sql<{
      n: number;
    }>`select count(*)::int as n from audit_log where action = 'lock.unassign'`.execute(db());
    expect(released.rows[0]!.n).toBeGreaterThan(0);
  });

  it('got each status from a lifecycle command: the last audit row of every permit names it', async () => {
    const mismatched = await sql<{ number: string }>`
      select p.number from permits p
      join lateral (
        select a.after ->> 'status' as status from audit_log a
        where a.entity_type = 'permit' and a.entity_id = p.id::text order by a.id desc limit 1) last on true
      where last.status is distinct from p.status`.execute(db());
    expect(mismatched.rows).toEqual([]);
    const expiredBySystem = await sql<{ n: number }>`
      select count(*)::int as n from audit_log where action = 'permit.expire' and user_id is null`.execute(db());
    expect(expiredBySystem.rows[0]!.n).toBeGreaterThan(0);
  });

  it('never accepts a permit before its start, and leaves issued permits both begun and awaiting their start', async () => {
    const early = await sql<{ number: string }>`
      select p.number from audit_log a join permits p on a.entity_id = p.id::text
      where a.entity_type = 'permit' and a.action = 'permit.accept' and a.occurred_at < p.planned_start`.execute(db());
    expect(early.rows).toEqual([]);
    const issued = await sql<{ begun: number; awaiting: number }>`
      select count(*) filter (where planned_start <= now())::int as begun,
             count(*) filter (where planned_start > now())::int as awaiting
      from permits where status = 'issued' and facility_id = 1`.execute(db());
    expect(issued.rows[0]!.begun).toBeGreaterThan(0);
    expect(issued.rows[0]!.awaiting).toBeGreaterThan(0);
  });

  it('keeps separation of duties: no requester approved their own permit, no issuer holds it', async () => {
    const selfApproved = await sql<{ n: number }>`
      select count(*)::int as n from permit_approvals a join permits p on p.id = a.permit_id
      where a.user_id = p.requester_id`.execute(db());
    expect(selfApproved.rows[0]!.n).toBe(0);
    const issuerHolds = await sql<{ n: number }>`
      select count(*)::int as n from permits where issuer_id = holder_id`.execute(db());
    expect(issuerHolds.rows[0]!.n).toBe(0);
  });

  it('leaves work for the worker (accept an issued permit) and the supervisor (approve, issue)', async () => {
    const ids = async (status: string) =>
      (
        await db()
          .selectFrom('permits')
          .select('id')
          .where('facility_id', '=', 1)
          .where('status', '=', status as never)
          .execute()
      ).map((r) => r.id);
    const offered = async (as: string, status: string, verb: string) => {
      for (const id of await ids(status)) if ((await view(as, id)).allowedCommands.includes(verb as never)) return true;
      return false;
    };
    expect(await offered('worker', 'issued', 'accept')).toBe(true);
    expect(await offered('worker', 'active', 'complete-work')).toBe(true);
    expect(await offered('supervisor', 'requested', 'approve')).toBe(true);
    expect(await offered('supervisor', 'isolated', 'issue')).toBe(true);
  });

  it('has permits in force ending within the hour of the seed ("expiring today")', async () => {
    const soon = await sql<{ n: number }>`
      select count(*)::int as n from permits
      where status = 'active' and planned_end > now() - interval '30 minutes'
        and planned_end < now() + interval '1 hour'`.execute(db());
    expect(soon.rows[0]!.n).toBeGreaterThan(0);
  });

  it('leaves the supervisor a print list: planned tags, permits in force, a lockbox label and new locks', async () => {
    const kinds = new Map<string, number>();
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/print-list',
      headers: { authorization: `Bearer ${tokens.supervisor}` },
    });
    expect(response.statusCode).toBe(200);
    for (const item of response.json<{ items: { kind: string }[] }>().items)
      kinds.set(item.kind, (kinds.get(item.kind) ?? 0) + 1);
    expect(kinds.get('tag')).toBeGreaterThanOrEqual(2);
    expect(kinds.get('permit')).toBeGreaterThanOrEqual(1);
    expect(kinds.get('lockbox')).toBe(1);
    // Lock labels: only the spare green padlocks (new locks) wait; the retired one is in no queue.
    const locks = response
      .json<{ items: { kind: string; number: string }[] }>()
      .items.filter((i) => i.kind === 'lock')
      .map((i) => i.number);
    expect(locks).toEqual(['GRN-001', 'GRN-002', 'GRN-003', 'GRN-004']);
    const printed = await t.app.inject({
      method: 'GET',
      url: '/api/print-list?queue=printed&kind=lock',
      headers: { authorization: `Bearer ${tokens.supervisor}` },
    });
    expect(printed.json<{ items: { number: string }[] }>().items.map((i) => i.number)).toContain('RED-001');
    // Given through the commands: each planned tag and the lockbox have their audit rows.
    const audited = await sql<{ action: string }>`
      select distinct action from audit_log where action in ('isolation-plan.fill', 'lockbox.open')`.execute(db());
    expect(audited.rows.map((r) => r.action).sort()).toEqual(['isolation-plan.fill', 'lockbox.open']);
  });

  it("sends the supervisor what awaits them, and not the history's notifications", async () => {
    const supervisor = await db()
      .selectFrom('users')
      .select('id')
      .where('user_name', '=', 'supervisor')
      .executeTakeFirstOrThrow();
    const inbox = () =>
      db()
        .selectFrom('notifications')
        .select('title')
        .where('user_id', '=', supervisor.id)
        .where('facility_id', '=', 1)
        .execute();
    const deadline = Date.now() + 20_000;
    while (!(await inbox()).some((n) => n.title.endsWith(': approval requested')) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const titles = (await inbox()).map((n) => n.title);
    expect(titles.filter((title) => title.endsWith(': approval requested')).length).toBeGreaterThan(0);
    // Closed permits are history: nobody is told about their old requests.
    const closedNumbers = (
      await db().selectFrom('permits').select('number').where('status', '=', 'closed').execute()
    ).map((p) => p.number);
    expect(titles.filter((title) => closedNumbers.some((number) => title.startsWith(`${number} `)))).toEqual([]);
  });
});
