import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from './test-app';

/**
 * An ID in a path has one spelling: decimal digits, no leading zero, within PostgreSQL's integer
 * range. Every route of the server's route table with an ID-like parameter (`:id`, `:permitId`,
 * `:userId`, …) is sent other spellings of 1, one parameter at a time; each must be a 400
 * VALIDATION_FAILED naming that parameter — never the record 1. A new route whose ID is read
 * loosely fails here without being listed.
 */

// Spellings of 1 (and near it) that a coerced number accepted, as they appear in a URL.
const badSpellings: Record<string, string> = {
  'a leading space': '%201',
  'a trailing space': '1%20',
  'a leading tab': '%091',
  'a leading plus': '+1',
  'an encoded plus': '%2B1',
  'a minus sign': '-1',
  'a decimal point': '1.0',
  'an exponent': '1e0',
  hexadecimal: '0x1',
  'a leading zero': '01',
  zero: '0',
  'beyond any ID range': '99999999999999999999',
};

const idParam = /^(id|[a-z][A-Za-z]*Id)$/;

let t: TestApp;
let token = '';
const routes: { method: string; url: string }[] = [];

beforeAll(async () => {
  t = await createTestApp({ onRoute: (route) => routes.push(route) });
  token = (await login(t.app)).json<{ token: string }>().token;
});
afterAll(() => t.close());

/** The route's path with every parameter filled: `value` for `param`, 1 for the other IDs. */
function fill(url: string, param: string, value: string): string {
  return url.replace(/:([A-Za-z]+)/g, (_, name: string) => (name === param ? value : '1'));
}

describe('path IDs are digits only', () => {
  it('refuses every other spelling of an ID on every route with an ID in its path, naming the parameter', async () => {
    const withIds = routes
      .filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD')
      .flatMap((r) =>
        [...r.url.matchAll(/:([A-Za-z]+)/g)]
          .map((m) => m[1]!)
          .filter((name) => idParam.test(name))
          .map((param) => ({ ...r, param })),
      );
    // The walk must have found the routes it is about (the route table's shape changed otherwise).
    expect(withIds.length).toBeGreaterThan(50);
    const accepted: string[] = [];
    for (const route of withIds) {
      for (const [what, spelling] of Object.entries(badSpellings)) {
        const url = fill(route.url, route.param, spelling);
        const response = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: { authorization: `Bearer ${token}` },
        });
        const body = response.json<{ code?: string; details?: { field: string }[] }>();
        const named = body.details?.some((d) => d.field === route.param) ?? false;
        if (response.statusCode !== 400 || body.code !== 'VALIDATION_FAILED' || !named) {
          accepted.push(`${route.method} ${route.url} with ${what} (${url}): ${response.statusCode} ${response.body}`);
        }
      }
    }
    console.log(`path IDs: ${withIds.length} ID parameters × ${Object.keys(badSpellings).length} spellings`);
    expect(accepted).toEqual([]);
  });

  it("does not reset user 1's password when the path says ' 1' (the reported attack)", async () => {
    const before = await t.connections[0]!.db.selectFrom('users').select('password_hash').where('id', '=', 1).execute();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/security/users/%201/reset-password',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'id' }] });
    expect(response.json().details[0].message).toMatch(/digits only/);
    const after = await t.connections[0]!.db.selectFrom('users').select('password_hash').where('id', '=', 1).execute();
    expect(after).toEqual(before);
  });

  it('still takes the plain spelling, up to the largest integer ID', async () => {
    const found = await t.app.inject({ url: '/api/security/users/1', headers: { authorization: `Bearer ${token}` } });
    expect(found.statusCode).toBe(200);
    const largest = await t.app.inject({
      url: '/api/assets/2147483647',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(largest.statusCode).toBe(404);
  });
});
