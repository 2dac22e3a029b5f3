import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_ERROR_FALLBACK, databaseErrorMessages } from '../src/plugins/database-errors';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './test-app';
import { hostileValue, mutatedValue, validValue, type JsonSchema } from './support/openapi-arbitraries';

/**
 * The OpenAPI-driven fuzz test: every operation of the app's own OpenAPI document gets
 * schema-valid and mutated requests (fast-check, fixed seed), sent as the signed-in administrator,
 * anonymously and with broken credentials, with path IDs that exist and random ones. No answer may
 * be a 5xx, and no body may show a stack frame or SQL. Destructive requests are fine: the file has
 * its own cloned database.
 */
const SEED = Number(process.env.HASP_FUZZ_SEED ?? 13_2026);
const RUNS = Number(process.env.HASP_FUZZ_RUNS ?? 30);

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | null;
}
type Caller = 'admin' | 'anonymous' | 'broken';
interface FuzzRequest {
  caller: Caller;
  brokenAuthorization: string;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: { json: unknown } | { raw: Buffer | string } | null;
  contentType: string | undefined;
  origin: string | undefined;
  cookie: string | undefined;
}

/** Last, so what they switch off (features, the admin's own access) cannot hide the others. */
const disruptive = [
  'PUT /api/admin/facilities/{id}',
  'POST /api/security/users/{id}/reset-password',
  'POST /api/security/users/{id}/deactivate',
  'PUT /api/security/users/{id}',
  'POST /api/admin/user-management/bulk',
  'PUT /api/security/groups/{id}/permissions',
  'PUT /api/admin/settings/{key}',
  'PUT /api/admin/facility-settings',
  'PUT /api/security/lists',
];
/** A signed-in stream never ends: it gets only callers it refuses. */
const streams = new Set(['GET /api/notifications/stream']);

const safetyNetMessages = new Set([...Object.values(databaseErrorMessages), DATABASE_ERROR_FALLBACK]);
const key = (op: Operation) => `${op.method} ${op.path}`;

function operationsOf(document: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, spec] of Object.entries(methods)) {
      const content = (spec.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)?.content;
      ops.push({
        method: method.toUpperCase(),
        path,
        parameters: (spec.parameters as Parameter[] | undefined) ?? [],
        body: content?.['application/json']?.schema ?? null,
      });
    }
  }
  const rank = (op: Operation) => disruptive.indexOf(key(op));
  return ops.sort((a, b) => rank(a) - rank(b));
}

const brokenAuthorizations = (token: string) => {
  const [header, payload] = token.split('.');
  const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
  return fc.constantFrom(
    'Bearer',
    'Bearer ',
    'Bearer abc',
    'Bearer a.b.c',
    'Basic YWRtaW46aGFzcA==',
    `Bearer ${token}x`,
    `Bearer ${header}.${payload}.AAAA`,
    `Bearer ${unsigned}`,
    `bearer ${token}`,
    token,
    `Bearer ${'A'.repeat(8_000)}`,
    'Bearer \u00e9\u00e9',
  );
};

