import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { migrateToLatest } from '../src/db/migrate';
import { DEMO_PERMIT_STORIES_STEP, seedDemo } from '../src/db/seed/demo';
import { asSuperuser, createTestApp, login, type TestApp } from './test-app';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({
    connections: ['Demo', 'Empty Plant'],
    env: { HASP_LOGIN_MAX_PER_ADDRESS_PER_MINUTE: '30' },
  });
  // "Empty Plant" has no facilities at all.
  // The cascade reaches the append-only audit log: as a superuser, with its triggers off (replica).
  await asSuperuser(t.connections[1]!.url, [
    'begin',
    'set local session_replication_role = replica',
    'truncate facilities, users cascade',
    'commit',
  ]);
  token = (await login(t.app, { facilityId: 2 })).json<{ token: string }>().token;
});
afterAll(() => t.close());

const get = (url: string, auth = true) =>
  t.app.inject({ method: 'GET', url, headers: auth ? { authorization: `Bearer ${token}` } : {} });

describe('login screen calls', () => {
  it('lists the connection string names', async () => {
    expect((await get('/api/login/connections', false)).json()).toEqual({
      connectionStringNames: ['Demo', 'Empty Plant'],
    });
  });

  it('returns the login page data for the default connection', async () => {
    const body = (await get('/api/login/pagedata', false)).json();
    expect(body).toEqual({
      connectionStringNames: ['Demo', 'Empty Plant'],
      defaultConnectionStringName: 'Demo',
      defaultFacilityId: 1,
      facilities: [
        { ID: 1, name: 'North Plant', companyID: null },
        { ID: 2, name: 'Riverside Chemical Processing Complex', companyID: null },
      ],
      identityProviderSettings: { useSSO: false, stilUseSSO: false, spAPIRedirect: '' },
      ssoToken: null,
    });
  });

  it('returns no facilities for a connection that has none', async () => {
    const body = (await get('/api/login/pagedata?connectionStringName=Empty%20Plant', false)).json();
    expect(body.facilities).toEqual([]);
    expect(body.defaultFacilityId).toBeNull();
    expect((await get('/api/stilFacility/getRecords?connectionStringName=Empty%20Plant', false)).json()).toEqual([]);
  });

  it('lists inactive facilities only when activeRecord is false', async () => {
    await t.connections[0]!.db.insertInto('facilities')
      .values({ name: 'Closed Site', parent_id: 1, is_active: false })
      .execute();
    const active = (
      await get('/api/stilFacility/getRecords?activeRecord=true&connectionStringName=Demo', false)
    ).json();
    const all = (await get('/api/stilFacility/getRecords?activeRecord=false&connectionStringName=Demo', false)).json();
    expect(active.map((f: { name: string }) => f.name)).not.toContain('Closed Site');
    expect(all).toContainEqual(expect.objectContaining({ name: 'Closed Site', companyID: 1 }));
  });

  it('requires a connection string name for getRecords and names the field', async () => {
    const response = await get('/api/stilFacility/getRecords', false);
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].field).toBe('connectionStringName');
    expect((await get('/api/stilFacility/getRecords?connectionStringName=Nope', false)).statusCode).toBe(404);
  });

  it('reports single sign-on as off', async () => {
    expect((await get('/api/saml/idpgetsettings', false)).json()).toEqual({
      useSSO: false,
      stilUseSSO: false,
      spAPIRedirect: '',
    });
  });
});

describe('signed-in facility calls', () => {
  it('returns the signed-in facility and its ID', async () => {
    expect((await get('/api/stilFacility/view')).json()).toEqual({
      ID: 2,
      name: 'Riverside Chemical Processing Complex',
      companyID: null,
    });
    expect((await get('/api/stilFacility/getID')).json()).toEqual({ ID: 2 });
    expect((await get('/api/stilFacility/view', false)).statusCode).toBe(401);
  });
});

describe('health and documentation', () => {
  it('answers liveness without touching the database, and readiness per connection', async () => {
    expect((await get('/api/health', false)).json()).toEqual({ status: 'ok', version: '0.0.0-dev' });
    expect((await get('/api/health/ready', false)).json()).toMatchObject({
      status: 'ok',
      connections: [
        { name: 'Demo', ok: true },
        { name: 'Empty Plant', ok: true },
      ],
    });
  });

  it('serves the OpenAPI document with the seed paths', async () => {
    const doc = (await get('/api/docs/json', false)).json<{ paths: Record<string, unknown> }>();
    for (const path of [
      '/api/stilFacility/getRecords',
      '/api/stilFacility/view',
      '/api/stilFacility/getID',
      '/api/saml/idpgetsettings',
      '/api/auth/tokenrefresh',
      '/api/login',
    ]) {
      expect(doc.paths).toHaveProperty([path]);
    }
  });

  it('gives API answers the deny-all policy and pages the document headers', async () => {
    for (const url of ['/api/health', '/api/nope']) {
      const { headers } = await get(url, false);
      expect(headers['content-security-policy'], url).toContain("default-src 'none'");
      expect(headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(headers['cross-origin-opener-policy'], url).toBeUndefined();
    }
    const docs = (await get('/api/docs', false)).headers;
    expect(docs['content-security-policy']).toContain("script-src 'self'");
    expect(docs['cross-origin-opener-policy']).toBe('same-origin');
    expect(docs['referrer-policy']).toBe('no-referrer');
  });

  it('sends the security headers on every response', async () => {
    for (const url of ['/api/health', '/api/nope', '/api/docs']) {
      const { headers } = await get(url, false);
      expect(headers['content-security-policy']).toContain("object-src 'none'");
      expect(headers['content-security-policy']).toContain("base-uri 'none'");
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe('DENY');
    }
  });

  it('answers unknown API routes with the error shape', async () => {
    const response = await get('/api/nope', false);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'No route GET /api/nope' });
  });

  it('refuses a body that is not JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/tokenrefresh',
      headers: { 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('database set-up', () => {
  it('migrates and seeds idempotently', async () => {
    const db = t.connections[0]!.db;
    const count = async () =>
      Promise.all(
        ['facilities', 'users', 'groups', 'user_groups', 'user_facilities'].map(
          async (table) =>
            (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db)).rows[0]!.n,
        ),
      );
    const before = await count();
    await migrateToLatest(db as never);
    // The permit stories (minutes of commands) are left out as in the template: demo-permits.test.ts
    // seeds them and checks that seeding again adds none.
    const withoutStories = { without: [DEMO_PERMIT_STORIES_STEP] };
    await seedDemo(db, withoutStories);
    await seedDemo(db, withoutStories);
    expect(await count()).toEqual(before);
  });
});

// Last: it exhausts this address's login budget.
describe('per-address login rate limit', () => {
  it('answers 429 with Retry-After once one address has used its budget', async () => {
    let limited;
    for (let i = 0; i < 40 && !limited; i++) {
      const response = await login(t.app, { username: `someone-${i}`, password: 'x' });
      if (response.statusCode === 429) limited = response;
    }
    expect(limited?.json().code).toBe('RATE_LIMITED');
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
  });
});
