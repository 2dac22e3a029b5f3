import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permitSections, type PersonOption } from '@hasp/contracts';
import { createTestApp, login, type TestApp } from './test-app';

/** GET /api/users: the permit page's people picker — names of the caller's facility only. */
let t: TestApp;
const tokens: Record<string, string> = {};
const get = (as: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[as]}` } });

beforeAll(async () => {
  t = await createTestApp();
  tokens.worker = (await login(t.app, { username: 'worker' })).json<{ token: string }>().token;
  tokens.adminRiverside = (await login(t.app, { username: 'admin', facilityId: 2 })).json<{ token: string }>().token;
});
afterAll(async () => t?.close());

describe('GET /api/users', () => {
  it('finds users of the facility by name or user name, for any signed-in user', async () => {
    const response = await get('worker', '/api/users?q=work');
    expect(response.statusCode).toBe(200);
    const people = response.json<PersonOption[]>();
    expect(people.map((p) => p.userName)).toContain('worker');
    expect(people.every((p) => `${p.displayName} ${p.userName}`.toLowerCase().includes('work'))).toBe(true);
  });

  it("shows only the caller's facility", async () => {
    const db = t.connections[0]!.db;
    const north = await db.selectFrom('user_facilities').select('user_id').where('facility_id', '=', 1).execute();
    const riverside = await db.selectFrom('user_facilities').select('user_id').where('facility_id', '=', 2).execute();
    const onlyNorth = north.map((r) => r.user_id).filter((id) => !riverside.some((r) => r.user_id === id));
    expect(onlyNorth.length).toBeGreaterThan(0);
    const all = (await get('adminRiverside', '/api/users')).json<PersonOption[]>();
    expect(all.length).toBeGreaterThan(0);
    expect(all.some((p) => onlyNorth.includes(p.ID))).toBe(false);
  });

  it('names the users of ids (the filters of a shared URL), inactive ones too, of the facility only', async () => {
    const db = t.connections[0]!.db;
    const idOf = async (userName: string) =>
      (await db.selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow()).id;
    const [worker, supervisor, contractor] = await Promise.all(['worker', 'supervisor', 'contractor'].map(idOf));
    const ids = `${worker},${supervisor},${contractor}`;
    const north = (await get('worker', `/api/users?ids=${ids}`)).json<PersonOption[]>();
    expect(north.map((p) => p.ID).sort()).toEqual([worker, supervisor, contractor].sort());
    const riverside = (await get('adminRiverside', `/api/users?ids=${ids}`)).json<PersonOption[]>();
    expect(riverside.map((p) => p.ID)).not.toContain(worker);

    await db.updateTable('users').set({ is_active: false }).where('id', '=', contractor!).execute();
    try {
      const searched = (await get('worker', '/api/users?q=contractor')).json<PersonOption[]>();
      expect(searched.map((p) => p.ID)).not.toContain(contractor);
      const named = (await get('worker', `/api/users?ids=${contractor}`)).json<PersonOption[]>();
      expect(named.map((p) => p.userName)).toEqual(['contractor']);
    } finally {
      await db.updateTable('users').set({ is_active: true }).where('id', '=', contractor!).execute();
    }
  });

  it('refuses more than 50 ids, or ids that are not IDs', async () => {
    const many = Array.from({ length: 51 }, (_, i) => i + 1).join(',');
    expect((await get('worker', `/api/users?ids=${many}`)).statusCode).toBe(400);
    expect((await get('worker', '/api/users?ids=1,x')).statusCode).toBe(400);
    expect((await get('worker', '/api/users?ids=')).statusCode).toBe(400);
    const outOfRange = await get('worker', '/api/users?ids=1,2147483648');
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json()).toMatchObject({ details: [{ message: 'ids: a user ID is out of range' }] });
  });

  it('treats LIKE wildcards as plain characters', async () => {
    expect((await get('worker', '/api/users?q=%25')).json<PersonOption[]>()).toEqual([]);
  });

  it('needs a sign-in', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(401);
  });
});

describe('GET /api/permits/types/:code', () => {
  it("gives the create page the type's id and maximum validity", async () => {
    const token = (await login(t.app, { username: 'admin' })).json<{ token: string }>().token;
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/permits/types/LOTO',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    const row = await t.connections[0]!.db.selectFrom('permit_types')
      .select(['id', 'max_validity_hours', 'sections'])
      .where('facility_id', '=', 1)
      .where('code', '=', 'LOTO')
      .executeTakeFirstOrThrow();
    expect(response.json()).toMatchObject({ ID: row.id, code: 'LOTO', maxValidityHours: row.max_validity_hours });
    // The sections, so the create page knows whether the hazard analysis sets the risk level.
    expect(response.json<{ sections: string[] }>().sections).toEqual(
      permitSections.filter((section) => row.sections.includes(section)),
    );
    expect(row.sections).toContain('hazard-analysis');
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/permits/types/NOPE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
