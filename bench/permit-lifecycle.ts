/**
 * A permit lifecycle command's latency with 300,000 permits in the database (p95 ≤ 30 ms).
 * The real app over a fresh embedded PostgreSQL (demo-seeded), North Plant filled with permits by
 * one generate_series insert (bench data only: every status, the demo people). The administrator
 * then gives `start-test` and `end-test` (Active ⇄ Live for test: a full command each — lock, facts,
 * decision, update, audit row, event, version) to Active permits picked at random, first from one
 * session (one command at a time), then from 10 sessions at once (each on its own permits).
 * Not a test: it prints numbers and never fails on them.
 *
 *   npm run permit-lifecycle -w @hasp/bench    (HASP_BENCH_DURATION_SEC 5, HASP_BENCH_PERMITS 300000)
 */
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { permitStatuses } from '@hasp/contracts';
import type { Database } from '../apps/server/src/db/schema';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo';
import { startDemoServer } from './support/demo-server';

const PERMITS = Number(process.env.HASP_BENCH_PERMITS ?? 300_000);
const durationMs = Number(process.env.HASP_BENCH_DURATION_SEC ?? 5) * 1000;
const SESSIONS = 10;

// The lifecycle's own list, so a new status is benched too.
const statuses = [...permitStatuses];

/** North Plant's permits: every type, every status, the demo people, a month of planned starts. */
async function fillPermits(db: Kysely<Database>): Promise<void> {
  const started = performance.now();
  await sql`
    with people as (
      select (select id from users where user_name = 'worker') as requester,
             (select id from users where user_name = 'contractor') as holder,
             (select id from users where user_name = 'supervisor') as issuer
    ), types as (
      select array_agg(id order by id) as ids from permit_types where facility_id = 1
    )
    insert into permits (facility_id, permit_type_id, number, status, title, description, planned_start,
                         planned_end, requester_id, holder_id, issuer_id, risk_level, created_at, updated_at)
    select 1, types.ids[1 + g % array_length(types.ids, 1)], 'BENCH-' || g,
           (${sql.val(statuses)}::text[])[1 + g % ${statuses.length}],
           'Bench permit ' || g, 'Generated for the lifecycle bench',
           now() - make_interval(hours => g % 720), now() - make_interval(hours => g % 720) + interval '4 hours',
           people.requester, people.holder,
           case when g % ${statuses.length} >= 4 then people.issuer end,
           (array['low', 'medium', 'high'])[1 + g % 3], now(), now()
    from generate_series(1, ${PERMITS}) g, people, types`.execute(db);
  await sql`analyze permits`.execute(db);
  console.log(`  ${PERMITS} permits inserted in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Statements sent to PostgreSQL by this process (the app's pool and the bench's own look-ups): each
 * pg Client.query is one round trip. Counted around the one-session run only, where the bench
 * itself sends nothing, so statements per command are the app's own.
 */
let statements = 0;
const query = Object.getOwnPropertyDescriptor(pg.Client.prototype, 'query')!.value as (...a: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements += 1;
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;

async function main() {
  console.log(`Permit lifecycle command with ${PERMITS} permits`);
  const server = await startDemoServer({ log: (m) => console.log(`  ${m}`), prepare: fillPermits, webApp: false });
  try {
    const signIn = await fetch(`${server.base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ connectionStringName: 'Demo', facilityId: 1, username: 'admin', password: DEMO_PASSWORD }),
    });
    const { token } = (await signIn.json()) as { token: string };
    // Active LOTO-or-other permits held by the contractor (the admin, who gives the commands, is not the holder).
    const active = (
      await server.db
        .selectFrom('permits')
        .select('id')
        .where('facility_id', '=', 1)
        .where('status', '=', 'active')
        .orderBy(sql`random()`)
        .limit(SESSIONS * 200)
        .execute()
    ).map((r) => r.id);
    const send = async (id: number, verb: 'start-test' | 'end-test') => {
      const response = await fetch(`${server.base}/api/permits/${id}/commands/${verb}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      await response.arrayBuffer();
      return response.status;
    };
    /** Each session walks its own permits: start-test on one, end-test on it next time round. */
    const inTest = new Set<number>();
    const run = async (sessions: number, ms: number) => {
      const latencies: number[] = [];
      let failures = 0;
      const until = performance.now() + ms;
      await Promise.all(
        Array.from({ length: sessions }, async (_, s) => {
          const mine = active.filter((_, i) => i % sessions === s);
          for (let n = 0; performance.now() < until; n++) {
            const id = mine[n % mine.length]!;
            const verb = inTest.has(id) ? 'end-test' : 'start-test';
            const at = performance.now();
            const status = await send(id, verb);
            latencies.push(performance.now() - at);
            if (status !== 200) failures += 1;
            else if (verb === 'start-test') inTest.add(id);
            else inTest.delete(id);
          }
        }),
      );
      latencies.sort((a, b) => a - b);
      return { latencies, failures };
    };
    // The machine's own pace: a read of the same permits (four queries, no transaction) beside the commands.
    const reads: number[] = [];
    for (const id of active.slice(0, 200)) {
      const at = performance.now();
      const response = await fetch(`${server.base}/api/permits/${id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await response.arrayBuffer();
      reads.push(performance.now() - at);
    }
    reads.sort((a, b) => a - b);
    console.log(
      `  baseline GET /api/permits/:id, 1 session: p50 ${percentile(reads, 50).toFixed(1)} ms   p95 ${percentile(reads, 95).toFixed(1)} ms`,
    );
    await run(1, 1000);
    for (const sessions of [1, SESSIONS]) {
      const statementsBefore = statements;
      const busyBefore = performance.eventLoopUtilization();
      const { latencies, failures } = await run(sessions, durationMs);
      const busy = performance.eventLoopUtilization(busyBefore);
      const perCommand = (statements - statementsBefore) / Math.max(latencies.length, 1);
      console.log(
        `  ${sessions} session(s): ${perCommand.toFixed(1)} statements (round trips) per command, ` +
          `server event loop busy ${((busy.active * 1000) / Math.max(latencies.length, 1)).toFixed(0)} µs per command`,
      );
      console.log(
        `  ${sessions} session(s): ${latencies.length} commands, ${(latencies.length / (durationMs / 1000)).toFixed(0)}/s   ` +
          `p50 ${percentile(latencies, 50).toFixed(1)} ms   p95 ${percentile(latencies, 95).toFixed(1)} ms   ` +
          `p99 ${percentile(latencies, 99).toFixed(1)} ms   ${failures} not 200   (target p95 ≤ 30 ms)`,
      );
    }
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
