import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Jobs } from '../src/platform/jobs';
import { PURGE_EXPIRED_SESSIONS_JOB, SESSION_KEEP_AFTER_END_MS } from '../src/modules/auth/expired-sessions.job';
import { PRUNE_OFFLINE_CHANGES_JOB } from '../src/modules/offline/offline-copies.job';
import { PURGE_EXPIRED_SSO_JOB } from '../src/modules/sso/expired-sso.job';
import { createTestApp, login, type TestApp } from './test-app';

const FLAKY = 'test-flaky';

let t: TestApp;
let jobs: Jobs;
let token: string;
/** When each attempt of the flaky job started (this process's clock) and whether it should fail. */
const attempts: number[] = [];
let failing = true;

beforeAll(async () => {
  t = await createTestApp({
    jobs: {
      settings: { pollingIntervalSeconds: 0.5 },
      registrations: [
        async (queue) => {
          jobs = queue;
          await queue.work(
            FLAKY,
            async () => {
              attempts.push(Date.now());
              if (failing) throw new Error(`Printer offline (attempt ${attempts.length})`);
            },
            { retryLimit: 2, retryDelaySeconds: 1, retryBackoff: true },
          );
        },
      ],
    },
  });
  token = (await login(t.app)).json<{ token: string }>().token;
});
afterAll(() => t.close());

const db = () => t.connections[0]!.db;
const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

/** Polls the job's row (a state in the database, not a time) until it is in `state`. */
async function waitForState(id: string, state: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const row = await sql<{ state: string }>`select state::text from pgboss.job where id = ${id}::uuid`.execute(db());
    if (row.rows[0]?.state === state) return;
    if (Date.now() > deadline) throw new Error(`job ${id} is ${row.rows[0]?.state ?? 'missing'}, not ${state}`);
    await sleep(100);
  }
}

describe('jobs', () => {
  it('retries a failing job with backoff, shows it failed, and runs it again on Retry', async () => {
    const id = await jobs.send(FLAKY, { printer: 'P1' });
    expect(id).toBeTruthy();
    await waitForState(id!, 'failed');
    // One attempt and two retries; the second retry waited longer than the first (backoff:
    // 1–2 s, then 2–4 s; polling only adds to each wait).
    expect(attempts).toHaveLength(3);
    const [first, second, third] = attempts as [number, number, number];
    expect(second - first).toBeGreaterThanOrEqual(950);
    expect(third - second).toBeGreaterThanOrEqual(1950);

    const health = await call('GET', '/api/admin/jobs');
    expect(health.statusCode, health.body).toBe(200);
    const body = health.json();
    expect(body.running).toBe(true);
    expect(body.queues).toContainEqual({ name: FLAKY, waiting: 0, active: 0, failed: 1 });
    // The app's own scheduled jobs are queues too.
    expect(body.queues.map((q: { name: string }) => q.name)).toEqual(
      expect.arrayContaining([PURGE_EXPIRED_SESSIONS_JOB, PURGE_EXPIRED_SSO_JOB, PRUNE_OFFLINE_CHANGES_JOB]),
    );
    expect(body.failed).toEqual([
      { id, queue: FLAKY, error: 'Printer offline (attempt 3)', failedAt: expect.any(String), attempts: 3 },
    ]);
    expect(Date.parse(body.failed[0].failedAt)).toBeGreaterThanOrEqual(third - 1000);

    failing = false;
    const retried = await call('POST', '/api/admin/jobs/retry', { queue: FLAKY, id });
    expect(retried.statusCode, retried.body).toBe(200);
    await waitForState(id!, 'completed');
    expect(attempts).toHaveLength(4);
    const after = (await call('GET', '/api/admin/jobs')).json();
    expect(after.failed).toEqual([]);
    expect(after.queues).toContainEqual({ name: FLAKY, waiting: 0, active: 0, failed: 0 });

    // Only a failed job can be retried.
    const again = await call('POST', '/api/admin/jobs/retry', { queue: FLAKY, id });
    expect(again.statusCode).toBe(404);
  });

  it('purges the refresh tokens of sign-ins that ended over a day ago, and keeps the rest', async () => {
    const user = await db().selectFrom('users').select('id').where('user_name', '=', 'admin').executeTakeFirstOrThrow();
    const now = Date.now();
    const family = (name: string, endedMsAgo: number) => ({
      family_id: `00000000-0000-4000-8000-${name.padStart(12, '0')}`,
      user_id: user.id,
      facility_id: 1,
      token_hash: `hash-${name}`,
      expires_at: new Date(now - endedMsAgo),
      family_expires_at: new Date(now - endedMsAgo),
    });
    await db()
      .insertInto('refresh_tokens')
      .values([family('1', SESSION_KEEP_AFTER_END_MS + 60_000), family('2', SESSION_KEEP_AFTER_END_MS - 60_000)])
      .execute();
    const id = await jobs.send(PURGE_EXPIRED_SESSIONS_JOB, {});
    await waitForState(id!, 'completed');
    const left = await db()
      .selectFrom('refresh_tokens')
      .select('token_hash')
      .where('token_hash', 'in', ['hash-1', 'hash-2'])
      .execute();
    expect(left).toEqual([{ token_hash: 'hash-2' }]);
    // The sign-in this test made is untouched.
    expect((await call('GET', '/api/admin/jobs')).statusCode).toBe(200);
  });

  it('purges expired SAML request IDs, assertion IDs and SSO tokens', async () => {
    const user = await db().selectFrom('users').select('id').where('user_name', '=', 'admin').executeTakeFirstOrThrow();
    const past = new Date(Date.now() - 3600_000);
    const future = new Date(Date.now() + 3600_000);
    await db()
      .insertInto('saml_requests')
      .values([
        { request_id: 'old', expires_at: past },
        { request_id: 'new', expires_at: future },
      ])
      .execute();
    await db()
      .insertInto('saml_assertions_used')
      .values([
        { assertion_id: 'old', expires_at: past },
        { assertion_id: 'new', expires_at: future },
      ])
      .execute();
    await db()
      .insertInto('sso_tokens')
      .values([
        { token_hash: 'old', user_id: user.id, expires_at: past },
        { token_hash: 'new', user_id: user.id, expires_at: future },
      ])
      .execute();
    const id = await jobs.send(PURGE_EXPIRED_SSO_JOB, {});
    await waitForState(id!, 'completed');
    expect(await db().selectFrom('saml_requests').select('request_id').execute()).toEqual([{ request_id: 'new' }]);
    expect(await db().selectFrom('saml_assertions_used').select('assertion_id').execute()).toEqual([
      { assertion_id: 'new' },
    ]);
    expect(await db().selectFrom('sso_tokens').select('token_hash').execute()).toEqual([{ token_hash: 'new' }]);
  });
});
