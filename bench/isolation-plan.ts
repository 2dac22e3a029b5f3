/**
 * Isolation plan of 200 points built, isolated and verified through the real commands over HTTP
 * (each command p95 ≤ 30 ms). The real app (buildApp, API only) over a fresh
 * embedded PostgreSQL (demo-seeded) plus one bench asset with HASP_BENCH_PLAN_POINTS (200) isolation
 * points and as many locks. One LOTO permit is requested and approved, then, one command at a time:
 * add-point × 200, notify, shut-down, isolate-point × 200, lock assign × 200, lock apply × 200, tag apply × 200,
 * release-stored-energy, verify-point × 200, and the permit's isolate (the guard facts). A second
 * permit is filled with the same points in one command (fill). Prints p50/p95/max per command, the
 * mean of the first and last 20 of each repeated command (does it grow with the plan?) and the
 * statements sent per command. Not a test: it never fails on a number.
 *
 *   npm run isolation-plan -w @hasp/bench    (HASP_BENCH_PLAN_POINTS 200)
 */
import { performance } from 'node:perf_hooks';
import os from 'node:os';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from '../apps/server/src/db/schema';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo';
import { startDemoServer } from './support/demo-server';

const POINTS = Number(process.env.HASP_BENCH_PLAN_POINTS || 200);
const log = (message: string) => console.log(`  ${message}`);

