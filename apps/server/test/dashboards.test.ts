import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  builtInDashboardLayout,
  dashboardWidgetDataSchema,
  dashboardWidgetKinds,
  permitStatuses,
  type DashboardLayout,
  type DashboardWidgetData,
  type PermitIndexPage,
  type PermitStatus,
  type UserDashboardLayout,
} from '@hasp/contracts';
import { newLock, putLock, putTag } from './support/loto-fixtures';
import { planPoints } from './support/tag-fixtures';
import { createTestApp, login, type TestApp } from './test-app';

/**
 * Dashboards over the real server and PostgreSQL: each user's layout saved and restored
 * per facility, the facility default an administrator sets (audited, version-checked), layouts
 * checked on the server, and every widget's numbers equal both the permit index it opens and a
 * query of the same data written here independently.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const users: Record<string, number> = {};
const db = () => t.connections[0]!.db;

const send = (as: string, method: 'GET' | 'PUT' | 'DELETE', url: string, body?: unknown, version?: number) =>
  t.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${tokens[as]}`,
      ...(version === undefined ? {} : { 'if-match': `"${version}"` }),
    },
    ...(body === undefined ? {} : { payload: body as object }),
  });
const widget = async (as: string, kind: string) => {
  const response = await send(as, 'GET', `/api/dashboards/widgets/${kind}`);
  expect(response.statusCode, response.body).toBe(200);
  return z.parse(dashboardWidgetDataSchema, response.json());
};
const indexTotal = async (as: string, filter: Record<string, string>) => {
  const response = await send(
    as,
    'GET',
    `/api/permits?${new URLSearchParams({ ...filter, pageSize: '1' }).toString()}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PermitIndexPage>().total;
};

const arranged: DashboardLayout = {
  items: [
    { widget: 'locks', x: 0, y: 0, w: 6, h: 3 },
    { widget: 'shared-points', x: 6, y: 0, w: 6, h: 4 },
    { widget: 'my-work', x: 0, y: 3, w: 12, h: 2 },
  ],
};

beforeAll(async () => {
  t = await createTestApp();
  for (const username of ['admin', 'supervisor', 'worker', 'contractor']) {
    tokens[username] = (await login(t.app, { username })).json<{ token: string }>().token;
    users[username] = (
      await db().selectFrom('users').select('id').where('user_name', '=', username).executeTakeFirstOrThrow()
    ).id;
  }
  tokens.adminRiverside = (await login(t.app, { username: 'admin', facilityId: 2 })).json<{ token: string }>().token;
  // The demo has the CustomDashboards module on at North Plant only; these tests use Riverside's too.
  await setDashboards(2, true);
});
afterAll(async () => t?.close());

async function setDashboards(facilityId: number, on: boolean) {
  await db()
    .insertInto('facility_settings')
    .values({ facility_id: facilityId, custom_dashboards: on })
    .onConflict((oc) => oc.column('facility_id').doUpdateSet({ custom_dashboards: on }))
    .execute();
}

describe('the CustomDashboards module', () => {
  it("switched off, refuses the caller's layout and widgets; the facility's default stays open to its administrators", async () => {
    await setDashboards(2, false);
    try {
      for (const url of ['/api/dashboards/layout', '/api/dashboards/widgets/permits-by-status']) {
        const refused = await send('adminRiverside', 'GET', url);
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json<{ message: string }>().message).toBe('This feature is switched off for this facility');
      }
      expect((await send('adminRiverside', 'GET', '/api/dashboards/default-layout')).statusCode).toBe(200);
    } finally {
      await setDashboards(2, true);
    }
    expect((await send('adminRiverside', 'GET', '/api/dashboards/layout')).statusCode).toBe(200);
  });
});

describe('dashboard layouts', () => {
  it('starts from the built-in layout, saves and restores per user per facility, with a version check', async () => {
    const first = (await send('supervisor', 'GET', '/api/dashboards/layout')).json<UserDashboardLayout>();
    expect(first).toEqual({ layout: builtInDashboardLayout, source: 'built-in', version: 0 });

    const saved = await send('supervisor', 'PUT', '/api/dashboards/layout', arranged, 0);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ layout: arranged, source: 'user', version: 1 });
    expect((await send('supervisor', 'GET', '/api/dashboards/layout')).json()).toEqual(saved.json());

    // Someone else's dashboard, and the same person in another facility, are untouched.
    expect((await send('worker', 'GET', '/api/dashboards/layout')).json<UserDashboardLayout>().source).toBe('built-in');
    await send('admin', 'PUT', '/api/dashboards/layout', arranged, 0);
    expect((await send('adminRiverside', 'GET', '/api/dashboards/layout')).json<UserDashboardLayout>().source).toBe(
      'built-in',
    );

    // A second tab that loaded version 0 does not overwrite version 1.
    const stale = await send('supervisor', 'PUT', '/api/dashboards/layout', builtInDashboardLayout, 0);
    expect(stale.statusCode).toBe(409);
    expect((await send('supervisor', 'PUT', '/api/dashboards/layout', arranged, 1)).json()).toMatchObject({
      version: 2,
    });
  });

  it('refuses layouts that are not sane, naming the field', async () => {
    const bad: [unknown, string][] = [
      [{ items: [{ widget: 'weather', x: 0, y: 0, w: 4, h: 3 }] }, 'widget'],
      [{ items: [{ widget: 'locks', x: 0, y: 0, w: 13, h: 3 }] }, 'w'],
      [{ items: [{ widget: 'locks', x: 8, y: 0, w: 6, h: 3 }] }, 'w'],
      [{ items: [{ widget: 'locks', x: 0, y: 0, w: 4, h: 1 }] }, 'h'],
      [{ items: [{ widget: 'locks', x: 0, y: 500, w: 4, h: 3 }] }, 'y'],
      [
        {
          items: [
            { widget: 'locks', x: 0, y: 0, w: 4, h: 3 },
            { widget: 'locks', x: 4, y: 0, w: 4, h: 3 },
          ],
        },
        'items',
      ],
    ];
    for (const [layout, field] of bad) {
      const response = await send('worker', 'PUT', '/api/dashboards/layout', layout);
      expect(response.statusCode, JSON.stringify(layout)).toBe(400);
      expect(response.body).toContain(field);
    }
    expect((await send('worker', 'GET', '/api/dashboards/layout')).json<UserDashboardLayout>().source).toBe('built-in');
  });

  it("an administrator sets the facility's default (audited, version-checked); users without their own see it", async () => {
    const facilityDefault: DashboardLayout = { items: [{ widget: 'permits-by-type', x: 0, y: 0, w: 12, h: 4 }] };
    expect((await send('worker', 'PUT', '/api/dashboards/default-layout', facilityDefault, 0)).statusCode).toBe(403);
    expect((await send('admin', 'GET', '/api/dashboards/default-layout')).json()).toEqual({
      layout: builtInDashboardLayout,
      version: 0,
    });
    const set = await send('admin', 'PUT', '/api/dashboards/default-layout', facilityDefault, 0);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ layout: facilityDefault, version: 1 });
    expect((await send('admin', 'PUT', '/api/dashboards/default-layout', facilityDefault, 0)).statusCode).toBe(409);

    expect((await send('worker', 'GET', '/api/dashboards/layout')).json()).toEqual({
      layout: facilityDefault,
      source: 'facility',
      version: 0,
    });
    // The supervisor arranged theirs: it stays theirs until they reset it.
    expect((await send('supervisor', 'GET', '/api/dashboards/layout')).json<UserDashboardLayout>().source).toBe('user');
    const reset = await send('supervisor', 'DELETE', '/api/dashboards/layout');
    expect(reset.json()).toEqual({ layout: facilityDefault, source: 'facility', version: 0 });
    // Riverside's default is its own.
    expect((await send('adminRiverside', 'GET', '/api/dashboards/layout')).json<UserDashboardLayout>().source).toBe(
      'built-in',
    );

    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'user_id', 'after'])
      .where('action', '=', 'dashboards.default-layout.update')
      .execute();
    expect(audit).toEqual([
      { action: 'dashboards.default-layout.update', user_id: users.admin, after: expect.anything() },
    ]);
  });
});

describe('dashboard widgets', () => {
  const hour = 3_600_000;
  let permitType: number;
  let area: { root: number; child: number };

  /** A LOTO permit of facility 1 in `status`, ending `endsIn` ms from now. */
  async function permit(status: PermitStatus, endsIn: number, extra: { areaId?: number; holderId?: number } = {}) {
    const now = Date.now();
    const row = await db()
      .insertInto('permits')
      .values({
        facility_id: 1,
        permit_type_id: permitType,
        number: `DW-${Math.random().toString(36).slice(2, 10)}`,
        status,
        title: 'Dashboard widget permit',
        area_id: extra.areaId ?? null,
        holder_id: extra.holderId ?? null,
        planned_start: new Date(now - 48 * hour),
        planned_end: new Date(now + endsIn),
        requester_id: users.worker!,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  beforeAll(async () => {
    permitType = (
      await db()
        .selectFrom('permit_types')
        .select('id')
        .where('facility_id', '=', 1)
        .where('code', '=', 'LOTO')
        .executeTakeFirstOrThrow()
    ).id;
    const child = await db()
      .selectFrom('areas')
      .select(['id', 'parent_area_id'])
      .where('facility_id', '=', 1)
      .where('parent_area_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    area = { root: child.parent_area_id!, child: child.id };
    // Two permits isolating (one in the child area), sharing a point; one with a lock on past its end.
    const a = await permit('active', 10 * hour, { areaId: area.child, holderId: users.supervisor });
    const b = await permit('isolated', -2 * hour, { areaId: area.root });
    const c = await permit('requested', 30 * hour);
    const [pointA] = await planPoints(db(), a, 1);
    const [pointB] = await planPoints(db(), b, 1);
    await db()
      .updateTable('permit_isolation_points')
      .set({ state: 'isolated', isolated_at: new Date(), isolated_by: users.supervisor! })
      .where('id', 'in', [pointA!, pointB!])
      .execute();
    const shared = await db()
      .selectFrom('permit_isolation_points')
      .select('isolation_point_id')
      .where('id', '=', pointA!)
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('permit_isolation_points')
      .values({
        facility_id: 1,
        permit_id: b,
        isolation_point_id: shared.isolation_point_id,
        position: 5,
        state: 'verified',
      })
      .execute();
    await putLock(
      db(),
      { permitId: b, planPointId: pointB! },
      await newLock(db(), `DW-${process.pid}-1`, b),
      users.supervisor!,
    );
    await putLock(
      db(),
      { permitId: a, planPointId: pointA! },
      await newLock(db(), `DW-${process.pid}-2`, a),
      users.worker!,
    );
    await putTag(db(), a, pointA!, users.supervisor!);
    // A gas test out of limits now, one yesterday (not today), one voided.
    const instrument = await db()
      .selectFrom('gas_instruments')
      .select('id')
      .where('facility_id', '=', 1)
      .executeTakeFirstOrThrow();
    const gas = (permitId: number, at: Date, voided: boolean) => ({
      facility_id: 1,
      permit_id: permitId,
      tested_at: at,
      location: 'Inlet',
      instrument_id: instrument.id,
      calibration_due: '2027-01-01',
      tester_id: users.supervisor!,
      tester_name: 'Sam Supervisor',
      recorded_by: users.supervisor!,
      recorded_at: at,
      in_limits: false,
      voided_at: voided ? at : null,
      voided_by: voided ? users.supervisor! : null,
      void_reason: voided ? 'wrong permit' : null,
    });
    await db()
      .insertInto('permit_gas_tests')
      .values([gas(a, new Date(), false), gas(b, new Date(Date.now() - 50 * hour), false), gas(c, new Date(), true)])
      .execute();
    // An offline change in conflict on c, and a resolved one on a.
    const at = new Date();
    const conflict = (permitId: number, seq: number, resolved: boolean) => ({
      facility_id: 1,
      user_id: users.worker!,
      device_id: '00000000-0000-4000-8000-0000000000d5',
      device_seq: seq,
      idempotency_key: `dashboard-${seq}`,
      request_hash: 'dashboard',
      name: 'permit.edit',
      target: String(permitId),
      permit_id: permitId,
      input: JSON.stringify({}),
      device_time: at,
      synced_at: at,
      outcome: 'conflict' as const,
      base_version: 1,
      server_version: 2,
      ...(resolved ? { resolved_at: at, resolved_by: users.supervisor!, resolution: 'kept-server' } : {}),
    });
    await db()
      .insertInto('sync_commands')
      .values([conflict(c, 1, false), conflict(a, 2, true)])
      .execute();
  });

  it('every number equals the permit index it opens, for every widget and caller', async () => {
    for (const as of ['admin', 'supervisor', 'contractor']) {
      for (const kind of dashboardWidgetKinds) {
        const data = await widget(as, kind);
        expect(data.kind).toBe(kind);
        for (const item of data.items)
          expect(await indexTotal(as, item.filter), `${as} ${kind} ${item.key}`).toBe(item.count);
        if (kind !== 'my-work' && kind !== 'shared-points' && kind !== 'isolations-by-area')
          expect(await indexTotal(as, data.filter), `${as} ${kind}`).toBe(data.total);
      }
    }
  });

  it('equal a query of the same data', async () => {
    const n = async (query: ReturnType<typeof sql<{ n: string }>>) => Number((await query.execute(db())).rows[0]!.n);
    const byKey = (data: DashboardWidgetData) => Object.fromEntries(data.items.map((i) => [i.key, i.count]));

    const statuses = await sql<{ status: string; n: string }>`select status, count(*) as n from permits
      where facility_id = 1 and status not in ('closed', 'cancelled') group by status`.execute(db());
    expect(byKey(await widget('admin', 'permits-by-status'))).toEqual(
      Object.fromEntries(statuses.rows.map((r) => [r.status, Number(r.n)])),
    );
    expect(permitStatuses).toContain('closed');

    const isolating = sql`select distinct permit_id from permit_isolation_points where facility_id = 1
      and removed_at is null and state in ('isolated', 'verified', 'test_released')`;
    expect((await widget('admin', 'isolations-by-area')).total).toBe(
      await n(sql`select count(*) as n from (${isolating}) x`),
    );
    expect((await widget('admin', 'isolations-by-area')).items.find((i) => i.key === String(area.root))?.count).toBe(
      await n(sql`select count(*) as n from permits where id in (${isolating})
        and area_id in (select id from areas where id = ${area.root} or parent_area_id = ${area.root})`),
    );

    const shared = await sql<{ isolation_point_id: number; n: string }>`select isolation_point_id, count(*) as n
      from permit_isolation_points where facility_id = 1 and removed_at is null
        and state in ('isolated', 'verified', 'test_released')
      group by isolation_point_id having count(*) > 1`.execute(db());
    const sharedWidget = await widget('admin', 'shared-points');
    expect(sharedWidget.total).toBe(shared.rows.length);
    expect(shared.rows.length).toBeGreaterThan(0);
    expect(byKey(sharedWidget)).toEqual(
      Object.fromEntries(shared.rows.map((r) => [String(r.isolation_point_id), Number(r.n)])),
    );

    const locks = byKey(await widget('admin', 'locks'));
    expect(locks.locked).toBe(
      await n(
        sql`select count(distinct permit_id) as n from lock_applications where facility_id = 1 and removed_at is null`,
      ),
    );
    expect(locks['locks-overdue']).toBe(
      await n(sql`select count(distinct la.permit_id) as n from lock_applications la join permits p on p.id = la.permit_id
        where la.facility_id = 1 and la.removed_at is null and p.planned_end < now()`),
    );
    expect(locks['locks-overdue']).toBeGreaterThan(0);

    expect((await widget('admin', 'gas-out-of-limits')).total).toBe(
      await n(sql`select count(distinct gt.permit_id) as n from permit_gas_tests gt join facilities f on f.id = gt.facility_id
        where gt.facility_id = 1 and not gt.in_limits and gt.voided_at is null
          and gt.tested_at >= (date_trunc('day', now() at time zone f.time_zone) at time zone f.time_zone)`),
    );
    expect((await widget('admin', 'sync-conflicts')).total).toBe(
      await n(sql`select count(distinct permit_id) as n from sync_commands
        where facility_id = 1 and outcome = 'conflict' and resolved_at is null`),
    );
    expect((await widget('admin', 'sync-conflicts')).total).toBeGreaterThan(0);

    const mine = byKey(await widget('supervisor', 'my-work'));
    expect(mine.tagged).toBe(
      await n(sql`select count(distinct permit_id) as n from tags where facility_id = 1
        and applied_by = ${users.supervisor} and state in ('applied', 'verified')`),
    );
    expect(mine.tagged).toBeGreaterThan(0);
    expect(mine.held).toBe(
      await n(sql`select count(*) as n from permits where facility_id = 1 and holder_id = ${users.supervisor}
        and status not in ('closed', 'cancelled')`),
    );
  });

  it('an unknown widget is a 400 naming it', async () => {
    const unknown = await send('worker', 'GET', '/api/dashboards/widgets/weather');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('kind');
  });
});
