import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { ConnectionHealth, ServerHealth } from '@hasp/contracts';
import type { ConnectionRegistry } from '../../db/connections';

/** A database that takes longer than this to answer `select 1` counts as not ready. */
const PING_TIMEOUT_MS = 5_000;

async function ping(name: string, run: () => Promise<unknown>): Promise<ConnectionHealth> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      run(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), PING_TIMEOUT_MS);
      }),
    ]);
    return { name, ok: true, latencyMs: Math.round((performance.now() - started) * 100) / 100 };
  } catch {
    return { name, ok: false, latencyMs: null };
  } finally {
    clearTimeout(timer);
  }
}

/** The server process and every connection's readiness, with the round trip of a trivial query. */
export async function readServerHealth(
  registry: ConnectionRegistry,
  version: string,
  now: Date,
): Promise<ServerHealth> {
  const connections = await Promise.all(registry.all().map((c) => ping(c.name, () => sql`select 1`.execute(c.db))));
  const memory = process.memoryUsage();
  const uptimeSeconds = Math.round(process.uptime());
  return {
    status: connections.every((c) => c.ok) ? 'ok' : 'degraded',
    version,
    nodeVersion: process.version,
    startedAt: new Date(now.getTime() - process.uptime() * 1000).toISOString(),
    uptimeSeconds,
    memory: { rssBytes: memory.rss, heapUsedBytes: memory.heapUsed, heapTotalBytes: memory.heapTotal },
    checkedAt: now.toISOString(),
    connections,
  };
}
