import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/plugins/app-error';
import { EventBus } from '../src/platform/events/event-bus';
import { runCommand } from '../src/platform/commands/run-command';
import { updateSettingEntry } from '../src/modules/admin-settings/settings-table.service';
import { addToCounter, contextFor, counterValue } from './support/counter-command';
import { createTestApp, type TestApp } from './test-app';

/** The command runner over real PostgreSQL: idempotency, versions, policies, one transaction. */
let t: TestApp;
let admin: number;
let worker: number;
const events = new EventBus(() => {});
beforeAll(async () => {
  t = await createTestApp();
  const users = await db().selectFrom('users').select(['id', 'user_name']).execute();
  admin = users.find((u) => u.user_name === 'admin')!.id;
  worker = users.find((u) => u.user_name === 'worker')!.id;
});
afterAll(() => t.close());

const db = () => t.connections[0]!.db;
const connection = () => t.connections[0]!;
const add = (
  userId: number,
  input: { delta: number; tag: string; fail?: boolean; silent?: boolean },
  key?: string,
  expectedVersion?: number,
) =>
  runCommand(events, contextFor(connection(), userId), addToCounter, {
    name: addToCounter.name,
    targetId: 1,
    input,
    idempotencyKey: key ?? null,
    expectedVersion: expectedVersion ?? null,
  });
/** The AppError a command was refused with (undefined when it succeeded); anything else fails the test. */
async function failure(promise: Promise<unknown>): Promise<AppError | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}
const version = async () =>
  (await db().selectFrom('facility_settings').select('version').where('facility_id', '=', 1).executeTakeFirst())
    ?.version ?? 0;
const auditFor = (tag: string) =>
  db()
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', 'test.counter.add')
    .where('entity_id', '=', tag)
    .execute();

