import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from './test-app';

let t: TestApp;
const tokens: Record<string, string> = {};
let adminId: number;
beforeAll(async () => {
  t = await createTestApp();
  for (const username of ['admin', 'worker']) {
    tokens[username] = (await login(t.app, { username })).json<{ token: string }>().token;
  }
  adminId = (
    await t.connections[0]!.db.selectFrom('users')
      .select('id')
      .where('user_name', '=', 'admin')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t.close());

const call = (as: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[as]}` }, ...(payload ? { payload } : {}) });
const db = () => t.connections[0]!.db;

interface Facility {
  ID: number;
  name: string;
  companyID: number | null;
  isActive: boolean;
  isCurrent: boolean;
}
interface Entry {
  ID: string;
  action: string;
  entityType: string;
  entityID: string | null;
  facilityID: number | null;
  user: { displayName: string } | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}
interface AuditPage {
  items: Entry[];
  nextCursor: string | null;
}

const create = async (name: string, companyID: number | null = null) => {
  const response = await call('admin', 'POST', '/api/admin/facilities', { name, companyID });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Facility>();
};
const edit = (facility: Facility, change: Partial<Facility>) =>
  call('admin', 'PUT', `/api/admin/facilities/${facility.ID}`, {
    name: facility.name,
    companyID: facility.companyID,
    isActive: facility.isActive,
    ...change,
  });
const audit = async (query: string) => {
  const response = await call('admin', 'GET', `/api/admin/audit?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditPage>();
};

describe('administrator: facilities', () => {
  it('creates a facility that is usable at once, audited with its setup', async () => {
    const facility = await create('  East Yard  ');
    expect(facility).toMatchObject({ name: 'East Yard', companyID: null, isActive: true, isCurrent: false });

    const settings = await db()
      .selectFrom('facility_settings')
      .selectAll()
      .where('facility_id', '=', facility.ID)
      .executeTakeFirst();
    expect(settings).toBeDefined();
    const features = await db()
      .selectFrom('facility_security_settings')
      .select(['feature', 'enabled'])
      .where('facility_id', '=', facility.ID)
      .execute();
    expect(features.length).toBeGreaterThan(10);
    expect(features.every((f) => f.enabled)).toBe(true);

    // The creator may sign in there at once, as an administrator of it.
    const signedIn = await login(t.app, { username: 'admin', facilityId: facility.ID });
    expect(signedIn.statusCode).toBe(200);
    const token = signedIn.json<{ token: string }>().token;
    const context = await t.app.inject({ url: '/api/session/context', headers: { authorization: `Bearer ${token}` } });
    expect(context.json<{ permissions: string[] }>().permissions).toContain('rightnav:administrator');

    const { items } = await audit(`action=facility.create&entityId=${facility.ID}`);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      action: 'facility.create',
      entityType: 'facility',
      entityID: String(facility.ID),
      facilityID: null,
      user: { displayName: 'Alex Admin' },
      before: null,
      after: { ID: facility.ID, name: 'East Yard', companyID: null, isActive: true, setup: { grantedUserID: adminId } },
    });
  });

  it('refuses a name already in use, ignoring case, and an empty one', async () => {
    const taken = await call('admin', 'POST', '/api/admin/facilities', { name: 'north plant', companyID: null });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({
      details: [{ field: 'name', message: 'Another facility already has this name' }],
    });
    expect((await call('admin', 'POST', '/api/admin/facilities', { name: '   ', companyID: null })).statusCode).toBe(
      400,
    );
  });

  it('renames a facility with before and after in the audit log', async () => {
    const facility = await create('West Dock');
    const renamed = await edit(facility, { name: 'West Dock 2' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'West Dock 2' });
    const { items } = await audit(`action=facility.update&entityType=facility&entityId=${facility.ID}`);
    expect(items).toHaveLength(1);
    expect(items[0]!.before).toMatchObject({ name: 'West Dock' });
    expect(items[0]!.after).toMatchObject({ name: 'West Dock 2' });

    // Saving the same values again changes nothing and records nothing.
    expect((await edit(renamed.json<Facility>(), {})).statusCode).toBe(200);
    expect((await audit(`entityType=facility&entityId=${facility.ID}`)).items).toHaveLength(2);
  });

  it('moves a facility under a parent and refuses cycles, itself and unknown parents', async () => {
    const company = await create('Cycle Company');
    const site = await create('Cycle Site', company.ID);
    const unit = await create('Cycle Unit', site.ID);
    expect(unit.companyID).toBe(site.ID);

    const loop = await edit(company, { companyID: unit.ID });
    expect(loop.statusCode).toBe(400);
    expect(loop.json()).toMatchObject({ details: [{ field: 'companyID' }] });
    expect((await edit(company, { companyID: company.ID })).statusCode).toBe(400);
    expect((await edit(company, { companyID: 999_999 })).statusCode).toBe(400);
    expect(
      (await call('admin', 'POST', '/api/admin/facilities', { name: 'Orphan', companyID: 999_999 })).statusCode,
    ).toBe(400);

    const moved = await edit(unit, { companyID: company.ID });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ companyID: company.ID });
  });

  it("refuses to deactivate the caller's own facility, and deactivates and reactivates another", async () => {
    const facilities = (await call('admin', 'GET', '/api/admin/facilities')).json<Facility[]>();
    const own = facilities.find((f) => f.isCurrent)!;
    expect(own.ID).toBe(1);
    const refused = await edit(own, { isActive: false });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toMatch(/signed in to this facility/);

    const other = await create('Seasonal Site');
    expect((await edit(other, { isActive: false })).json()).toMatchObject({ isActive: false });
    // An inactive facility is no longer offered at sign-in, nor can anyone sign in to it.
    expect((await login(t.app, { username: 'admin', facilityId: other.ID })).statusCode).not.toBe(200);
    // It cannot be chosen as a new parent either.
    const child = await create('Seasonal Child');
    expect((await edit(child, { companyID: other.ID })).statusCode).toBe(400);
    expect((await edit({ ...other, isActive: false }, { isActive: true })).json()).toMatchObject({ isActive: true });

    const { items } = await audit(`entityType=facility&entityId=${other.ID}`);
    expect(items.map((e) => e.action)).toEqual(['facility.reactivate', 'facility.deactivate', 'facility.create']);
    expect(items[1]!.before).toMatchObject({ isActive: true });
    expect(items[1]!.after).toMatchObject({ isActive: false });
  });

  it('refuses every administrator call to a user without the permission', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/facilities'],
      ['POST', '/api/admin/facilities'],
      ['PUT', '/api/admin/facilities/1'],
      ['GET', '/api/admin/connection'],
      ['GET', '/api/admin/health'],
      ['GET', '/api/admin/jobs'],
      ['POST', '/api/admin/jobs/retry'],
      ['GET', '/api/admin/audit'],
      ['GET', '/api/admin/audit/facets'],
    ] as const) {
      const response = await call(
        'worker',
        method,
        url,
        method === 'GET'
          ? undefined
          : url.endsWith('/retry')
            ? { queue: 'x', id: '00000000-0000-4000-8000-000000000000' }
            : { name: 'X', companyID: null, isActive: true },
      );
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('administrator: audit log', () => {
  it("shows this facility's and connection-wide entries, never another facility's", async () => {
    await db()
      .insertInto('audit_log')
      .values([
        {
          facility_id: 1,
          user_id: adminId,
          action: 'test.here',
          entity_type: 'thing',
          entity_id: 'a',
          before: null,
          after: JSON.stringify({ n: 1 }),
        },
        {
          facility_id: 2,
          user_id: adminId,
          action: 'test.elsewhere',
          entity_type: 'thing',
          entity_id: 'b',
          before: null,
          after: null,
        },
      ])
      .execute();
    const all = await audit('entityType=thing');
    expect(all.items.map((e) => e.action)).toEqual(['test.here']);
    expect((await audit('action=test.elsewhere')).items).toEqual([]);
    expect((await audit('scope=connection&entityType=thing')).items).toEqual([]);
    expect((await audit('scope=facility&action=facility.create')).items).toEqual([]);
    expect((await audit('scope=connection&action=facility.create')).items.length).toBeGreaterThan(0);

    const facets = (await call('admin', 'GET', '/api/admin/audit/facets')).json<{
      actions: string[];
      entityTypes: string[];
      users: { displayName: string }[];
    }>();
    expect(facets.actions).toContain('test.here');
    expect(facets.actions).toContain('facility.create');
    expect(facets.actions).not.toContain('test.elsewhere');
    expect(facets.entityTypes).toEqual(expect.arrayContaining(['facility', 'thing']));
    expect(facets.users.map((u) => u.displayName)).toContain('Alex Admin');
  });

  it('filters by user and time range', async () => {
    const worker = await db()
      .selectFrom('users')
      .select('id')
      .where('user_name', '=', 'worker')
      .executeTakeFirstOrThrow();
    const old = new Date('2020-01-01T00:00:00Z');
    await db()
      .insertInto('audit_log')
      .values({
        occurred_at: old,
        facility_id: 1,
        user_id: worker.id,
        action: 'test.old',
        entity_type: 'thing',
        entity_id: 'c',
        before: null,
        after: null,
      })
      .execute();
    expect((await audit(`userId=${worker.id}`)).items.map((e) => e.action)).toEqual(['test.old']);
    const window = (from: string, to: string) =>
      audit(`from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&entityType=thing`);
    expect((await window('2019-12-31T00:00:00Z', '2020-01-02T00:00:00Z')).items.map((e) => e.action)).toEqual([
      'test.old',
    ]);
    expect((await window('2020-01-01T00:00:01Z', '2100-01-01T00:00:00Z')).items.map((e) => e.action)).toEqual([
      'test.here',
    ]);
    expect((await call('admin', 'GET', '/api/admin/audit?from=yesterday')).statusCode).toBe(400);
    expect((await call('admin', 'GET', '/api/admin/audit?pageSize=201')).statusCode).toBe(400);
  });

  it('pages newest first with a cursor, never repeating or skipping an entry (same-instant entries too)', async () => {
    // Entries written in one transaction share their instant: the ID breaks the tie.
    await db()
      .transaction()
      .execute(async (trx) => {
        for (let i = 0; i < 7; i++) {
          await trx
            .insertInto('audit_log')
            .values({
              facility_id: i % 2 ? 1 : null,
              user_id: adminId,
              action: 'test.page',
              entity_type: 'page',
              entity_id: String(i),
              before: null,
              after: null,
            })
            .execute();
        }
      });
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: AuditPage = await audit(`action=test.page&pageSize=3${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items.map((e) => e.entityID!));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(['6', '5', '4', '3', '2', '1', '0']);
  });

  it('answers fast with 100,000 entries', async () => {
    await sql`insert into audit_log (occurred_at, facility_id, user_id, action, entity_type, entity_id, before, after)
      select now() - (g || ' seconds')::interval, case when g % 3 = 0 then null when g % 3 = 1 then 1 else 2 end,
             ${adminId}, 'bulk.change', 'bulk', g::text, jsonb_build_object('v', g), jsonb_build_object('v', g + 1)
      from generate_series(1, 100000) g`.execute(db());
    await sql`analyze audit_log`.execute(db());
    const started = performance.now();
    const first = await audit('pageSize=200');
    const second = await audit(`pageSize=200&cursor=${first.nextCursor}`);
    const filtered = await audit('action=bulk.change&scope=facility&pageSize=50');
    const elapsed = performance.now() - started;
    expect(first.items).toHaveLength(200);
    expect(second.items).toHaveLength(200);
    expect(filtered.items.every((e) => e.facilityID === 1)).toBe(true);
    expect(elapsed).toBeLessThan(1500);
  });
});

describe('administrator: connection and health', () => {
  it('describes the connection without its address or password', async () => {
    const response = await call('admin', 'GET', '/api/admin/connection');
    expect(response.statusCode).toBe(200);
    const info = response.json<Record<string, unknown>>();
    expect(info).toMatchObject({ name: 'Demo', mode: 'embedded' });
    expect(info.serverVersion).toMatch(/^PostgreSQL \d+/);
    expect(info.databaseSizeBytes).toBeGreaterThan(1_000_000);
    expect(info.facilityCount).toBeGreaterThanOrEqual(2);
    expect(info.userCount).toBeGreaterThanOrEqual(4);
    expect(info.activeSessionCount).toBeGreaterThanOrEqual(2);
    const url = new URL(t.connections[0]!.url);
    for (const secret of [t.connections[0]!.url, url.password, url.host, url.pathname.slice(1), 'postgres://']) {
      if (secret) expect(response.body).not.toContain(secret);
    }
  });

  it('reports the server and every connection with a latency', async () => {
    const response = await call('admin', 'GET', '/api/admin/health');
    expect(response.statusCode).toBe(200);
    const health = response.json<{
      status: string;
      nodeVersion: string;
      uptimeSeconds: number;
      memory: { rssBytes: number };
      connections: { name: string; ok: boolean; latencyMs: number | null }[];
    }>();
    expect(health.status).toBe('ok');
    expect(health.nodeVersion).toBe(process.version);
    expect(health.memory.rssBytes).toBeGreaterThan(0);
    expect(health.connections).toEqual([{ name: 'Demo', ok: true, latencyMs: expect.any(Number) as number }]);
    expect(response.body).not.toContain('postgres://');
  });
});
