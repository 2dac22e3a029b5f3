import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKysely } from '../src/db/connections';
import { asSuperuser, cloneTemplateDatabase } from './test-app';

const script = path.resolve(import.meta.dirname, 'support/jobs-process.ts');

interface Running {
  child: ChildProcess;
  exited: Promise<number | null>;
}

/** Spawns one jobs process and waits until it says its queue runs. */
async function startProcess(url: string, name: string): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, JOBS_DB_URL: url, JOBS_PROCESS_NAME: name },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  let ended = false;
  void exited.then(() => (ended = true));
  for (const deadline = Date.now() + 60_000; !output.includes('jobs started'); await sleep(50)) {
    if (ended || Date.now() > deadline) throw new Error(`${name} did not start:\n${output}`);
  }
  return { child, exited };
}

let url: string;
let db: ReturnType<typeof createKysely>;
const running: Running[] = [];
beforeAll(async () => {
  url = await cloneTemplateDatabase();
  db = createKysely(url, 2);
  await asSuperuser(url, [
    'create table job_probe (job_id uuid not null, scheduled_at timestamptz not null, process text not null)',
    'grant select, insert on job_probe to hasp_app',
  ]);
});
afterAll(async () => {
  for (const { child, exited } of running) {
    if (child.exitCode === null) child.kill('SIGKILL');
    await exited;
  }
  await db.destroy();
});

const probes = async () =>
  (
    await sql<{
      job_id: string;
      scheduled_at: Date;
      process: string;
    }>`select job_id::text, scheduled_at, process from job_probe order by scheduled_at`.execute(db)
  ).rows;

describe('jobs in two server processes on one database', () => {
  it('run a scheduled job once per tick', async () => {
    running.push(...(await Promise.all([startProcess(url, 'one'), startProcess(url, 'two')])));
    // Both processes fire every second; wait (polling the database) for six ticks handled while both ran.
    const bothRunning = new Date();
    for (const deadline = Date.now() + 30_000; ; await sleep(200)) {
      const ticks = (await probes()).filter((p) => p.scheduled_at > bothRunning);
      if (ticks.length >= 6) break;
      if (Date.now() > deadline) throw new Error(`only ${ticks.length} ticks ran`);
    }
    for (const { child, exited } of running) {
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }

    const rows = await probes();
    // Each tick ran exactly once: one row per scheduled second and per job; never two.
    const perTick = new Map<number, number>();
    for (const row of rows) perTick.set(row.scheduled_at.getTime(), (perTick.get(row.scheduled_at.getTime()) ?? 0) + 1);
    expect([...perTick.values()].every((count) => count === 1)).toBe(true);
    expect(new Set(rows.map((r) => r.job_id)).size).toBe(rows.length);
    // The queue holds one job per tick although both processes sent every tick.
    const jobs = await sql<{
      count: number;
      ticks: number;
    }>`select count(*)::int as count, count(distinct data ->> 'scheduledAt')::int as ticks from pgboss.job where name = 'test-tick'`.execute(
      db,
    );
    expect(jobs.rows[0]!.count).toBe(jobs.rows[0]!.ticks);
    // Every second between the first and last handled tick was handled (no tick lost while both ran).
    const times = [...perTick.keys()].sort((a, b) => a - b).filter((time) => time > bothRunning.getTime());
    expect(times.at(-1)! - times[0]!).toBe((times.length - 1) * 1000);
  }, 90_000);
});
