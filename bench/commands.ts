/**
 * The command path under load: 10 signed-in sessions at once, each sending Settings Table edits
 * (PUT /api/admin/settings/generalSettings.loginTimeout) as fast as answers come, each with its
 * own Idempotency-Key. Every edit is a command on the same facility's configuration, so they
 * queue on one row lock: the contended case. Prints p50/p95/p99 and commands per second.
 */
import { performance } from 'node:perf_hooks';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo';

export interface CommandBenchResult {
  sessions: number;
  durationSec: number;
  commands: number;
  perSec: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  failures: number;
  /** A replayed key answered the stored response without applying again. */
  replayOk: boolean;
}

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ connectionStringName: 'Demo', facilityId: 1, username: 'admin', password: DEMO_PASSWORD }),
    signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) throw new Error(`Sign-in answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;

export async function runCommandBench(url: string, sessions: number, durationSec: number, warmupSec: number) {
  const tokens: string[] = [];
  for (let i = 0; i < sessions; i++) tokens.push(await signIn(url));
  let sent = 0;
  const send = (token: string, key: string, value: number) =>
    fetch(`${url}/api/admin/settings/generalSettings.loginTimeout`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ value }),
      signal: AbortSignal.timeout(30_000),
    });
  const run = async (seconds: number, record: boolean) => {
    const latencies: number[] = [];
    let failures = 0;
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      tokens.map(async (token, user) => {
        while (performance.now() < until) {
          sent += 1;
          const started = performance.now();
          const response = await send(token, `bench-${user}-${sent}`, 10 + (sent % 50));
          await response.arrayBuffer();
          if (!record) continue;
          latencies.push(performance.now() - started);
          if (response.status !== 200) failures += 1;
        }
      }),
    );
    return { latencies: latencies.sort((a, b) => a - b), failures };
  };
  await run(warmupSec, false);
  const { latencies, failures } = await run(durationSec, true);
  const first = await send(tokens[0]!, 'bench-replay', 42);
  const again = await send(tokens[0]!, 'bench-replay', 42);
  const result: CommandBenchResult = {
    sessions,
    durationSec,
    commands: latencies.length,
    perSec: latencies.length / durationSec,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    p99Ms: percentile(latencies, 99),
    failures,
    replayOk:
      first.status === 200 &&
      again.headers.get('idempotent-replayed') === 'true' &&
      (await first.text()) === (await again.text()),
  };
  return result;
}

export function printCommandBench(r: CommandBenchResult): void {
  console.log(
    `\nCommand runner: Settings Table edit (one facility's configuration, one row lock), ${r.sessions} sessions at once, ${r.durationSec} s`,
  );
  console.log(
    `  ${r.perSec.toFixed(0)} commands/s   p50 ${r.p50Ms.toFixed(1)} ms   p95 ${r.p95Ms.toFixed(1)} ms   ` +
      `p99 ${r.p99Ms.toFixed(1)} ms   ${r.commands} commands, ${r.failures} not 200   replay ${r.replayOk ? 'ok' : 'WRONG'}`,
  );
}
