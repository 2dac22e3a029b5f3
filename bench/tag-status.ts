/**
 * Public tag status bench (decision 0039). Not a test: prints numbers, fails only when it
 * cannot run.
 *   npx tsx bench/tag-status.ts
 * The real app (buildApp, API only) over a fresh embedded PostgreSQL with the demo data plus 2,000
 * LOTO permits, each with the 3 demo points on its plan and a tag on each (6,000 tags, a third
 * applied by the demo worker), then GET /api/public/tags/:token with autocannon at 50 connections
 * (one load worker thread, so the server keeps its own event loop), rotating over 500 tokens, for
 * 10 s after a 2 s warm-up. The per-address rate limit is raised for the run: every scan comes
 * from 127.0.0.1 here. Goal: p95 ≤ 20 ms (autocannon reports p90 and p97.5; p95 lies between).
 */
import { performance } from 'node:perf_hooks';
import autocannon, { type Result as LoadResult } from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import { startDemoServer } from './support/demo-server';

const PERMITS = Number(process.env.HASP_BENCH_TAG_PERMITS || 2_000);
const DURATION_SEC = Number(process.env.HASP_BENCH_DURATION_SEC || 10);
const CONNECTIONS = 50;
const log = (message: string) => process.stderr.write(`bench tag status: ${message}\n`);
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Statements sent by this process (each pg Client.query is one round trip), as in isolation-plan.ts. */
let statements = 0;
const query = Object.getOwnPropertyDescriptor(pg.Client.prototype, 'query')!.value as (...a: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements += 1;
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

type Db = Parameters<NonNullable<Parameters<typeof startDemoServer>[0]['prepare']>>[0];

/** Permits, plan points and tags in three set-based statements. */
async function insertTags(db: Db) {
  await sql`
    insert into permits (facility_id, permit_type_id, number, status, title, area_id, planned_start, planned_end,
                         requester_id, holder_id)
    select 1, (select id from permit_types where facility_id = 1 and code = 'LOTO'), 'TB-' || lpad(g::text, 6, '0'),
           (array['draft','isolated','active'])[1 + g % 3], 'Tag bench ' || g, null,
           timestamptz '2026-12-01', timestamptz '2026-12-01 08:00',
           (select id from users where user_name = 'worker'), null
    from generate_series(1, ${PERMITS}::int) g`.execute(db);
  await sql`
    insert into permit_isolation_points (facility_id, permit_id, isolation_point_id, position)
    select 1, p.id, ip.id, row_number() over (partition by p.id order by ip.id) - 1
    from permits p cross join isolation_points ip
    where p.number like 'TB-%' and ip.facility_id = 1`.execute(db);
  await sql`
    insert into tags (facility_id, number, permit_id, plan_point_id, state, applied_at, applied_by, status_token)
    select 1, 'TB-T-' || pp.id, pp.permit_id, pp.id,
           case when pp.id % 3 = 0 then 'applied' else 'planned' end,
           case when pp.id % 3 = 0 then now() end,
           case when pp.id % 3 = 0 then (select id from users where user_name = 'worker') end,
           replace(gen_random_uuid()::text, '-', '')
    from permit_isolation_points pp join permits p on p.id = pp.permit_id
    where p.number like 'TB-%'`.execute(db);
  await sql`vacuum analyze tags`.execute(db);
}

async function main() {
  const server = await startDemoServer({
    log,
    webApp: false,
    env: { HASP_TAG_STATUS_MAX_PER_ADDRESS_PER_MINUTE: '10000000' },
    prepare: async (db) => {
      await insertTags(db);
      const { n } = (await sql<{ n: number }>`select count(*)::int as n from tags`.execute(db)).rows[0]!;
      log(`${n} tags`);
    },
  });
  try {
    const tokens = (
      await sql<{ token: string }>`select status_token as token from tags order by random() limit 500`.execute(
        server.db,
      )
    ).rows.map((r) => encodeURIComponent(r.token));
    const sample = await fetch(`${server.base}/api/public/tags/${tokens[0]}`);
    log(`sample: ${sample.status} ${await sample.text()}`);
    const plan = await sql<{
      'QUERY PLAN': string;
    }>`explain select 1 from tags where status_token = ${decodeURIComponent(tokens[0]!)}`.execute(server.db);
    log(`plan: ${plan.rows.map((r) => r['QUERY PLAN']).join(' | ')}`);
    const run = (duration: number) =>
      new Promise<LoadResult>((resolve, reject) => {
        autocannon(
          {
            url: server.base,
            connections: CONNECTIONS,
            duration,
            workers: 1,
            timeout: 10,
            requests: tokens.map((token) => ({ method: 'GET', path: `/api/public/tags/${token}` })),
          },
          (error, result) => (error ? reject(error) : resolve(result)),
        );
      });
    await run(2);
    // The same load on GET /api/health: what this machine gives a route with no query at all right now
    // (the 2 cores are shared; read the tag numbers against it).
    const health = await new Promise<LoadResult>((resolve, reject) => {
      autocannon(
        { url: `${server.base}/api/health`, connections: CONNECTIONS, duration: 5, workers: 1, timeout: 10 },
        (error, result) => (error ? reject(error) : resolve(result)),
      );
    });
    log(
      `baseline GET /api/health at ${CONNECTIONS} connections: ${health.requests.average.toFixed(0)} req/s, p50 ${ms(health.latency.p50)}, p90 ${ms(health.latency.p90)}, p97.5 ${ms(health.latency.p97_5)}`,
    );
    const statementsBefore = statements;
    const loopBefore = performance.eventLoopUtilization();
    const result = await run(DURATION_SEC);
    const loop = performance.eventLoopUtilization(loopBefore);
    const scans = result.requests.total;
    log(
      `public tag status at ${CONNECTIONS} connections: ${result.requests.average.toFixed(0)} req/s, p50 ${ms(result.latency.p50)}, p90 ${ms(result.latency.p90)}, p97.5 ${ms(result.latency.p97_5)}, p99 ${ms(result.latency.p99)}, non-2xx ${result.non2xx} (goal p95 ≤ 20 ms)`,
    );
    // The server's own cost, steadier than latency on a shared machine: its event loop's busy time
    // and the statements it sent, per scan (the load generator runs on another thread).
    log(
      `per scan: ${((loop.active * 1000) / scans).toFixed(0)} µs of server event loop (busy ${(loop.utilization * 100).toFixed(0)} %), ${((statements - statementsBefore) / scans).toFixed(2)} statements`,
    );
  } finally {
    await server.stop();
  }
}

await main();