/** Statements sent by this process (each pg Client.query is one round trip), as in permit-lifecycle.ts. */
let statements = 0;
const query = Object.getOwnPropertyDescriptor(pg.Client.prototype, 'query')!.value as (...a: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements += 1;
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

/** The bench asset (one component) with its isolation points, and the locks, set-based. */
async function prepare(db: Kysely<Database>) {
  await sql`
    with area as (select area_id from assets where facility_id = 1 and number = 'PR-001'),
    asset as (
      insert into assets (facility_id, area_id, number, description, loto_required)
      select 1, area_id, 'BENCH-ISO', 'Isolation plan bench machine', true from area returning id
    ), comp as (
      insert into components (facility_id, asset_id, number, name)
      select 1, id, 'BENCH-ISO-C1', 'Bench component' from asset returning id, asset_id
    ), device as (
      select device_type_item_id as id from isolation_points where facility_id = 1 limit 1
    )
    insert into isolation_points (facility_id, component_id, asset_id, code, device_type_item_id, location,
                                  verification_method, lockable)
    select 1, comp.id, comp.asset_id, 'BI-' || lpad(g::text, 4, '0'), device.id, 'Bench bay ' || g,
           'Try start', true
    from comp, device, generate_series(1, ${POINTS}::int) g`.execute(db);
  await sql`
    insert into locks (facility_id, serial, kind)
    select 1, 'BENCH-L-' || g, 'padlock' from generate_series(1, ${POINTS}::int) g`.execute(db);
  await sql`analyze`.execute(db);
}

/** What the bench reads of a question: enough to give an answer that does not block. */
interface BenchQuestion {
  ID: number;
  questionID: number;
  answerType: string;
  choices: string[];
  blockingAnswer: string | null;
  minValue: number | null;
  maxValue: number | null;
}

function passingAnswer(q: BenchQuestion): string {
  if (q.answerType === 'yes_no_na') return q.blockingAnswer === 'yes' ? 'no' : 'yes';
  if (q.answerType === 'number') return String(q.minValue ?? q.maxValue ?? 1);
  if (q.answerType === 'date') return '2026-11-01';
  if (q.answerType === 'choice') return q.choices.find((c) => c !== q.blockingAnswer)!;
  return 'Checked on site';
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(xs.length, 1);
const f = (ms: number) => ms.toFixed(1).padStart(7);

async function main() {
  console.log(
    `Isolation plan of ${POINTS} points (load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})`,
  );
  const server = await startDemoServer({ log, prepare, webApp: false });
  try {
    const token = async (username: string) => {
      const response = await fetch(`${server.base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ connectionStringName: 'Demo', facilityId: 1, username, password: DEMO_PASSWORD }),
      });
      return ((await response.json()) as { token: string }).token;
    };
    const tokens = { worker: await token('worker'), supervisor: await token('supervisor') };
    const call = async (as: keyof typeof tokens, url: string, body?: object) => {
      const response = await fetch(`${server.base}/api${url}`, {
        method: body ? 'POST' : 'GET',
        headers: { authorization: `Bearer ${tokens[as]}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`${url}: ${response.status} ${text}`);
      return JSON.parse(text) as Record<string, unknown>;
    };
    const ids = async (table: 'isolation_points' | 'locks', prefix: string, column: 'code' | 'serial') =>
      (await server.db.selectFrom(table).select('id').where(column, 'like', `${prefix}%`).orderBy('id').execute()).map(
        (r) => r.id,
      );
    const pointIds = await ids('isolation_points', 'BI-', 'code');
    const lockIds = await ids('locks', 'BENCH-L-', 'serial');
    const asset = await server.db
      .selectFrom('assets')
      .select('id')
      .where('number', '=', 'BENCH-ISO')
      .executeTakeFirstOrThrow();
    const people = await server.db.selectFrom('users').select(['id', 'user_name']).execute();
    const lotoType = await server.db
      .selectFrom('permit_types')
      .select('id')
      .where('facility_id', '=', 1)
      .where('code', '=', 'LOTO')
      .executeTakeFirstOrThrow();

    const newPermit = async (title: string) => {
      const start = Date.now() + 3_600_000;
      const permit = await call('worker', '/permits', {
        permitTypeId: lotoType.id,
        title,
        description: '',
        workMethod: '',
        areaId: null,
        assetIds: [asset.id],
        plannedStart: new Date(start).toISOString(),
        plannedEnd: new Date(start + 8 * 3_600_000).toISOString(),
        holderId: people.find((p) => p.user_name === 'worker')!.id,
        riskLevel: null,
      });
      const id = permit.ID as number;
      // The demo's LOTO type asks its request questions first: answered as a requester would.
      const questions = (await call('worker', `/permits/${id}/questions`)) as unknown as {
        stages: { stage: string; questions: { question: BenchQuestion; answer: unknown }[] }[];
      };
      for (const { question, answer } of questions.stages.find((s) => s.stage === 'request')?.questions ?? [])
        if (!answer)
          await call('worker', `/permits/${id}/questions/commands/answer`, {
            questionId: question.questionID,
            stage: 'request',
            questionVersionId: question.ID,
            answer: passingAnswer(question),
          });
      await call('worker', `/permits/${id}/commands/request`, {});
      await call('supervisor', `/permits/${id}/commands/approve`, { password: DEMO_PASSWORD });
      return id;
    };

    const rows: { name: string; times: number[]; statements: number }[] = [];
    const timed = async (name: string, n: number, send: (i: number) => Promise<unknown>) => {
      const times: number[] = [];
      const before = statements;
      for (let i = 0; i < n; i += 1) {
        const at = performance.now();
        await send(i);
        times.push(performance.now() - at);
      }
      rows.push({ name, times, statements: (statements - before) / n });
    };

    const permitId = await newPermit('Isolation plan bench');
    const plan = (p: string) => `/permits/${permitId}/isolation-plan/commands/${p}`;
    await timed('add-point', POINTS, (i) => call('worker', plan('add-point'), { isolationPointId: pointIds[i] }));
    const view = (await call('supervisor', `/permits/${permitId}/isolation-plan`)) as {
      points: { ID: number; tags: { ID: number }[] }[];
    };
    const planPoints = view.points;
    await timed('notify', 1, () => call('supervisor', plan('notify'), {}));
    await timed('shut-down', 1, () => call('supervisor', plan('shut-down'), {}));
    await timed('isolate-point', POINTS, (i) =>
      call('supervisor', plan('isolate-point'), { planPointId: planPoints[i]!.ID }),
    );
    // The board's pool locks are handed to the permit first (decision 0114): only its people apply them.
    await timed('lock assign', POINTS, (i) =>
      call('supervisor', `/permits/${permitId}/locks/commands/assign`, { lockId: lockIds[i] }),
    );
    // Applying the lock hangs the point's planned tag in the same command (one step at the point).
    await timed('lock and tag apply', POINTS, (i) =>
      call('supervisor', `/permits/${permitId}/locks/commands/apply`, {
        lockId: lockIds[i],
        planPointId: planPoints[i]!.ID,
      }),
    );
    await timed('release-stored-energy', 1, () => call('supervisor', plan('release-stored-energy'), {}));
    await timed('verify-point', POINTS, (i) =>
      call('supervisor', plan('verify-point'), {
        planPointId: planPoints[i]!.ID,
        method: 'Try start',
        outcome: 'pass',
        result: 'Zero',
      }),
    );
    await timed('GET isolation-plan', 20, () => call('supervisor', `/permits/${permitId}/isolation-plan`));
    await timed('permit isolate (guard)', 1, () => call('supervisor', `/permits/${permitId}/commands/isolate`, {}));
    const second = await newPermit('Isolation plan bench, filled');
    await timed('fill (second permit)', 1, () => call('worker', `/permits/${second}/isolation-plan/commands/fill`, {}));

    console.log(
      `\n  ${'command'.padEnd(24)} ${'n'.padStart(4)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'max'.padStart(7)} ` +
        `${'first20'.padStart(7)} ${'last20'.padStart(7)} statements   (ms; goal p95 ≤ 30)`,
    );
    for (const { name, times, statements: perCommand } of rows) {
      const sorted = [...times].sort((a, b) => a - b);
      const growth =
        times.length >= 40 ? `${f(mean(times.slice(0, 20)))} ${f(mean(times.slice(-20)))}` : ' '.repeat(15);
      console.log(
        `  ${name.padEnd(24)} ${String(times.length).padStart(4)} ${f(percentile(sorted, 50))} ${f(percentile(sorted, 95))} ` +
          `${f(sorted.at(-1)!)} ${growth} ${perCommand.toFixed(1).padStart(10)}`,
      );
    }
    console.log(
      `\n  load average after: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