describe('runCommand', () => {
  it('answers a repeated idempotency key with the stored response and applies the command once', async () => {
    const first = await add(admin, { delta: 5, tag: 'idem-1' }, 'key-idem-1');
    const again = await add(admin, { delta: 5, tag: 'idem-1' }, 'key-idem-1');
    expect(first.replayed).toBe(false);
    expect(again).toEqual({ ...first, replayed: true });
    expect(await auditFor('idem-1')).toHaveLength(1);
    // The key is the user's own: another user's same key is another command.
    const other = await failure(add(worker, { delta: 5, tag: 'idem-1' }, 'key-idem-1'));
    expect(other?.statusCode).toBe(403);
  });

  it('refuses the same key with a different body (422) and changes nothing', async () => {
    await add(admin, { delta: 1, tag: 'idem-2' }, 'key-idem-2');
    const before = [await counterValue(connection()), await version()];
    const refused = await failure(add(admin, { delta: 2, tag: 'idem-2' }, 'key-idem-2'));
    expect(refused).toMatchObject({ statusCode: 422, code: 'IDEMPOTENCY_KEY_REUSED' });
    expect([await counterValue(connection()), await version()]).toEqual(before);
  });

  it('answers 409 to a retry while the first send is still running, then the stored response', async () => {
    // Hold the facility configuration's row so the first send stops after taking its key.
    const blocker = new pg.Client({ connectionString: connection().url });
    await blocker.connect();
    await blocker.query('begin');
    await blocker.query('select 1 from facility_settings where facility_id = 1 for update');
    const first = add(admin, { delta: 3, tag: 'idem-3' }, 'key-idem-3');
    // Wait for the state: the first send holds its key's lock and waits for the row.
    await expect
      .poll(async () => {
        const { rows } = await blocker.query<{ n: string }>(
          "select count(*) as n from pg_locks where locktype = 'advisory' and granted and pid <> pg_backend_pid()",
        );
        return Number(rows[0]!.n);
      })
      .toBeGreaterThan(0);
    const retry = await failure(add(admin, { delta: 3, tag: 'idem-3' }, 'key-idem-3'));
    expect(retry).toMatchObject({ statusCode: 409, code: 'CONFLICT' });
    await blocker.query('commit');
    await blocker.end();
    const applied = await first;
    expect(await add(admin, { delta: 3, tag: 'idem-3' }, 'key-idem-3')).toEqual({ ...applied, replayed: true });
    expect(await auditFor('idem-3')).toHaveLength(1);
  });

  it('refuses a stale expected version with 409 naming the current version', async () => {
    const current = await version();
    const stale = await failure(add(admin, { delta: 1, tag: 'stale' }, undefined, current - 1));
    expect(stale).toMatchObject({ statusCode: 409, details: [{ field: 'version', message: String(current) }] });
    const fresh = await add(admin, { delta: 1, tag: 'fresh' }, undefined, current);
    expect(fresh.version).toBe(current + 1);
  });

  it('answers 404 for another facility’s record', async () => {
    const result = await failure(
      runCommand(events, contextFor(connection(), admin, 1), addToCounter, {
        name: addToCounter.name,
        targetId: 2,
        input: { delta: 1, tag: 'other-facility' },
      }),
    );
    expect(result?.statusCode).toBe(404);
  });

  it('leaves no change, no audit row, no event and no key when the use case fails after writing', async () => {
    const before = [await counterValue(connection()), await version()];
    await expect(add(admin, { delta: 7, tag: 'rolled-back', fail: true }, 'key-rolled-back')).rejects.toThrow(
      'failing after the writes',
    );
    expect([await counterValue(connection()), await version()]).toEqual(before);
    expect(await auditFor('rolled-back')).toHaveLength(0);
    const keys = await db().selectFrom('idempotency_keys').selectAll().where('key', '=', 'key-rolled-back').execute();
    expect(keys).toHaveLength(0);
    const stored = await db().selectFrom('domain_events').selectAll().where('entity_id', '=', 'rolled-back').execute();
    expect(stored).toHaveLength(0);
  });

  it('refuses a change that announces no domain event, and keeps none of it', async () => {
    const before = [await counterValue(connection()), await version()];
    await expect(add(admin, { delta: 3, tag: 'unannounced', silent: true }, 'key-unannounced')).rejects.toThrow(
      'recorded no domain event',
    );
    expect([await counterValue(connection()), await version()]).toEqual(before);
    expect(await auditFor('unannounced')).toHaveLength(0);
    expect(
      await db().selectFrom('idempotency_keys').selectAll().where('key', '=', 'key-unannounced').execute(),
    ).toEqual([]);
  });

  it('refuses by policy with no row, no audit entry and no key: a real command (Settings Table) and a user without its permission', async () => {
    const rows = () =>
      db().selectFrom('app_settings').selectAll().where('key', '=', 'security.passwordMinLength').execute();
    const auditCount = async () => (await db().selectFrom('audit_log').select('id').execute()).length;
    const [beforeRows, beforeAudit, beforeVersion] = [await rows(), await auditCount(), await version()];
    const refused = await failure(
      runCommand(events, contextFor(connection(), worker), updateSettingEntry, {
        name: updateSettingEntry.name,
        targetId: 1,
        input: { key: 'security.passwordMinLength', value: 4 },
        idempotencyKey: 'key-refused',
      }),
    );
    expect(refused).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
    expect(await rows()).toEqual(beforeRows);
    expect(await auditCount()).toBe(beforeAudit);
    expect(await version()).toBe(beforeVersion);
    expect(await db().selectFrom('idempotency_keys').selectAll().where('user_id', '=', worker).execute()).toEqual([]);
  });
});

