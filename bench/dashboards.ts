/**
 * Dashboards bench (decisions 0075 and 0079). Not a test: prints numbers, fails only when it cannot run.
 *   npx tsx bench/dashboards.ts        (HASP_BENCH_PERMITS, default 300,000; HASP_BENCH_DASHBOARD_SAMPLES, 40;
 *                                       HASP_BENCH_EXPLAIN=1 prints each widget's plans after its user's timings)
 * The real app (buildApp) over a fresh embedded PostgreSQL with the demo data plus 300,000 North
 * Plant permits (bench/support/bench-permits.ts) and what the widgets count around them: two live
 * isolation points on every permit in force (cycling over the facility's points, so points are
 * shared), a lock on 5,000 of them, the administrator's tags on 2,000, 20,000 gas tests (1 in 20 out
 * of limits, spread over the last 10 days), 500 open offline conflicts. Then, signed in as the
 * administrator (who sees every type) and as the supervisor: each widget's GET one at a time
 * (3 warm-up, then N measured) with p50/p95/max (goal: p95 ≤ 100 ms each), and the whole dashboard
 * as the page asks for it (every widget at once), N times.
 */
import { performance } from 'node:perf_hooks';
import { dashboardWidgetKinds } from '@hasp/contracts';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo';
import { insertPermits } from './support/bench-permits';
import { insertWidgetData } from './support/dashboard-data';
import { explainWidgets } from './support/dashboard-explain';
import { startDemoServer } from './support/demo-server';

const PERMITS = Number(process.env.HASP_BENCH_PERMITS || 300_000);
const SAMPLES = Number(process.env.HASP_BENCH_DASHBOARD_SAMPLES || 40);
/**
 * The share of the permits left open (HASP_BENCH_OPEN_SHARE, e.g. 0.05: a facility's history, most
 * permits closed); unset keeps the shared generator's spread (every status alike: 85 % open, a worst case).
 */
const OPEN_SHARE = process.env.HASP_BENCH_OPEN_SHARE ? Number(process.env.HASP_BENCH_OPEN_SHARE) : null;
const log = (message: string) => process.stderr.write(`bench dashboards: ${message}\n`);
const ms = (value: number) => `${value.toFixed(1)} ms`;
async function signIn(base: string, username: string): Promise<string> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ connectionStringName: 'Demo', facilityId: 1, username, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`Sign-in answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function timed(base: string, token: string, path: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  return performance.now() - started;
}

function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1)! };
}

async function main() {
  const server = await startDemoServer({
    log,
    webApp: false,
    prepare: async (db) => {
      const t0 = performance.now();
      await insertPermits(db, PERMITS);
      await insertWidgetData(db, OPEN_SHARE);
      log(
        `inserted ${PERMITS} permits (open share: ${OPEN_SHARE ?? 'as generated'}) and the widgets' records in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );
    },
  });
  try {
    for (const user of ['admin', 'supervisor']) {
      const token = await signIn(server.base, user);
      const rows: string[] = [];
      let worst = 0;
      for (const kind of dashboardWidgetKinds) {
        const path = `/api/dashboards/widgets/${kind}`;
        for (let i = 0; i < 3; i++) await timed(server.base, token, path);
        const times: number[] = [];
        for (let i = 0; i < SAMPLES; i++) times.push(await timed(server.base, token, path));
        const s = summary(times);
        worst = Math.max(worst, s.p95);
        const body = (await (
          await fetch(`${server.base}${path}`, { headers: { authorization: `Bearer ${token}` } })
        ).json()) as { total: number };
        rows.push(
          `  ${kind.padEnd(20)} total ${String(body.total).padStart(7)}  p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  max ${ms(s.max)}`,
        );
      }
      log(
        `${user}, each widget alone (${SAMPLES} requests each; goal p95 ≤ 100 ms):\n${rows.join('\n')}\n  worst p95 ${ms(worst)}`,
      );
      const pages: number[] = [];
      for (let i = 0; i < Math.max(5, SAMPLES / 4); i++) {
        const started = performance.now();
        await Promise.all(
          dashboardWidgetKinds.map((kind) => timed(server.base, token, `/api/dashboards/widgets/${kind}`)),
        );
        pages.push(performance.now() - started);
      }
      const s = summary(pages);
      log(
        `${user}, the whole dashboard (every widget at once, ${pages.length} times): p50 ${ms(s.p50)}, p95 ${ms(s.p95)}, max ${ms(s.max)}`,
      );
      if (process.env.HASP_BENCH_EXPLAIN === '1')
        log(`${user}, each widget's statements:\n${await explainWidgets(server.db, user)}`);
    }
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
