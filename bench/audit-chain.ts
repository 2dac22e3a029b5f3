/**
 * The audit trail's write speed (docs/decisions/0022): audit rows per second written by 10
 * concurrent writers, each row its own transaction, over the chained audit_log:
 *   - one chain  — every writer in the same facility (they take turns on its head);
 *   - ten chains — each writer in its own facility;
 *   - no chain   — the same inserts into a copy of audit_log without its triggers (the floor).
 * Not a test: it prints numbers and never fails on them.
 *
 *   npm run audit-chain -w @hasp/bench        (HASP_BENCH_DURATION_SEC, default 5)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import { createKysely, ensureDatabase } from '../apps/server/src/db/connections';
import { startEmbeddedServer } from '../apps/server/src/db/embedded-server';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import type { Database } from '../apps/server/src/db/schema';
import { verifyAuditChains } from '../apps/server/src/modules/audit';
// The chain's own cost is measured: rows written directly, as the runner writes them.
import { recordAudit } from '../apps/server/src/platform/audit/audit-entry';

const WRITERS = 10;
const durationMs = Number(process.env.HASP_BENCH_DURATION_SEC ?? 5) * 1000;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Runs `write` in a loop from WRITERS concurrent writers for the duration; rows per second and p95 ms. */
async function measure(write: (writer: number) => Promise<void>) {
  const latencies: number[] = [];
  const end = performance.now() + durationMs;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, writer) => {
      while (performance.now() < end) {
        const at = performance.now();
        await write(writer);
        latencies.push(performance.now() - at);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { perSecond: latencies.length / seconds, p95: latencies[Math.floor(latencies.length * 0.95)] ?? 0 };
}

const entry = (facilityId: number, n: number) => ({
  userId: 1,
  facilityId,
  action: 'bench.change',
  entityType: 'thing',
  entityId: n,
  before: { n, name: 'Before the change', flags: [true, false] },
  after: { n: n + 1, name: 'After the change', flags: [false, true] },
});

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'hasp-bench-audit-'));
  const embedded = await startEmbeddedServer({ dataDir, port: await freePort(), log: () => {} });
  let db: Kysely<Database> | undefined;
  try {
    await ensureDatabase(embedded.urlFor('postgres'), 'hasp_bench_audit');
    db = createKysely(embedded.urlFor('hasp_bench_audit'), WRITERS);
    await migrateToLatest(db as never);
    await sql`insert into users (id, user_name, display_name) values (1, 'bench', 'Bench')`.execute(db);
    await sql`insert into facilities (id, name) select g, 'Facility ' || g from generate_series(1, ${WRITERS}) g`.execute(
      db,
    );
    await sql`create table audit_plain (id bigserial primary key, occurred_at timestamptz not null default now(),
      facility_id integer references facilities, user_id integer references users, action text not null,
      entity_type text not null, entity_id text, before jsonb, after jsonb)`.execute(db);
    const chained = (facility: (writer: number) => number) => (writer: number) =>
      db!.transaction().execute((trx) => recordAudit(trx, entry(facility(writer), writer)));

    const results = {
      'one chain (10 writers, 1 facility)': await measure(chained(() => 1)),
      'ten chains (10 writers, 10 facilities)': await measure(chained((writer) => writer + 1)),
      'no chain (same inserts, no triggers)': await measure((writer) =>
        db!.transaction().execute(async (trx) => {
          const e = entry(1, writer);
          await sql`insert into audit_plain (user_id, facility_id, action, entity_type, entity_id, before, after)
            values (${e.userId}, ${e.facilityId}, ${e.action}, ${e.entityType}, ${String(e.entityId)},
                    ${JSON.stringify(e.before)}, ${JSON.stringify(e.after)})`.execute(trx);
        }),
      ),
    };
    const verifyStarted = performance.now();
    const verified = await verifyAuditChains(db);
    const verifySeconds = (performance.now() - verifyStarted) / 1000;

    console.log(`audit chain, ${WRITERS} concurrent writers, one row per transaction, ${durationMs / 1000} s each:`);
    for (const [name, r] of Object.entries(results)) {
      console.log(`  ${name.padEnd(42)} ${r.perSecond.toFixed(0).padStart(6)} rows/s   p95 ${r.p95.toFixed(1)} ms`);
    }
    console.log(
      `  verify: ${verified.checked} rows in ${verifySeconds.toFixed(2)} s (${(verified.checked / verifySeconds).toFixed(0)} rows/s), ok=${verified.ok}`,
    );
  } finally {
    await db?.destroy();
    await embedded.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
