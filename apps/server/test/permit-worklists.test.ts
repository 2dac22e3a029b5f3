import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isSignedPermitCommand,
  type DashboardWidgetData,
  type Permit,
  type PermitCommand,
  type PermitCommandRefusals,
  type PermitIndexPage,
  type PermitWorklist,
} from '@hasp/contracts';
import { withoutIsolationPlan } from './support/loto-fixtures';
import { withoutQuestions } from './support/permit-answers';
import { permitCore } from './support/permit-draft';
import { createTestApp, DEMO_PASSWORD, login, type TestApp } from './test-app';

/**
 * The worklists over the demo facility's permits (real PostgreSQL): each lists exactly the permits
 * the reader may act on by the lifecycle (the permit's own allowed commands and refusals, as the
 * permit page answers them), and only the lists a person could ever use are offered on the dashboard.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const users: Record<string, number> = {};
const db = () => t.connections[0]!.db;
const people = ['admin', 'supervisor', 'worker', 'contractor'];

const get = async <T>(as: string, url: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[as]}` } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};
const listed = async (as: string, list: PermitWorklist) => {
  const page = await get<PermitIndexPage>(as, `/api/permits?view=${list}&pageSize=200`);
  expect(page.total).toBe(page.rows.length);
  return new Set(page.rows.map((r) => r.ID));
};

const send = (as: string, url: string, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${tokens[as]}` },
    ...(payload ? { payload } : {}),
  });

/** A LOTO permit requested by `by`, held by `holder`, then walked through `steps` (each must succeed). */
async function permitAt(by: string, holder: string, steps: [string, PermitCommand][], startInHours = -0.1) {
  const start = new Date(Math.floor(Date.now() / 60_000) * 60_000 + startInHours * 3_600_000);
  const [type, asset] = await Promise.all([
    db()
      .selectFrom('permit_types')
      .select('id')
      .where('facility_id', '=', 1)
      .where('code', '=', 'LOTO')
      .executeTakeFirstOrThrow(),
    db()
      .selectFrom('assets')
      .select(['id', 'area_id'])
      .where('facility_id', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow(),
  ]);
  const created = await send(by, '/api/permits', {
    permitTypeId: type.id,
    ...permitCore({
      areaId: asset.area_id,
      assetIds: [asset.id],
      plannedStart: start.toISOString(),
      holderId: users[holder]!,
    }),
  });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json<Permit>().ID;
  for (const [as, verb] of [[by, 'request'], ...steps] as [string, PermitCommand][]) {
    const response = await send(
      as,
      `/api/permits/${id}/commands/${verb}`,
      isSignedPermitCommand(verb) ? { password: DEMO_PASSWORD } : undefined,
    );
    expect(response.statusCode, `${as} ${verb}: ${response.body}`).toBe(200);
  }
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  // The lifecycle's person rules alone: the plan's and the questions' guards have their own tests.
  await withoutIsolationPlan(db());
  await withoutQuestions(db());
  for (const username of people) {
    tokens[username] = (await login(t.app, { username })).json<{ token: string }>().token;
    users[username] = (
      await db().selectFrom('users').select('id').where('user_name', '=', username).executeTakeFirstOrThrow()
    ).id;
  }
  const approved: [string, PermitCommand][] = [['supervisor', 'approve']];
  const isolated: [string, PermitCommand][] = [...approved, ['supervisor', 'isolate']];
  const issued: [string, PermitCommand][] = [...isolated, ['admin', 'issue']];
  const active: [string, PermitCommand][] = [...issued, ['contractor', 'accept']];
  // One permit at each step, and the separation-of-duties cases beside them.
  await permitAt('worker', 'contractor', []);
  await permitAt('supervisor', 'contractor', []);
  await permitAt('worker', 'contractor', isolated);
  await permitAt('worker', 'supervisor', isolated);
  await permitAt('worker', 'contractor', issued);
  await permitAt('worker', 'contractor', issued, 2);
  await permitAt('worker', 'contractor', active);
  await permitAt('worker', 'contractor', [...active, ['contractor', 'complete-work'], ['supervisor', 'de-isolate']]);
});
afterAll(async () => t?.close());

