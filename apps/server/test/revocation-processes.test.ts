import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTENER_APPLICATION_NAME } from '../src/db/change-listener';
import { cloneTemplateDatabase, DEMO_PASSWORD, TEST_JWT_SECRET } from './test-app';

/**
 * The access cache's measure: two real server processes (as `npm start` runs them)
 * on one database, each caching sign-ins and permissions in its own memory. A revocation committed
 * through one process, or in any database session, must turn the other's next answers into
 * 401/403 within a second.
 */
const serverEntry = path.resolve(import.meta.dirname, '../src/server.ts');
const WITHIN_MS = 1000;

interface Server {
  child: ChildProcess;
  base: string;
  output: () => string;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function startServer(databaseUrl: string, dataDir: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      ...process.env,
      HASP_CONFIG: '',
      LOG_LEVEL: 'info',
      PORT: String(port),
      HASP_DATA_DIR: dataDir,
      HASP_CONNECTIONS: `Demo=${databaseUrl}`,
      HASP_JWT_SECRET: TEST_JWT_SECRET,
      // Several servers on a loaded 2-core box: no load shedding in a test about revocation.
      HASP_MAX_EVENT_LOOP_DELAY_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (const deadline = Date.now() + 150_000; !output.includes('Hasp is running at'); await sleep(50)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
  }
  return { child, base: `http://127.0.0.1:${port}`, output: () => output };
}

let db: pg.Client;
let dataDir: string;
let a: Server;
let b: Server;

beforeAll(async () => {
  const url = await cloneTemplateDatabase();
  db = new pg.Client({ connectionString: url });
  await db.connect();
  dataDir = mkdtempSync(path.join(tmpdir(), 'hasp-revocation-'));
  // One after the other: each runs its start-up steps (migrations, captions) on the database.
  a = await startServer(url, path.join(dataDir, 'a'));
  b = await startServer(url, path.join(dataDir, 'b'));
}, 320_000);

afterAll(async () => {
  for (const server of [a, b]) {
    if (!server || server.child.exitCode !== null) continue;
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    await exited;
  }
  await db?.end();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

/** The access token and the refresh cookie (Node's fetch sends Sec-Fetch-Mode, so it is served as a browser). */
async function signIn(username: string): Promise<{ token: string; cookie: string }> {
  const response = await fetch(`${a.base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ connectionStringName: 'Demo', facilityId: 1, username, password: DEMO_PASSWORD }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('hasp_rt='));
  expect(cookie).toBeDefined();
  return { token: ((await response.json()) as { token: string }).token, cookie: cookie! };
}

const status = async (server: Server, url: string, token: string) =>
  (await fetch(`${server.base}${url}`, { headers: { authorization: `Bearer ${token}` } })).status;

/**
 * Both processes answer the caller, and both have their LISTEN client in place (so process B
 * answers from its cache from here on, and only a NOTIFY can change that).
 */
async function warm(url: string, token: string): Promise<void> {
  for (const server of [a, b]) expect(await status(server, url, token)).toBe(200);
  for (const deadline = Date.now() + 20_000; ; await sleep(20)) {
    const listening = await db.query(
      `select count(*)::int as n from pg_stat_activity
       where application_name = $1 and datname = current_database() and query in ('listen hasp_access', 'select 1')`,
      [LISTENER_APPLICATION_NAME],
    );
    if ((listening.rows[0] as { n: number }).n === 2) break;
    if (Date.now() > deadline) throw new Error('the two processes never both listened');
  }
  for (let i = 0; i < 3; i++) expect(await status(b, url, token)).toBe(200);
}

/** Polls process B until it answers `expected`; the time from `since` (the commit) to that answer. */
async function msUntil(expected: number, url: string, token: string, since: number): Promise<number> {
  for (const deadline = since + 5000; Date.now() < deadline;) {
    if ((await status(b, url, token)) === expected) return Date.now() - since;
  }
  throw new Error(`process B never answered ${expected}`);
}

describe('revocation across two server processes', () => {
  it('a sign-out through process A: process B answers 401 within a second', async () => {
    const { token, cookie } = await signIn('supervisor');
    await warm('/api/stilFacility/view', token);
    const out = await fetch(`${a.base}/api/auth/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: '{}',
    });
    const committed = Date.now();
    expect(out.status).toBe(204);
    const ms = await msUntil(401, '/api/stilFacility/view', token, committed);
    console.info(`processes: sign-out committed → first 401 from the other process in ${ms} ms`);
    expect(ms).toBeLessThanOrEqual(WITHIN_MS);
  }, 60_000);

  it('a user deactivated in a database session: process B answers 401 within a second', async () => {
    const { token } = await signIn('worker');
    await warm('/api/stilFacility/view', token);
    await db.query('update users set is_active = false where user_name = $1', ['worker']);
    const ms = await msUntil(401, '/api/stilFacility/view', token, Date.now());
    console.info(`processes: user deactivated → first 401 from the other process in ${ms} ms`);
    expect(ms).toBeLessThanOrEqual(WITHIN_MS);
  }, 60_000);

  it('a permission removed from the caller’s group: process B answers 403 within a second', async () => {
    const { token } = await signIn('admin');
    await warm('/api/security/lists', token);
    await db.query(
      `delete from group_permissions where permission = 'rightnav:security-lists'
         and group_id = (select id from groups where name = 'Administrators' and facility_id = 1)`,
    );
    const ms = await msUntil(403, '/api/security/lists', token, Date.now());
    console.info(`processes: grant removed → first 403 from the other process in ${ms} ms`);
    expect(ms).toBeLessThanOrEqual(WITHIN_MS);
  }, 60_000);
});