/** An ID parameter: digits only (contracts' idParamSchema), so the document gives it as a pattern. */
const isIdParameter = (schema: JsonSchema) =>
  schema.type === 'integer' || (schema.type === 'string' && /^\^(\(\?:)?\[1-9\]\[0-9\]/.test(schema.pattern ?? ''));

/** Path IDs: mostly ones the demo data has (1–5 exist in most tables), else any the schema allows, else hostile. */
function paramValue(parameter: Parameter): fc.Arbitrary<unknown> {
  const existing = isIdParameter(parameter.schema) ? fc.integer({ min: 1, max: 5 }) : validValue(parameter.schema);
  return fc.oneof(
    { arbitrary: existing, weight: 5 },
    { arbitrary: validValue(parameter.schema), weight: 2 },
    { arbitrary: hostileValue, weight: 2 },
  );
}

function queryArbitrary(parameters: Parameter[]): fc.Arbitrary<Record<string, unknown>> {
  const query = parameters.filter((p) => p.in === 'query');
  const valid = fc.record(Object.fromEntries(query.map((p) => [p.name, validValue(p.schema)])), {
    requiredKeys: query.filter((p) => p.required).map((p) => p.name),
  });
  const mutated = fc.record(Object.fromEntries(query.map((p) => [p.name, mutatedValue(p.schema)])), {
    requiredKeys: [],
  });
  return fc.oneof({ arbitrary: valid, weight: 2 }, { arbitrary: mutated, weight: 1 });
}

const rawBody = fc.oneof(
  fc.uint8Array({ maxLength: 2_000 }).map((bytes) => Buffer.from(bytes)),
  fc.uint8Array({ maxLength: 500 }).map((bytes) => Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n'), bytes])),
  fc.uint8Array({ maxLength: 500 }).map((bytes) => Buffer.concat([Buffer.from('PK\x03\x04'), bytes])),
  fc
    .array(fc.array(fc.oneof(fc.string(), hostileValue.map(cellText)), { maxLength: 6 }), { maxLength: 8 })
    .map((rows) => rows.map((cells) => cells.join(',')).join('\n')),
);

function bodyArbitrary(op: Operation): fc.Arbitrary<FuzzRequest['body']> {
  if (op.body) {
    return fc.oneof(
      { arbitrary: validValue(op.body).map((json) => ({ json })), weight: 3 },
      { arbitrary: mutatedValue(op.body).map((json) => ({ json })), weight: 3 },
      { arbitrary: hostileValue.map((json) => ({ json })), weight: 1 },
      {
        arbitrary: fc
          .constantFrom('{"a":', '[1,]', `"${'x'.repeat(1_100_000)}"`, '['.repeat(200_000) + ']'.repeat(200_000))
          .map((raw) => ({ raw })),
        weight: 1,
      },
    );
  }
  if (op.method === 'GET' || op.method === 'DELETE') return fc.constant(null);
  // POST/PUT without a JSON body: uploads (raw bytes) and actions (nothing, or stray JSON).
  return fc.oneof(
    fc.constant(null),
    rawBody.map((raw) => ({ raw })),
    hostileValue.map((json) => ({ json })),
  );
}

function requestArbitrary(op: Operation, token: string): fc.Arbitrary<FuzzRequest> {
  const pathParameters = op.parameters.filter((p) => p.in === 'path');
  const callers: Caller[] = streams.has(key(op))
    ? ['anonymous', 'broken']
    : ['admin', 'admin', 'admin', 'anonymous', 'broken'];
  return fc.record({
    caller: fc.constantFrom(...callers),
    brokenAuthorization: brokenAuthorizations(token),
    params: fc.record(Object.fromEntries(pathParameters.map((p) => [p.name, paramValue(p)]))),
    query: queryArbitrary(op.parameters),
    body: bodyArbitrary(op),
    contentType: fc.option(
      fc.constantFrom(
        'text/plain',
        'application/json; charset=latin1',
        'application/json; charset=utf-16',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'image/png',
        'text/csv',
        'garbage',
        'application/json;;;',
      ),
      { nil: undefined, freq: 4 },
    ),
    origin: fc.option(
      fc.constantFrom('null', 'http://evil.example', 'http://127.0.0.1:3000', '%%%', 'http://[::1', 'javascript:1'),
      { nil: undefined, freq: 3 },
    ),
    cookie: fc.option(fc.constantFrom('hasp_refresh=garbage', 'hasp_refresh=Demo.x.y', '=;;=', 'a'.repeat(4000)), {
      nil: undefined,
      freq: 4,
    }),
  });
}

/** Text that may not leave the server: a stack frame or a piece of SQL. */
const leak =
  /\n\s+at \S|\bat .+\.[cm]?[jt]s:\d+:\d+|\b(select|insert into|delete from)\b.+\b(from|values|where)\b|syntax error at or near|violates .+ constraint|relation ".+" does not exist/i;

/** A generated value as URL text (objects as JSON: fast-check's may have no prototype to print with). */
const asText = (value: unknown) =>
  wellFormed(value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value));
/** Lone surrogates cannot be percent-encoded: they become U+FFFD, as a browser would send them. */
const wellFormed = (text: string) =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
const encode = (value: unknown) => encodeURIComponent(asText(value));

let t: TestApp;
let adminToken = '';

let restoreAdmin: () => Promise<void> = async () => {};

async function signInAdmin(): Promise<void> {
  // From its own address, so the fuzzed sign-ins' rate limit never refuses the harness.
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { connectionStringName: 'Demo', facilityId: 1, username: 'admin', password: DEMO_PASSWORD },
    remoteAddress: '10.13.0.2',
  });
  expect(response.statusCode, response.body).toBe(200);
  adminToken = response.json<{ token: string }>().token;
}

/** Remembers the administrator's account so a fuzzed deactivation, reset or removal can be undone. */
async function rememberAdmin(): Promise<void> {
  const db = t.connections[0]!.db;
  const admin = await db.selectFrom('users').selectAll().where('user_name', '=', 'admin').executeTakeFirstOrThrow();
  const facilities = await db.selectFrom('user_facilities').selectAll().where('user_id', '=', admin.id).execute();
  const groups = await db.selectFrom('user_groups').selectAll().where('user_id', '=', admin.id).execute();
  restoreAdmin = async () => {
    await db
      .updateTable('users')
      .set({
        is_active: true,
        must_change_password: false,
        locked_at: null,
        failed_login_count: 0,
        password_hash: admin.password_hash,
      })
      .where('id', '=', admin.id)
      .execute();
    await db
      .insertInto('user_facilities')
      .values(facilities)
      .onConflict((c) => c.doNothing())
      .execute();
    await db
      .insertInto('user_groups')
      .values(groups)
      .onConflict((c) => c.doNothing())
      .execute();
    const facilityIds = facilities.map((f) => f.facility_id);
    await sql`update facilities set is_active = true where id = any(${facilityIds})`.execute(db);
  };
}