describe('the runner as a model', () => {
  it('applies each key once, loses no update and numbers versions strictly increasing, under concurrent sends with replays', async () => {
    let round = 0;
    const intent = fc.record({
      byWorker: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
      delta: fc.integer({ min: -3, max: 5 }),
      sends: fc.integer({ min: 1, max: 3 }),
      tampered: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(intent, { minLength: 1, maxLength: 12 }),
        fc.infiniteStream(fc.nat()),
        async (intents, order) => {
          round += 1;
          const startValue = await counterValue(connection());
          const startVersion = await version();
          const planned = intents.map((p, i) => ({
            ...p,
            userId: p.byWorker ? worker : admin,
            key: `model-${round}-${i}`,
            tag: `model-${round}-${i}`,
          }));
          // Every send of every intent, shuffled, all at once (replays race their originals).
          const sends = planned.flatMap((p) => Array.from({ length: p.sends }, () => p));
          const shuffled = sends
            .map((s) => ({ s, rank: order.next().value }))
            .sort((a, b) => a.rank - b.rank)
            .map((x) => x.s);
          const send = async (p: (typeof planned)[number]) => {
            // A client retries while the first send is in flight (409 without the version detail).
            for (;;) {
              const outcome = await add(p.userId, { delta: p.delta, tag: p.tag }, p.key).then(
                (ok) => ({ ok }),
                (error: unknown) => {
                  if (!(error instanceof AppError)) throw error;
                  return { error };
                },
              );
              if ('error' in outcome && outcome.error.statusCode === 409 && outcome.error.headers?.['retry-after']) {
                await new Promise((resolve) => setTimeout(resolve, 10));
                continue;
              }
              return outcome;
            }
          };
          const outcomes = await Promise.all(shuffled.map(async (p) => ({ p, outcome: await send(p) })));

          const allowed = planned.filter((p) => !p.byWorker && p.delta !== 0);
          for (const { p, outcome } of outcomes) {
            if (p.byWorker) expect(outcome).toMatchObject({ error: { statusCode: 403 } });
            else if (p.delta === 0) expect(outcome).toMatchObject({ error: { statusCode: 409 } });
            else expect('ok' in outcome).toBe(true);
          }
          // Exactly one effect per key: one audit row each, one stored response each, one version each.
          for (const p of planned) expect(await auditFor(p.tag)).toHaveLength(allowed.includes(p) ? 1 : 0);
          const applied = outcomes.flatMap(({ outcome }) =>
            'ok' in outcome && !outcome.ok.replayed ? [outcome.ok] : [],
          );
          expect(applied).toHaveLength(allowed.length);
          // Versions: each applied command its own, consecutive after the start; replays repeat their original's.
          const versions = applied.map((o) => o.version).sort((a, b) => a - b);
          expect(versions).toEqual(allowed.map((_, i) => startVersion + i + 1));
          for (const { p, outcome } of outcomes) {
            if (!('ok' in outcome) || !outcome.ok.replayed) continue;
            const original = outcomes.find((o) => o.p === p && 'ok' in o.outcome && !o.outcome.ok.replayed);
            expect(outcome.ok).toEqual({ ...(original!.outcome as { ok: object }).ok, replayed: true });
          }
          // No lost update: the counter moved by exactly the sum of the applied deltas.
          expect(await counterValue(connection())).toBe(startValue + allowed.reduce((sum, p) => sum + p.delta, 0));
          // A key sent again later with another body is refused and changes nothing.
          for (const p of allowed.filter((a) => a.tampered)) {
            const refused = await failure(add(p.userId, { delta: p.delta + 1, tag: p.tag }, p.key));
            expect(refused).toMatchObject({ statusCode: 422 });
          }
          expect(await counterValue(connection())).toBe(startValue + allowed.reduce((sum, p) => sum + p.delta, 0));
          // Refused commands stored no key.
          const workerKeys = await db()
            .selectFrom('idempotency_keys')
            .select('key')
            .where('user_id', '=', worker)
            .where('key', 'like', `model-${round}-%`)
            .execute();
          expect(workerKeys).toEqual([]);
        },
      ),
      { numRuns: 15 },
    );
  });
});
