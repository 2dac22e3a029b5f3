import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTENER_APPLICATION_NAME } from '../src/db/change-listener';
import { startSecondInstance } from './support/second-instance';
import { createTestApp, DEMO_PASSWORD, login, superuserUrl, type TestApp } from './test-app';

/**
 * The per-process access cache (plugins/access-cache.ts) on two server instances over one
 * database, each with its own pools and LISTEN client: a change committed through one instance or
 * any other database session reaches the other's answers within a second, and a lost LISTEN
 * client never leaves stale answers behind.
 */
let t: TestApp;
let second: { app: FastifyInstance; url: string };
/** A database session of its own, as another process or an operator's psql would be. */
let other: pg.Client;

beforeAll(async () => {
  t = await createTestApp();
  second = await startSecondInstance(t);
  other = new pg.Client({ connectionString: superuserUrl(t.connections[0]!.url) });
  await other.connect();
});
afterAll(async () => {
  await other.end();
  await second.app.close();
  await t.close();
});

const WITHIN_MS = 1000;

async function signIn(username: string, facilityId = 1): Promise<string> {
  const response = await login(t.app, { username, password: DEMO_PASSWORD, facilityId });
  expect(response.statusCode).toBe(200);
  return response.json<{ token: string }>().token;
}

function get(path: string, token: string): Promise<Response> {
  return fetch(`${second.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
}

/** Asks the second instance until it answers 200 from its cache (its LISTEN client is in place). */
async function warm(path: string, token: string): Promise<void> {
  for (const deadline = Date.now() + 20_000; Date.now() < deadline; await sleep(20)) {
    const response = await get(path, token);
    expect(response.status).toBe(200);
    if (second.app.accessCache.isCaching('Demo') && second.app.accessCache.size('Demo') > 0) return;
  }
  throw new Error('the second instance never started caching');
}

/** Polls the second instance until it answers `status`; returns ms since `since` (or fails after 5 s). */
async function msUntil(status: number, path: string, token: string, since: number): Promise<number> {
  for (const deadline = since + 5000; Date.now() < deadline;) {
    if ((await get(path, token)).status === status) return Date.now() - since;
  }
  throw new Error(`no ${status} from ${path} within 5 s`);
}

/** Runs SQL in a session with triggers off (superuser): a change no process hears about. */
async function silently(statement: string, values: unknown[] = []): Promise<void> {
  await other.query('set session_replication_role = replica');
  try {
    await other.query(statement, values);
  } finally {
    await other.query('set session_replication_role = default');
  }
}

const userId = async (name: string) =>
  (await other.query<{ id: number }>('select id from users where user_name = $1', [name])).rows[0]!.id;

describe('revocation reaches another server instance within a second', () => {
  it('a sign-out through one instance: the other answers 401', async () => {
    const response = await login(t.app, { username: 'supervisor', password: DEMO_PASSWORD });
    const { token, refreshToken } = response.json<{ token: string; refreshToken: string }>();
    await warm('/api/stilFacility/view', token);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken } });
    expect(out.statusCode).toBeLessThan(300);
    const ms = await msUntil(401, '/api/stilFacility/view', token, Date.now());
    console.info(`sign-out committed → first 401 from the other instance in ${ms} ms`);
    expect(ms).toBeLessThanOrEqual(WITHIN_MS);
  });

  it('a user deactivated in another database session: 401', async () => {
    const token = await signIn('worker');
    await warm('/api/stilFacility/view', token);
    await other.query('update users set is_active = false where user_name = $1', ['worker']);
    const ms = await msUntil(401, '/api/stilFacility/view', token, Date.now());
    console.info(`user deactivated → first 401 from the other instance in ${ms} ms`);
    expect(ms).toBeLessThanOrEqual(WITHIN_MS);
    await other.query('update users set is_active = true where user_name = $1', ['worker']);
  });

  it('a permission removed from the caller’s group: 403, and granted again: 200', async () => {
    const token = await signIn('admin');
    await warm('/api/security/lists', token);
    const grant = [`rightnav:security-lists`, 'Administrators', 1];
    await other.query(
      `delete from group_permissions where permission = $1
       and group_id = (select id from groups where name = $2 and facility_id = $3)`,
      grant,
    );
    const ms = await msUntil(403, '/api/security/lists', token, Date.now());
    console.info(`grant removed → first 403 from the other instance in ${ms} ms`);
    expect(ms).toBeLessThanOrEqual(WITHIN_MS);
    await other.query(
      `insert into group_permissions (group_id, permission)
       select id, $1 from groups where name = $2 and facility_id = $3`,
      grant,
    );
    expect(await msUntil(200, '/api/security/lists', token, Date.now())).toBeLessThanOrEqual(WITHIN_MS);
  });
});

describe('the access cache', () => {
  it('answers from memory: a change no trigger announced is not seen until its NOTIFY', async () => {
    const token = await signIn('worker');
    await warm('/api/stilFacility/view', token);
    const worker = await userId('worker');
    await silently('update users set is_active = false where id = $1', [worker]);
    try {
      // Proof that the answer is cached (and why every change must be announced).
      expect((await get('/api/stilFacility/view', token)).status).toBe(200);
      await other.query(`select pg_notify('hasp_session', $1)`, [JSON.stringify({ userId: worker })]);
      expect(await msUntil(401, '/api/stilFacility/view', token, Date.now())).toBeLessThanOrEqual(WITHIN_MS);
    } finally {
      await silently('update users set is_active = true where id = $1', [worker]);
    }
  });

  it('a NOTIFY for another user leaves this user’s answer cached', async () => {
    const [token, marker] = [await signIn('worker'), await signIn('supervisor')];
    await warm('/api/stilFacility/view', token);
    await warm('/api/stilFacility/view', marker);
    const cache = second.app.accessCache;
    const worker = await userId('worker');
    await silently('update users set is_active = false where id = $1', [worker]);
    try {
      const held = cache.size('Demo');
      await other.query(`select pg_notify('hasp_session', $1)`, [JSON.stringify({ userId: worker + 1000 })]);
      // NOTIFYs arrive in commit order: once the supervisor's answer is dropped, the first was heard too.
      await other.query(`select pg_notify('hasp_session', $1)`, [
        JSON.stringify({ userId: await userId('supervisor') }),
      ]);
      for (const deadline = Date.now() + 5000; cache.size('Demo') >= held && Date.now() < deadline;) await sleep(10);
      expect(cache.size('Demo')).toBeLessThan(held);
      expect((await get('/api/stilFacility/view', token)).status).toBe(200);
    } finally {
      await silently('update users set is_active = true where id = $1', [worker]);
      await other.query(`select pg_notify('hasp_session', $1)`, [JSON.stringify({ userId: worker })]);
    }
  });

  it('made to change the password: 403 with the seed’s message', async () => {
    const token = await signIn('worker');
    await warm('/api/stilFacility/view', token);
    await other.query('update users set must_change_password = true where user_name = $1', ['worker']);
    try {
      expect(await msUntil(403, '/api/stilFacility/view', token, Date.now())).toBeLessThanOrEqual(WITHIN_MS);
      const refused = await get('/api/stilFacility/view', token);
      expect(((await refused.json()) as { message: string }).message).toBe('Change your password to continue');
    } finally {
      await other.query('update users set must_change_password = false where user_name = $1', ['worker']);
    }
  });

  it('a facility deactivated: 401 for its sign-ins', async () => {
    const token = await signIn('supervisor', 2);
    await warm('/api/stilFacility/view', token);
    await other.query('update facilities set is_active = false where id = 2');
    try {
      expect(await msUntil(401, '/api/stilFacility/view', token, Date.now())).toBeLessThanOrEqual(WITHIN_MS);
    } finally {
      await other.query('update facilities set is_active = true where id = 2');
    }
  });

  it('a facility membership removed: 401', async () => {
    const token = await signIn('supervisor', 2);
    await warm('/api/stilFacility/view', token);
    const supervisor = await userId('supervisor');
    await other.query('delete from user_facilities where user_id = $1 and facility_id = 2', [supervisor]);
    try {
      expect(await msUntil(401, '/api/stilFacility/view', token, Date.now())).toBeLessThanOrEqual(WITHIN_MS);
    } finally {
      await other.query('insert into user_facilities (user_id, facility_id) values ($1, 2)', [supervisor]);
    }
  });

  it('a group membership removed, and a feature switched off: 403', async () => {
    const token = await signIn('admin');
    await warm('/api/security/lists', token);
    await other.query(
      `update facility_security_settings set enabled = false where facility_id = 1 and feature = 'security-lists'`,
    );
    try {
      expect(await msUntil(403, '/api/security/lists', token, Date.now())).toBeLessThanOrEqual(WITHIN_MS);
    } finally {
      await other.query(
        `update facility_security_settings set enabled = true where facility_id = 1 and feature = 'security-lists'`,
      );
    }
    // Switched on again in another session: the second instance hears it a moment later.
    expect(await msUntil(200, '/api/security/lists', token, Date.now())).toBeLessThanOrEqual(WITHIN_MS);
    await warm('/api/security/lists', token);
    const admin = await userId('admin');
    const membership = [admin, 'Administrators'];
    await other.query(
      `delete from user_groups where user_id = $1 and group_id = (select id from groups where name = $2 and facility_id = 1)`,
      membership,
    );
    try {
      expect(await msUntil(403, '/api/security/lists', token, Date.now())).toBeLessThanOrEqual(WITHIN_MS);
    } finally {
      await other.query(
        `insert into user_groups (user_id, group_id) select $1, id from groups where name = $2 and facility_id = 1`,
        membership,
      );
    }
  });

  it('this process’s own write counts on its very next request, NOTIFY or not', async () => {
    const token = await signIn('worker');
    const ask = () => t.app.inject({ url: '/api/stilFacility/view', headers: { authorization: `Bearer ${token}` } });
    const cache = t.app.accessCache;
    for (const deadline = Date.now() + 20_000; !(cache.isCaching('Demo') && cache.size('Demo') > 0); await sleep(20)) {
      expect((await ask()).statusCode).toBe(200);
      if (Date.now() > deadline) throw new Error('the first instance never started caching');
    }
    const db = t.connections[0]!.db;
    // With the trigger off there is no NOTIFY at all: only the write watch can drop the answer.
    // (The application role cannot skip triggers; the superuser turns this one off for the test.)
    await other.query('alter table users disable trigger users_session_changed');
    try {
      await db.updateTable('users').set({ is_active: false }).where('user_name', '=', 'worker').execute();
    } finally {
      await other.query('alter table users enable trigger users_session_changed');
    }
    try {
      expect((await ask()).statusCode).toBe(401);
    } finally {
      await db.updateTable('users').set({ is_active: true }).where('user_name', '=', 'worker').execute();
    }
  });

  it('a lost LISTEN client empties the cache and answers from the database until it listens again', async () => {
    const token = await signIn('worker');
    await warm('/api/stilFacility/view', token);
    const cache = second.app.accessCache;
    const before = await other.query<{ pid: number }>(
      'select pid from pg_stat_activity where application_name = $1 and datname = current_database()',
      [LISTENER_APPLICATION_NAME],
    );
    // The second instance's listener at least (the first listens once it checks a sign-in): drop
    // them all, then change the user with no NOTIFY at all.
    expect(before.rows.length).toBeGreaterThanOrEqual(1);
    await other.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [
      LISTENER_APPLICATION_NAME,
    ]);
    for (const deadline = Date.now() + 5000; cache.isCaching('Demo') && Date.now() < deadline;) await sleep(10);
    expect(cache.isCaching('Demo')).toBe(false);
    expect(cache.size('Demo')).toBe(0);
    const worker = await userId('worker');
    await silently('update users set is_active = false where id = $1', [worker]);
    try {
      // Not listening: the database answers, so the silent change is seen at once.
      expect((await get('/api/stilFacility/view', token)).status).toBe(401);
      for (const deadline = Date.now() + 10_000; !cache.isCaching('Demo') && Date.now() < deadline;) await sleep(20);
      expect(cache.isCaching('Demo')).toBe(true);
      expect((await get('/api/stilFacility/view', token)).status).toBe(401);
    } finally {
      await silently('update users set is_active = true where id = $1', [worker]);
    }
    // Listening again, it caches again (and heard nothing of the silent change back, so reads it fresh).
    await warm('/api/stilFacility/view', token);
  });
});