describe('worklists', () => {
  it('each worklist lists exactly the permits its reader may act on, by the lifecycle', async () => {
    const candidates = await db()
      .selectFrom('permits')
      .select('id')
      .where('facility_id', '=', 1)
      .where('status', 'in', ['requested', 'isolated', 'issued', 'active', 'de_isolation'])
      .execute();
    for (const as of people) {
      const expected: Record<Exclude<PermitWorklist, 'starting-today'>, Set<number>> = {
        'awaiting-approval': new Set(),
        'awaiting-issue': new Set(),
        'awaiting-acceptance': new Set(),
        'mine-to-close': new Set(),
      };
      for (const { id } of candidates) {
        const permit = await get<Permit>(as, `/api/permits/${id}`);
        const allowed = new Set(permit.allowedCommands);
        if (allowed.has('approve')) expected['awaiting-approval'].add(id);
        if (allowed.has('issue')) expected['awaiting-issue'].add(id);
        if (allowed.has('accept')) expected['awaiting-acceptance'].add(id);
        if (allowed.has('complete-work')) expected['mine-to-close'].add(id);
        if (permit.status === 'de_isolation') {
          // Theirs to close when only steps left stand in the way, not a permission they lack.
          const { refusals } = await get<PermitCommandRefusals>(as, `/api/permits/${id}/command-refusals`);
          const close = refusals.find((r) => r.command === 'close');
          if (allowed.has('close') || close?.code === 'PRECONDITION_FAILED') expected['mine-to-close'].add(id);
        }
      }
      for (const [list, ids] of Object.entries(expected)) {
        expect([...(await listed(as, list as PermitWorklist))].sort(), `${as}: ${list}`).toEqual([...ids].sort());
      }
    }
    // Every list holds work for someone here: the comparison is not of empty sets alone.
    expect((await listed('supervisor', 'awaiting-approval')).size).toBe(1);
    expect((await listed('admin', 'awaiting-approval')).size).toBe(2);
    expect((await listed('supervisor', 'awaiting-issue')).size).toBe(1);
    expect((await listed('admin', 'awaiting-issue')).size).toBe(2);
    expect((await listed('contractor', 'awaiting-acceptance')).size).toBe(1);
    expect((await listed('contractor', 'mine-to-close')).size).toBe(1);
    expect((await listed('supervisor', 'mine-to-close')).size).toBe(1);
  });

  it("'Starting today' lists the open permits starting within today in the facility's time zone that the reader holds, requested or may issue", async () => {
    const { rows } = await sql<{ id: number; holder_id: number | null; requester_id: number; code: string }>`
      select p.id, p.holder_id, p.requester_id, pt.code from permits p
      join permit_types pt on pt.id = p.permit_type_id
      join facilities f on f.id = p.facility_id
      where p.facility_id = 1 and p.status not in ('closed', 'cancelled', 'expired')
        and (p.planned_start at time zone f.time_zone)::date = (now() at time zone f.time_zone)::date`.execute(db());
    for (const as of people) {
      const context = await get<{ permissions: string[] }>(as, '/api/session/context');
      const mayIssue = (code: string) => context.permissions.includes(`permit:issue:${code}`);
      const expected = rows
        .filter((r) => r.holder_id === users[as] || r.requester_id === users[as] || mayIssue(r.code))
        .map((r) => r.id);
      expect([...(await listed(as, 'starting-today'))].sort(), as).toEqual(expected.sort());
    }
    expect((await listed('worker', 'starting-today')).size).toBeGreaterThan(0);
  });

  it('offers on the dashboard only the lists a person could ever act on: a worker gets no approval or issue list', async () => {
    const keys = async (as: string) =>
      (await get<DashboardWidgetData>(as, '/api/dashboards/widgets/my-work')).items.map((i) => i.key);
    expect(await keys('worker')).toEqual(['awaiting-acceptance', 'mine-to-close', 'starting-today', 'held', 'tagged']);
    expect(await keys('supervisor')).toEqual([
      'awaiting-approval',
      'awaiting-issue',
      'awaiting-acceptance',
      'mine-to-close',
      'starting-today',
      'held',
      'tagged',
    ]);
    // Asked anyway (a bookmark), the approval list answers nothing rather than an error: it is a filter of what they may act on.
    expect((await get<PermitIndexPage>('worker', '/api/permits?view=awaiting-approval')).total).toBe(0);
    // Each number counts what its list opens.
    const widget = await get<DashboardWidgetData>('supervisor', '/api/dashboards/widgets/my-work');
    for (const item of widget.items.filter((i) => i.key !== 'tagged')) {
      expect(item.count, item.key).toBe((await listed('supervisor', item.key as PermitWorklist)).size);
    }
  });
});
