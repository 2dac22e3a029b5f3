import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { syncFailpointNames, type SyncFailpointName } from '../src/modules/sync';
import { permitCore, permitDraft } from './support/permit-draft';
import { expectServing, withEmbeddedClient, withServerFolder, type RunningServer } from './support/server-process';
import { signInOverHttp, type SyncDevice } from './support/sync-device';
import { cloneTemplateDatabase } from './test-app';

/**
 * R25 with a real kill: the whole server runs as its own process over the embedded database (as
 * `npm start` runs it), a failpoint armed through its environment SIGKILLs it in the middle of a
 * push — no handler runs, PostgreSQL alone decides what was committed — and the server is started
 * again on the same data folder (the embedded database recovers from the crash). The device then
 * sends what it still holds. Pass: lost 0, duplicated 0, outbox empty, and the permit ends as the
 * device left it. sync-failpoints.test.ts runs the same points in process, many times, quickly.
 */
// Each iteration starts the server twice (armed, then to resync): the default keeps the file near a
// minute; HASP_R25_KILLS=100 is the quality bar's figure: 13–25 s an iteration on the shared 2-core
// machine, so 65–125 minutes (measured 3 × 10 in 741 s and 3 × 20 in 786 s, lost 0: decision 0068).
const KILLS = Number(process.env.HASP_R25_KILLS ?? 1);
const ITEMS = 20;

describe('R25: the server process killed mid-sync', () => {
  it(
    `embedded PostgreSQL: ${syncFailpointNames.join(', ')} × ${KILLS}: the process dies (its database with it), starts again on its folder, lost 0, duplicated 0`,
    () =>
      withServerFolder(
        'hasp-sync-kill-',
        ({ dataDir, port, pgPort, start }) =>
          killRuns('embedded', port, start, (look) => withEmbeddedClient({ dataDir, pgPort }, look)),
        { seeded: true },
      ),
    120_000 + KILLS * syncFailpointNames.length * 60_000,
  );

  it(
    `external PostgreSQL: ${syncFailpointNames.join(', ')} × ${KILLS}: the process dies (the database stays up), starts again, lost 0, duplicated 0`,
    async () => {
      // A database of the test's own PostgreSQL server, which the server process reaches by URL as an
      // operator's would: killing the process leaves that PostgreSQL running with the dead sessions' work.
      const url = await cloneTemplateDatabase();
      await withServerFolder('hasp-sync-kill-ext-', ({ port, start }) =>
        killRuns(
          'external',
          port,
          (env = {}) => start({ HASP_CONNECTIONS: `Demo=${url}`, ...env }),
          async (look) => {
            const client = new pg.Client({ connectionString: url });
            await client.connect();
            try {
              return await look(client);
            } finally {
              await client.end();
            }
          },
        ),
      );
    },
    120_000 + KILLS * syncFailpointNames.length * 60_000,
  );
});

/**
 * The kills of one database: per failpoint, KILLS times, a server armed to die mid-push, then a
 * server started again that the device resyncs with; the totals judged at the end.
 */
async function killRuns(
  database: 'embedded' | 'external',
  port: number,
  start: (extraEnv?: Record<string, string>) => Promise<RunningServer>,
  withClient: <T>(look: (client: pg.Client) => Promise<T>) => Promise<T>,
): Promise<void> {
  const base = new URL(`http://127.0.0.1:${port}`);
  let server: RunningServer | null = null;
  const stop = async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
  };
  const totals = { kills: 0, lost: 0, duplicated: 0, left: 0, recoveryMs: [] as number[] };
  let lotoId = 0;
  for (const failpoint of syncFailpointNames) {
    for (let i = 0; i < KILLS; i++) {
      // The server (again), armed: it dies at the failpoint's (skip + 1)-th pass.
      await stop();
      const passes = failpoint === 'mid_batch' ? ITEMS - 1 : ITEMS;
      server = await start({
        HASP_TEST_SYNC_FAILPOINT: `${failpoint}:${Math.floor(Math.random() * passes)}`,
        HASP_TEST_SYNC_FAILPOINT_KILL: '1',
      });
      await expectServing(port, server);
      lotoId ||= await withClient(async (client) => {
        const { rows } = await client.query<{ id: number }>(
          `select id from permit_types where facility_id = 1 and code = 'LOTO'`,
        );
        return rows[0]!.id;
      });
      const r = await iteration(base, lotoId, failpoint);
      totals.kills += r.killed ? 1 : 0;
      expect(await server.exited, `${failpoint}: the process was killed`).toBeNull();
      server = null;
      // Started again on the same folder: how long until it serves.
      const restarted = performance.now();
      server = await start();
      await expectServing(port, server);
      totals.recoveryMs.push(performance.now() - restarted);
      await r.device.drain();
      const verdict = await withClient((client) => judge(client, r.device, r.keys, r.run));
      totals.lost += verdict.lost;
      totals.duplicated += verdict.duplicated;
      totals.left += r.device.outbox.length;
      expect(verdict.finalTitle).toBe(`K ${r.run} ${ITEMS - 1}`);
    }
  }
  const recovery = totals.recoveryMs.map((ms) => Math.round(ms));
  console.log(
    `R25 process kill (${database} PostgreSQL): ${syncFailpointNames.length} failpoints × ${KILLS} × ${ITEMS} items, processes killed ${totals.kills}, lost ${totals.lost}, duplicated ${totals.duplicated}, outbox left ${totals.left}; restart to serving ${Math.min(...recovery)}–${Math.max(...recovery)} ms`,
  );
  expect(totals.kills).toBe(syncFailpointNames.length * KILLS);
  expect({ lost: totals.lost, duplicated: totals.duplicated, left: totals.left }).toEqual({
    lost: 0,
    duplicated: 0,
    left: 0,
  });
}

/** A fresh 20-item outbox (a permit created offline and 19 edits) pushed until the server dies. */
async function iteration(base: URL, lotoId: number, failpoint: SyncFailpointName) {
  const device = await signInOverHttp(base, 'worker');
  const run = randomUUID();
  const local = `local:${randomUUID()}` as const;
  device.queue('permit.create', local, permitDraft(lotoId, { title: `K ${run} 0` }), null);
  for (let n = 1; n < ITEMS; n++) device.queue('permit.edit', local, permitCore({ title: `K ${run} ${n}` }), 0);
  const keys = device.outbox.map((c) => c.idempotencyKey);
  let killed = false;
  for (let push = 0; device.outbox.length && push < 5 && !killed; push++) {
    killed = (await device.push()) === null;
  }
  expect(killed, `${failpoint} fired`).toBe(true);
  return { device, keys, run, killed };
}

/** What the server holds of the device's outbox: every key applied once, one audit row each, one permit. */
async function judge(client: pg.Client, device: SyncDevice, keys: string[], run: string) {
  const applied = await client.query<{ idempotency_key: string; outcome: string }>(
    'select idempotency_key, outcome from sync_commands where device_id = $1',
    [device.deviceId],
  );
  const audited = await client.query<{ n: string }>('select count(*) as n from audit_log where device_id = $1', [
    device.deviceId,
  ]);
  const permits = await client.query<{ title: string }>('select title from permits where title like $1', [
    `K ${run} %`,
  ]);
  const recorded = new Set(applied.rows.filter((r) => r.outcome === 'applied').map((r) => r.idempotency_key));
  return {
    lost: keys.filter((k) => !recorded.has(k)).length,
    duplicated:
      Number(audited.rows[0]!.n) -
      recorded.size +
      (applied.rows.length - recorded.size) +
      Math.max(0, permits.rows.length - 1),
    finalTitle: permits.rows[0]?.title,
  };
}
