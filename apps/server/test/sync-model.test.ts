import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permit } from '@hasp/contracts';
import { withoutQuestions } from './support/permit-answers';
import { permitCore, permitDraft } from './support/permit-draft';
import { SyncDevice, signIn } from './support/sync-device';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './test-app';
import { permitTypeIdOf } from './support/permit-type-fixtures';

/**
 * R28's model test: 3 devices (the requester's phone and tablet, and an approver's) work one permit
 * offline — edits, requests, cancels queued on the version each device last saw — and push in any
 * order, reversed or in parts, refreshing their copy now and then. Every queued command must end as
 * exactly one of applied, conflict (recorded) or rejected (with a reason): lost 0, recorded once.
 * 1,000 runs, the quality bar's figure, is the default (each run a permit and its commands through
 * the real runner): 95 s on the shared 2-core machine at load average 12 (2026-11-25: 1,332 commands
 * queued, 644 applied, 425 conflicts recorded, 263 rejected, lost 0, duplicated 0). SYNC_MODEL_RUNS
 * sets another count.
 */
const RUNS = Number(process.env.SYNC_MODEL_RUNS ?? 1000);
let t: TestApp;
const db = () => t.connections[0]!.db;
let lotoId: number;
const sessions: Record<string, Awaited<ReturnType<typeof signIn>>> = {};

beforeAll(async () => {
  t = await createTestApp();
  await withoutQuestions(db());
  for (const username of ['worker', 'admin']) sessions[username] = await signIn(t.app, username, DEMO_PASSWORD);
  lotoId = await permitTypeIdOf(db(), 'LOTO');
});
afterAll(async () => t?.close());

interface Client {
  device: SyncDevice;
  /** The permit version this device's copy is at. */
  version: number;
  queued: number;
}
interface Real {
  permitId: number;
  clients: Client[];
}
type Model = { queued: number };

const clientNames = ['worker', 'worker', 'admin'] as const;

class Queue implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly client: number,
    readonly verb: 'edit' | 'request' | 'cancel',
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const c = real.clients[this.client]!;
    const input =
      this.verb === 'edit'
        ? permitCore({ title: `Model ${randomUUID()}` })
        : this.verb === 'cancel'
          ? { reason: 'Not needed after all' }
          : {};
    c.device.queue(`permit.${this.verb}`, real.permitId, input, c.version);
    c.queued++;
    model.queued++;
  }
  toString = () => `queue(${this.client}, ${this.verb})`;
}

class Push implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly client: number,
    readonly how: 'all' | 'reversed' | 'last-only',
  ) {}
  check = () => true;
  async run(_model: Model, real: Real) {
    const { device } = real.clients[this.client]!;
    const outbox = [...device.outbox];
    const send = this.how === 'reversed' ? outbox.reverse() : this.how === 'last-only' ? outbox.slice(-1) : outbox;
    if (send.length) await device.push(send);
  }
  toString = () => `push(${this.client}, ${this.how})`;
}

class Refresh implements fc.AsyncCommand<Model, Real> {
  constructor(readonly client: number) {}
  check = () => true;
  async run(_model: Model, real: Real) {
    const row = await db()
      .selectFrom('permits')
      .select('version')
      .where('id', '=', real.permitId)
      .executeTakeFirstOrThrow();
    real.clients[this.client]!.version = row.version;
  }
  toString = () => `refresh(${this.client})`;
}

const client = fc.integer({ min: 0, max: 2 });
const commands = fc.commands(
  [
    fc
      .tuple(client, fc.constantFrom<'edit' | 'request' | 'cancel'>('edit', 'edit', 'request', 'cancel'))
      .map(([c, v]) => new Queue(c, v)),
    fc
      .tuple(client, fc.constantFrom<'all' | 'reversed' | 'last-only'>('all', 'reversed', 'last-only'))
      .map(([c, h]) => new Push(c, h)),
    client.map((c) => new Refresh(c)),
  ],
  { maxCommands: 8 },
);

describe('R28 model: 3 devices on one permit', () => {
  it(
    `every queued command ends applied, conflict or rejected — lost 0 (${RUNS} runs)`,
    async () => {
      const totals = { runs: 0, queued: 0, applied: 0, conflict: 0, rejected: 0, lost: 0, duplicated: 0 };
      const started = performance.now();
      await fc.assert(
        fc.asyncProperty(commands, async (cmds) => {
          const created = await t.app.inject({
            method: 'POST',
            url: '/api/permits',
            headers: { authorization: `Bearer ${sessions.worker!.token}` },
            payload: permitDraft(lotoId, { title: `Model ${randomUUID()}` }),
          });
          const permit = created.json<Permit>();
          const clients = clientNames.map((name) => ({
            device: new SyncDevice(t.app, sessions[name]!.token, sessions[name]!.owner),
            version: permit.version,
            queued: 0,
          }));
          const real: Real = { permitId: permit.ID, clients };
          await fc.asyncModelRun(() => ({ model: { queued: 0 }, real }), cmds);
          // Back online for good: every device drains its outbox.
          for (const c of clients) await c.device.drain();
          const answers = clients.flatMap((c) => [...c.device.answers.values()]);
          const recorded = await db()
            .selectFrom('sync_commands')
            .select(['device_id', 'outcome'])
            .where(
              'device_id',
              'in',
              clients.map((c) => c.device.deviceId),
            )
            .execute();
          const queued = clients.reduce((n, c) => n + c.queued, 0);
          const count = (o: string) => answers.filter((a) => a.outcome === o).length;
          totals.runs++;
          totals.queued += queued;
          totals.applied += count('applied');
          totals.conflict += count('conflict');
          totals.rejected += count('rejected');
          totals.lost += queued - answers.length;
          totals.duplicated += recorded.length - answers.length;
          expect(answers).toHaveLength(queued);
          expect(recorded).toHaveLength(queued);
          for (const a of answers) {
            expect(['applied', 'conflict', 'rejected']).toContain(a.outcome);
            if (a.outcome !== 'applied') expect(a.error!.message.length).toBeGreaterThan(0);
          }
        }),
        { numRuns: RUNS },
      );
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`R28 model (3 devices): ${JSON.stringify(totals)} in ${seconds} s`);
      expect(totals.lost).toBe(0);
      expect(totals.duplicated).toBe(0);
    },
    30_000 + RUNS * 5_000,
  );
});
