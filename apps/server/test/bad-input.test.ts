import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseDataError } from '../src/plugins/database-errors';
import { MAX_INPUT_DEPTH } from '../src/plugins/input-guard';
import { nested } from './support/openapi-arbitraries';
import { createTestApp, DEMO_PASSWORD, login, type TestApp } from './test-app';

/** Bad input is a 400 (or 413) naming what is wrong, never a 500. */
let t: TestApp;
let token = '';

beforeAll(async () => {
  t = await createTestApp();
  token = (await login(t.app)).json<{ token: string }>().token;
});
afterAll(() => t.close());

const asAdmin = () => ({ authorization: `Bearer ${token}` });

describe('IDs beyond PostgreSQL integer range', () => {
  it('refuses a path ID above 2147483647 with a 400 naming the parameter', async () => {
    for (const url of ['/api/assets/2147483648', '/api/security/groups/9999999999/members', '/api/users/2147483648']) {
      const response = await t.app.inject({ url, headers: asAdmin() });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().details[0].field, url).toBe('id');
    }
  });

  it('still finds the largest ID PostgreSQL can hold (2147483647): not found, not refused', async () => {
    const response = await t.app.inject({ url: '/api/assets/2147483647', headers: asAdmin() });
    expect(response.statusCode).toBe(404);
  });

  it('refuses out-of-range IDs inside bodies, arrays and queries', async () => {
    const bulk = await t.app.inject({
      method: 'POST',
      url: '/api/admin/user-management/bulk',
      headers: asAdmin(),
      payload: { action: 'deactivate', userIDs: [1, 2147483648] },
    });
    expect(bulk.statusCode).toBe(400);
    const query = await t.app.inject({ url: '/api/security/users?groupId=2147483648', headers: asAdmin() });
    expect(query.statusCode).toBe(400);
    const subject = await t.app.inject({
      url: '/api/numbering/preview?subject=permit-type:2147483648',
      headers: asAdmin(),
    });
    expect(subject.statusCode).toBe(400);
  });
});

describe('NUL characters', () => {
  it('refuses a NUL in the sign-in user name with a 400 naming the field', async () => {
    const response = await login(t.app, { username: 'ad\u0000min', password: DEMO_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'username' }] });
  });

  it('refuses a NUL anywhere in a body, a query string or a file name, naming where', async () => {
    const body = await t.app.inject({
      method: 'POST',
      url: '/api/security/groups',
      headers: asAdmin(),
      payload: { name: 'Night shift', description: 'line\u0000two' },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json().details[0].field).toBe('description');
    const search = await t.app.inject({ url: '/api/assets/search?q=a%00b', headers: asAdmin() });
    expect(search.statusCode).toBe(400);
    expect(search.json().details[0].field).toBe('q');
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/asset-imports?kind=assets&fileName=evil%00.csv',
      headers: { ...asAdmin(), 'content-type': 'text/csv' },
      payload: 'Area Number,Asset Number\n',
    });
    expect(upload.statusCode).toBe(400);
    expect(upload.json().details[0].field).toBe('fileName');
  });
});

/** Posts a raw JSON text to the sign-in route (a route that takes any caller). */
const postRawLogin = (payload: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload });

describe('huge and deeply nested bodies', () => {
  it(`refuses a value nested deeper than ${MAX_INPUT_DEPTH} levels with a 400`, async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/anything',
      headers: asAdmin(),
      payload: { value: nested(MAX_INPUT_DEPTH + 5) },
    });
    expect(response.statusCode).toBe(400);
  });

  it('refuses 200 000 nested brackets (parsed without recursion) with a 400', async () => {
    const response = await postRawLogin('['.repeat(200_000) + ']'.repeat(200_000));
    expect(response.statusCode).toBe(400);
  });

  it('refuses a JSON body over the 1 MB limit with a 413', async () => {
    const response = await postRawLogin(JSON.stringify({ username: 'x'.repeat(1_100_000) }));
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('the database safety net', () => {
  it('maps PostgreSQL data errors (class 22, 54001) to a 400 message and leaves other errors alone', async () => {
    const db = t.connections[0]!.db;
    const failure = (query: Promise<unknown>) =>
      query.then(
        () => null,
        (error: unknown) => error,
      );
    expect(databaseDataError(await failure(sql`select ${'abc'}::int`.execute(db)))).toMatchObject({
      sqlState: '22P02',
    });
    expect(databaseDataError(await failure(sql`select ${'2147483648'}::int`.execute(db)))).toMatchObject({
      sqlState: '22003',
    });
    expect(databaseDataError(await failure(sql`select ${'a\u0000b'}::text`.execute(db)))).toMatchObject({
      sqlState: '22021',
    });
    expect(databaseDataError(await failure(sql`select * from no_such_table`.execute(db)))).toBeNull();
  });
});
