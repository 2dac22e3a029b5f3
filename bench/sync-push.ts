/**
 * The offline sync goal: sync of 1,000 queued commands ≤ 10 s. The real app over a fresh embedded PostgreSQL
 * (demo-seeded) on 127.0.0.1; one device's outbox as the web client sends it — 50 permits created
 * offline (`local:<uuid>`), each followed by 19 edits of it (a version chain), pushed in order in
 * pushes of at most 100 (`SYNC_PUSH_MAX`) until the outbox is empty. Prints the total, commands per
 * second, the p50/p95 of one push, statements per command (every pg Client.query of the process) and
 * CPU time per command (this process and its PostgreSQL: a figure the machine's load hardly moves).
 * Not a test: it prints numbers and never fails on them.
 *
 *   npx tsx bench/sync-push.ts     (HASP_BENCH_SYNC_COMMANDS 1000)
 *
 * HASP_PROFILE_PG=1 (decision 0066): the embedded PostgreSQL loads pg_stat_statements; after the push
 * it prints each statement's execution and planning time per command (nested statements of triggers
 * and functions too), the PL/pgSQL functions' times, and the CPU of each PostgreSQL process.
 * HASP_BENCH_SKIP_REST=1 leaves out the REST baseline.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../apps/server/src/db/schema';
import { SYNC_PUSH_MAX, type SyncCommand, type SyncPushResponse } from '@hasp/contracts';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo';
import { startDemoServer } from './support/demo-server';

const COMMANDS = Number(process.env.HASP_BENCH_SYNC_COMMANDS ?? 1000);
const CHAIN = 20;

let statements = 0;
/** HASP_BENCH_SQL_PROFILE=1: each statement's text (its first line, 110 characters) → count and time. */
const PROFILE = process.env.HASP_BENCH_SQL_PROFILE === '1';
const profile = new Map<string, { count: number; ms: number }>();
const query = Object.getOwnPropertyDescriptor(pg.Client.prototype, 'query')!.value as (...a: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements += 1;
  const answer = query.apply(this, args);
  if (PROFILE && answer instanceof Promise) {
    const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string })?.text ?? '?');
    const key = text.replace(/\s+/g, ' ').trim().slice(0, 110);
    const t0 = performance.now();
    const entry = profile.get(key) ?? { count: 0, ms: 0 };
    profile.set(key, entry);
    entry.count += 1;
    void answer.then(
      () => (entry.ms += performance.now() - t0),
      () => (entry.ms += performance.now() - t0),
    );
  }
  return answer;
} as typeof pg.Client.prototype.query;

/**
 * CPU time (ms) of this process's descendants — the embedded PostgreSQL and its backends — from
 * /proc (Linux; 0 elsewhere). With process.cpuUsage() it gives a figure the machine's load hardly moves.
 */
const titles = new Map<number, string>();
let lastBreakdown = new Map<string, number>();
function databaseCpuMs(): number {
  try {
    const parentOf = new Map<number, number>();
    const ticks = new Map<number, number>();
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        parentOf.set(Number(name), Number(fields[1]));
        // Its own time and its reaped children's: a backend that ends moves its time to the postmaster's.
        ticks.set(Number(name), Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]));
        if (process.env.HASP_PROFILE_PG === '1') {
          const title = readFileSync(`/proc/${name}/cmdline`, 'utf8')
            .replace(/\0/g, ' ')
            .trim()
            .split(' ')
            .slice(0, 3)
            .join(' ');
          titles.set(Number(name), title);
        }
      } catch {
        // The process ended meanwhile.
      }
    }
    const mine = new Set([process.pid]);
    let total = 0;
    for (let grew = true; grew;) {
      grew = false;
      for (const [pid, parent] of parentOf) {
        if (mine.has(parent) && !mine.has(pid)) {
          mine.add(pid);
          total += ticks.get(pid) ?? 0;
          grew = true;
        }
      }
    }
    if (process.env.HASP_PROFILE_PG === '1') {
      const by = new Map<string, number>();
      for (const pid of mine)
        if (pid !== process.pid)
          by.set(titles.get(pid) ?? '?', (by.get(titles.get(pid) ?? '?') ?? 0) + (ticks.get(pid) ?? 0) * 10);
      lastBreakdown = by;
    }
    return total * 10; // USER_HZ is 100 on Linux
  } catch {
    return 0;
  }
}