beforeAll(async () => {
  t = await createTestApp();
  await rememberAdmin();
  await signInAdmin();
});
afterAll(() => t.close());

describe('OpenAPI-driven fuzz', () => {
  it('answers every operation’s valid and hostile requests with no 5xx and no leaked stack or SQL', async () => {
    const started = Date.now();
    const operations = operationsOf(t.app.swagger() as never);
    const failures: string[] = [];
    const neverSucceeded: string[] = [];
    let total = 0;
    let serverErrors = 0;
    let reSignIns = 0;
    const timings: [string, number][] = [];
    for (const [index, op] of operations.entries()) {
      const samples = fc.sample(requestArbitrary(op, adminToken), { seed: SEED + index, numRuns: RUNS });
      let adminSuccesses = 0;
      const opStarted = Date.now();
      for (const sample of samples) {
        const url =
          op.path.replace(/\{(\w+)\}/g, (_m, name: string) => encode(sample.params[name])) + queryString(sample.query);
        const headers: Record<string, string> = {};
        if (sample.caller === 'admin') headers.authorization = `Bearer ${adminToken}`;
        if (sample.caller === 'broken') headers.authorization = sample.brokenAuthorization;
        if (sample.origin) headers.origin = sample.origin;
        if (sample.cookie) headers.cookie = sample.cookie;
        let payload: string | Buffer | undefined;
        if (sample.body && 'json' in sample.body) {
          payload = JSON.stringify(sample.body.json) ?? 'null';
          headers['content-type'] = sample.contentType ?? 'application/json';
        } else if (sample.body) {
          payload = sample.body.raw;
          headers['content-type'] = sample.contentType ?? 'application/octet-stream';
        }
        const response = await t.app.inject({
          method: op.method as 'GET',
          url,
          headers,
          ...(payload === undefined ? {} : { payload }),
          remoteAddress: '10.13.0.1',
        });
        total += 1;
        if (sample.caller === 'admin' && response.statusCode < 300) adminSuccesses += 1;
        const text = response.body.slice(0, 20_000);
        const leaked =
          (response.statusCode >= 300 || String(response.headers['content-type']).includes('json')) && leak.test(text);
        if (response.statusCode >= 500) serverErrors += 1;
        if (response.statusCode === 400 && safetyNetMessages.has(response.json<{ message: string }>().message)) {
          // The database refused a value the route's schema let through: the schema needs the check.
          failures.push(
            `${key(op)} → 400 from the database safety net: ${text.slice(0, 200)}\n    as ${sample.caller}: ${describeRequest(url, headers, payload)}`,
          );
        }
        if (response.statusCode >= 500 || leaked) {
          failures.push(
            `${key(op)} → ${response.statusCode} ${text.slice(0, 200)}\n    as ${sample.caller}: ${describeRequest(url, headers, payload)}`,
          );
        }
      }
      if (adminSuccesses === 0 && !streams.has(key(op))) neverSucceeded.push(key(op));
      // A destructive request may have ended the administrator's session (or access): sign in again.
      const me = await t.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${adminToken}` } });
      if (me.statusCode !== 200) {
        reSignIns += 1;
        await restoreAdmin();
        await signInAdmin();
      }
      timings.push([key(op), Date.now() - opStarted]);
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `openapi fuzz: seed ${SEED}, ${operations.length} operations × ${RUNS} requests = ${total} requests in ${seconds} s; ` +
        `${serverErrors} answered ≥ 500, ${failures.length} failures; administrator signed in again ${reSignIns} times; ` +
        `operations where no administrator request succeeded (${neverSucceeded.length}): ${neverSucceeded.join(', ')}`,
    );
    const slowest = timings.sort((a, b) => b[1] - a[1]).slice(0, 8);
    console.log(`slowest operations: ${slowest.map(([op, ms]) => `${op} ${ms} ms`).join(', ')}`);
    expect(failures).toEqual([]);
  }, 300_000);
});

/** A value as a CSV cell's text (a null-prototype object has no toString: its JSON then). */
function cellText(value: unknown): string {
  return value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function queryString(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    params.append(name, asText(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function describeRequest(url: string, headers: Record<string, string>, payload: string | Buffer | undefined): string {
  const shown = { ...headers, ...(headers.authorization ? { authorization: headers.authorization.slice(0, 30) } : {}) };
  const body = payload === undefined ? '' : ` body ${String(payload).slice(0, 300)}`;
  return `${url.slice(0, 300)} ${JSON.stringify(shown)}${body}`;
}
