import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { armSyncFailpoint, disarmSyncFailpoints, type SyncFailpointName } from '../src/modules/sync';
import { permitCore, permitDraft } from './support/permit-draft';
import { deviceOf } from './support/sync-device';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './test-app';
import { permitTypeIdOf } from './support/permit-type-fixtures';

/**
 * R25: the server "killed" mid-sync, in process. A failpoint makes the push die at that point (the
 * request fails unanswered, the transaction in flight rolls back as a crash would roll it back); the
 * device keeps its outbox and sends it again. Each iteration: a fresh 20-item outbox (a permit
 * created offline and 19 edits of it), the failpoint at a random command. After the resend:
 * server set == outbox set, lost 0, duplicated 0 (one audit row per command), outbox empty.
 */
// 100 per failpoint is the quality bar's figure (SYNC_FAILPOINT_ITERATIONS=100, minutes on a busy machine);
// the default run keeps the file near 30 s.
const ITERATIONS = Number(process.env.SYNC_FAILPOINT_ITERATIONS ?? 10);
const ITEMS = 20;
let t: TestApp;
const db = () => t.connections[0]!.db;
let lotoId: number;

beforeAll(async () => {
  t = await createTestApp();
  lotoId = await permitTypeIdOf(db(), 'LOTO');
});
afterEach(() => disarmSyncFailpoints());
afterAll(async () => t?.close());

async function iteration(failpoint: SyncFailpointName) {
  const d = await deviceOf(t.app, 'worker', DEMO_PASSWORD);
  const run = randomUUID();
  const local = `local:${randomUUID()}`;
  d.queue('permit.create', local, permitDraft(lotoId, { title: `FP ${run} 0` }), null);
  for (let i = 1; i < ITEMS; i++) d.queue('permit.edit', local, permitCore({ title: `FP ${run} ${i}` }), 0);
  const keys = d.outbox.map((c) => c.idempotencyKey);
  // mid_batch is passed between commands (19 times a push of 20); the others once per applied command.
  const passes = failpoint === 'mid_batch' ? ITEMS - 1 : ITEMS;
  armSyncFailpoint(failpoint, Math.floor(Math.random() * passes));
  let crashes = 0;
  for (let push = 0; d.outbox.length && push < 10; push++) if ((await d.push()) === null) crashes++;
  const applied = await db()
    .selectFrom('sync_commands')
    .select(['idempotency_key', 'outcome'])
    .where('device_id', '=', d.deviceId)
    .execute();
  const audited = await db()
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('device_id', '=', d.deviceId)
    .executeTakeFirstOrThrow();
  const recordedKeys = new Set(applied.filter((r) => r.outcome === 'applied').map((r) => r.idempotency_key));
  const lost = keys.filter((k) => !recordedKeys.has(k)).length;
  const duplicated = Number(audited.n) - recordedKeys.size + (applied.length - recordedKeys.size);
  const permit = await db().selectFrom('permits').select('title').where('title', 'like', `FP ${run} %`).execute();
  return {
    crashes,
    lost,
    duplicated: duplicated + Math.max(0, permit.length - 1),
    outboxLeft: d.outbox.length,
    finalTitle: permit[0]?.title,
    expectedTitle: `FP ${run} ${ITEMS - 1}`,
  };
}

describe('R25: the server killed mid-sync', () => {
  for (const failpoint of ['before_commit', 'after_commit_before_response', 'mid_batch'] as const) {
    it(
      `${failpoint} × ${ITERATIONS}: lost 0, duplicated 0, outbox empty`,
      async () => {
        const started = performance.now();
        let crashes = 0;
        let lost = 0;
        let duplicated = 0;
        let left = 0;
        for (let i = 0; i < ITERATIONS; i++) {
          const r = await iteration(failpoint);
          crashes += r.crashes;
          lost += r.lost;
          duplicated += r.duplicated;
          left += r.outboxLeft;
          expect(r.finalTitle).toBe(r.expectedTitle);
        }
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        console.log(
          `R25 ${failpoint}: iterations ${ITERATIONS} × ${ITEMS} items, pushes killed ${crashes}, lost ${lost}, duplicated ${duplicated}, outbox left ${left} (${seconds} s)`,
        );
        expect(crashes).toBe(ITERATIONS);
        expect({ lost, duplicated, left }).toEqual({ lost: 0, duplicated: 0, left: 0 });
      },
      30_000 + ITERATIONS * 15_000,
    );
  }
});