const cpuStart = () => ({ node: process.cpuUsage(), db: databaseCpuMs(), by: lastBreakdown });
function cpuPerCommand(start: ReturnType<typeof cpuStart>, commands: number): string {
  const node = process.cpuUsage(start.node);
  const nodeMs = (node.user + node.system) / 1000 / commands;
  const dbMs = (databaseCpuMs() - start.db) / commands;
  if (process.env.HASP_PROFILE_PG === '1')
    for (const [k, v] of lastBreakdown)
      console.log(`    PostgreSQL process ${k}: ${((v - (start.by.get(k) ?? 0)) / commands).toFixed(2)} ms/command`);
  return `CPU per command ${(nodeMs + dbMs).toFixed(2)} ms (node ${nodeMs.toFixed(2)}, PostgreSQL ${dbMs.toFixed(2)})`;
}

function printProfile(commands: number) {
  const rows = [...profile.entries()].sort((a, b) => b[1].ms - a[1].ms);
  console.log('  statements per command by text (count/command, ms/command):');
  for (const [text, { count, ms }] of rows)
    console.log(`    ${(count / commands).toFixed(2).padStart(6)} ${(ms / commands).toFixed(3).padStart(7)}  ${text}`);
  profile.clear();
}

async function printPgStats(db: Kysely<Database>) {
  const { rows } = await sql<{
    calls: string;
    ms: number;
    plan: number;
    rows: string;
    query: string;
    toplevel: boolean;
    blks: string;
  }>`
    select calls, round((total_exec_time / ${COMMANDS})::numeric, 3)::float as ms,
           round((total_plan_time / ${COMMANDS})::numeric, 3)::float as plan, rows, toplevel,
           shared_blks_hit + shared_blks_read + shared_blks_dirtied as blks,
           regexp_replace(query, '\s+', ' ', 'g') as query
      from pg_stat_statements order by total_exec_time + total_plan_time desc limit 30`.execute(db);
  console.log('  pg_stat_statements (exec ms/command, plan ms/command, calls, top-level, blocks):');
  for (const r of rows)
    console.log(
      `    ${r.ms.toFixed(3).padStart(7)} ${r.plan.toFixed(3).padStart(7)} ${String(r.calls).padStart(6)} ${r.toplevel ? 'T' : '-'} ${String(r.blks).padStart(8)}  ${r.query.slice(0, 150)}`,
    );
  const f = await sql<{ funcname: string; calls: string; self: number; total: number }>`
    select funcname, calls, round((self_time / ${COMMANDS})::numeric, 3)::float as self, round((total_time / ${COMMANDS})::numeric, 3)::float as total
      from pg_stat_user_functions order by total_time desc limit 15`.execute(db);
  const t = await sql<{
    e: number;
    p: number;
  }>`select round((sum(total_exec_time) / ${COMMANDS})::numeric, 3)::float as e, round((sum(total_plan_time) / ${COMMANDS})::numeric, 3)::float as p from pg_stat_statements where toplevel`.execute(
    db,
  );
  console.log(`  top-level statements: exec ${t.rows[0]!.e} ms/command, plan ${t.rows[0]!.p} ms/command`);
  console.log('  functions (self ms/command, total ms/command, calls):');
  for (const r of f.rows) console.log(`    ${r.self.toFixed(3)} ${r.total.toFixed(3)} ${r.calls} ${r.funcname}`);
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;

async function main() {
  console.log(`P8 sync of ${COMMANDS} queued commands (target ≤ 10 s)`);
  const server = await startDemoServer({ log: (m) => console.log(`  ${m}`), webApp: false });
  try {
    const signIn = await fetch(`${server.base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        connectionStringName: 'Demo',
        facilityId: 1,
        username: 'worker',
        password: DEMO_PASSWORD,
      }),
    });
    const session = (await signIn.json()) as { token: string; user: { ID: number } };
    const type = await server.db
      .selectFrom('permit_types')
      .select('id')
      .where('facility_id', '=', 1)
      .where('code', '=', 'LOTO')
      .executeTakeFirstOrThrow();
    const owner = { connectionStringName: 'Demo', facilityId: 1, userId: session.user.ID };
    const deviceId = randomUUID();
    const core = (title: string) => ({
      title,
      description: 'Queued offline',
      workMethod: 'Isolate, verify, work',
      areaId: null,
      assetIds: [],
      plannedStart: '2026-12-01T08:00:00.000Z',
      plannedEnd: '2026-12-01T12:00:00.000Z',
      holderId: null,
      riskLevel: null,
    });
    const outbox: SyncCommand[] = [];
    let local = '';
    for (let i = 0; i < COMMANDS; i++) {
      const first = i % CHAIN === 0;
      if (first) local = `local:${randomUUID()}`;
      outbox.push({
        idempotencyKey: randomUUID(),
        deviceId,
        deviceSeq: i + 1,
        deviceTime: new Date().toISOString(),
        name: first ? 'permit.create' : 'permit.edit',
        targetId: local,
        input: first ? { permitTypeId: type.id, ...core(`Bench ${i}`) } : core(`Bench ${i}`),
        baseVersion: first ? null : 0,
        owner,
      });
    }
    const pushTimes: number[] = [];
    const outcomes: Record<string, number> = {};
    statements = 0;
    profile.clear();
    if (process.env.HASP_PROFILE_PG === '1') {
      await sql`create extension if not exists pg_stat_statements`.execute(server.db);
      await sql`select pg_stat_statements_reset(), pg_stat_reset()`.execute(server.db);
      const totals = await sql<{
        s: number;
      }>`select sum(total_exec_time + total_plan_time) as s from pg_stat_statements where toplevel`.execute(server.db);
      void totals;
    }
    const syncCpu = cpuStart();
    const started = performance.now();
    while (outbox.length) {
      const batch = outbox.slice(0, SYNC_PUSH_MAX);
      const t0 = performance.now();
      const response = await fetch(`${server.base}/api/sync/push`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
        body: JSON.stringify({ commands: batch }),
      });
      pushTimes.push(performance.now() - t0);
      if (response.status !== 200) throw new Error(`push: ${response.status} ${await response.text()}`);
      const body = (await response.json()) as SyncPushResponse;
      for (const r of body.results) {
        if (r.outcome === 'deferred') continue;
        outcomes[r.outcome] = (outcomes[r.outcome] ?? 0) + 1;
        outbox.splice(
          outbox.findIndex((c) => c.idempotencyKey === r.idempotencyKey),
          1,
        );
      }
    }
    const seconds = (performance.now() - started) / 1000;
    const sorted = [...pushTimes].sort((a, b) => a - b);
    console.log(
      `  ${COMMANDS} commands in ${seconds.toFixed(2)} s (${(COMMANDS / seconds).toFixed(0)}/s; target ≤ 10 s) over ${pushTimes.length} pushes`,
    );
    console.log(`  outcomes ${JSON.stringify(outcomes)}`);
    console.log(
      `  one push of ${SYNC_PUSH_MAX}: p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms`,
    );
    console.log(
      `  statements per command ${(statements / COMMANDS).toFixed(1)}; ${cpuPerCommand(syncCpu, COMMANDS)}; load average ${os.loadavg()[0]!.toFixed(1)}`,
    );

    if (PROFILE) printProfile(COMMANDS);
    if (process.env.HASP_PROFILE_PG === '1') await printPgStats(server.db);
    if (process.env.HASP_BENCH_SKIP_REST === '1') return;

    // Baseline: the same changes over the REST routes, one request each (what the runner itself costs).
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${session.token}` };
    let permitId = 0;
    const restCpu = cpuStart();
    const restStarted = performance.now();
    for (let i = 0; i < COMMANDS; i++) {
      const first = i % CHAIN === 0;
      const url = first ? `${server.base}/api/permits` : `${server.base}/api/permits/${permitId}/commands/edit`;
      const body = first ? { permitTypeId: type.id, ...core(`REST ${i}`) } : core(`REST ${i}`);
      const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
      if (response.status !== 200) throw new Error(`REST: ${response.status} ${await response.text()}`);
      const answer = (await response.json()) as { ID: number };
      if (first) permitId = answer.ID;
    }
    const restSeconds = (performance.now() - restStarted) / 1000;
    if (PROFILE) printProfile(COMMANDS);
    console.log(
      `  baseline: the same ${COMMANDS} changes as REST requests in ${restSeconds.toFixed(2)} s (sync / REST ${(seconds / restSeconds).toFixed(2)}); ${cpuPerCommand(restCpu, COMMANDS)}; load average ${os.loadavg()[0]!.toFixed(1)}`,
    );
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
