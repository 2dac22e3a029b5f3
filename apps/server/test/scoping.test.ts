import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/modules/auth/password';
import { createTestApp, login, type TestApp } from './test-app';

// Two connections (databases), each holding facilities; a token only ever reaches its own.
let t: TestApp;
let demoToken: string;
let riversideOnlyUserId: number;
let secondOnlyUserId: number;
let secondOnlyFacilityId: number;

beforeAll(async () => {
  t = await createTestApp({ connections: ['Demo', 'Second'] });
  const [demo, second] = t.connections.map((c) => c.db) as [
    TestApp['connections'][0]['db'],
    TestApp['connections'][0]['db'],
  ];
  const hash = await hashPassword('riverside-pass');
  const riverside = await demo
    .insertInto('users')
    .values({ user_name: 'riverside', display_name: 'River Side', email: null, password_hash: hash })
    .returning('id')
    .executeTakeFirstOrThrow();
  await demo.insertInto('user_facilities').values({ user_id: riverside.id, facility_id: 2 }).execute();
  riversideOnlyUserId = riverside.id;

  const facility = await second
    .insertInto('facilities')
    .values({ name: 'South Works', parent_id: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  secondOnlyFacilityId = facility.id;
  const user = await second
    .insertInto('users')
    .values({ user_name: 'south', display_name: 'South Only', email: null, password_hash: hash })
    .returning('id')
    .executeTakeFirstOrThrow();
  await second.insertInto('user_facilities').values({ user_id: user.id, facility_id: facility.id }).execute();
  secondOnlyUserId = user.id;

  demoToken = (await login(t.app, { username: 'admin', facilityId: 1 })).json<{ token: string }>().token;
});
afterAll(() => t.close());

const get = (url: string, token = demoToken) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

describe('facility and connection scoping', () => {
  it('shows a user of the signed-in facility', async () => {
    const response = await get('/api/users/3');
    expect(response.statusCode).toBe(200);
    expect(response.json().userName).toBe('worker');
  });

  it('answers 404 for a user of another facility in the same connection', async () => {
    expect((await get(`/api/users/${riversideOnlyUserId}`)).statusCode).toBe(404);
    expect((await get('/api/facilities/2')).statusCode).toBe(404);
    expect((await get('/api/facilities/1')).json()).toEqual({ ID: 1, name: 'North Plant', companyID: null });
  });

  it("answers 404 for another connection's records, even with a valid token of this one", async () => {
    expect(secondOnlyUserId).toBeGreaterThan(4);
    const user = await get(`/api/users/${secondOnlyUserId}`);
    expect(user.statusCode).toBe(404);
    expect(user.json()).toEqual({ code: 'NOT_FOUND', message: 'User not found' });
    expect((await get(`/api/facilities/${secondOnlyFacilityId}`)).statusCode).toBe(404);
  });

  it('signs in to the second connection, where the same token shape reaches only its own database', async () => {
    const response = await login(t.app, {
      connectionStringName: 'Second',
      facilityId: secondOnlyFacilityId,
      username: 'south',
      password: 'riverside-pass',
    });
    expect(response.statusCode).toBe(200);
    const token = response.json<{ token: string }>().token;
    expect((await get('/api/stilFacility/view', token)).json()).toEqual({
      ID: secondOnlyFacilityId,
      name: 'South Works',
      companyID: 1,
    });
    expect((await get(`/api/users/${secondOnlyUserId}`, token)).statusCode).toBe(200);
    expect((await get('/api/users/1', token)).statusCode).toBe(404);
    // The South-only user does not exist in Demo.
    expect(
      (
        await login(t.app, {
          connectionStringName: 'Demo',
          facilityId: 1,
          username: 'south',
          password: 'riverside-pass',
        })
      ).statusCode,
    ).toBe(401);
  });

  it('lists each connection’s own facilities for the login screen', async () => {
    const second = await t.app.inject({
      url: '/api/stilFacility/getRecords?activeRecord=true&connectionStringName=Second',
    });
    expect(second.json()).toContainEqual({ ID: secondOnlyFacilityId, name: 'South Works', companyID: 1 });
    const demo = await t.app.inject({
      url: '/api/stilFacility/getRecords?activeRecord=true&connectionStringName=demo',
    });
    expect(demo.json()).not.toContainEqual(expect.objectContaining({ name: 'South Works' }));
  });
});
