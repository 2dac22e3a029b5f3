import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permit, SyncIssue } from '@hasp/contracts';
import { newLock } from './support/loto-fixtures';
import { permitCore } from './support/permit-draft';
import { deviceOf, signIn } from './support/sync-device';
import { lotoPermit, planPoints } from './support/tag-fixtures';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './test-app';
import { withGrantRevoked } from './support/permit-type-fixtures';

/**
 * Locking out offline (decision 0064) over the real server and PostgreSQL: a lock applied offline
 * gets a local id, a remove queued after it names that id and the push maps it to the application
 * the server made; applied once, replays answer the first result; the server's rules still decide
 * (only the applier removes, one place per lock); another device's change to the permit makes the
 * lock command a conflict record; a permission revoked while offline rejects it with the reason.
 */
let t: TestApp;
const db = () => t.connections[0]!.db;
const tokens: Record<string, string> = {};
const userIds: Record<string, number> = {};
const device = (username: string) => deviceOf(t.app, username, DEMO_PASSWORD);
const local = () => `local:${randomUUID()}`;
let serial = 0;

beforeAll(async () => {
  t = await createTestApp();
  for (const username of ['worker', 'supervisor']) {
    const { token, owner } = await signIn(t.app, username, DEMO_PASSWORD);
    tokens[username] = token;
    userIds[username] = owner.userId;
  }
});
afterAll(async () => t?.close());

/** A LOTO permit of the worker's with `count` plan points isolated (the lockout step of the plan). */
async function isolatedPermit(count = 2) {
  const permitId = await lotoPermit(t, tokens.worker!, `Sync locks ${randomUUID()}`);
  const points = await planPoints(db(), permitId, count);
  await db().updateTable('permit_isolation_points').set({ state: 'isolated' }).where('id', 'in', points).execute();
  const { version } = await db()
    .selectFrom('permits')
    .select('version')
    .where('id', '=', permitId)
    .executeTakeFirstOrThrow();
  return { permitId, points, version };
}

const applications = (lockId: number) =>
  db().selectFrom('lock_applications').selectAll().where('lock_id', '=', lockId).orderBy('id').execute();
const lockStatus = async (lockId: number) =>
  (await db().selectFrom('locks').select('status').where('id', '=', lockId).executeTakeFirstOrThrow()).status;

describe('locks applied and removed offline', () => {
  it('applies a lock and removes it by its local id in one push; the same push again changes nothing', async () => {
    const { permitId, points, version } = await isolatedPermit();
    const lockId = await newLock(db(), `SL-${++serial}-${randomUUID().slice(0, 6)}`, permitId);
    const d = await device('worker');
    const id = local();
    const deviceTime = new Date(Date.now() - 3_600_000);
    d.queue('lock.apply', permitId, { lockId, planPointId: points[0], localId: id }, version, deviceTime);
    d.queue('lock.remove', permitId, { applicationId: id }, version);
    const commands = [...d.outbox];
    const body = (await d.push())!;
    expect(body.results.map((r) => [r.outcome, r.error?.message])).toEqual([
      ['applied', undefined],
      ['applied', undefined],
    ]);
    const rows = await applications(lockId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      permit_id: permitId,
      plan_point_id: points[0],
      applied_by: userIds.worker,
      removed_by: userIds.worker,
      removal: 'removed',
    });
    expect(body.results[0]!.result).toMatchObject({ ID: rows[0]!.id, planPointId: points[0] });
    expect(body.results[1]!.result).toMatchObject({ ID: rows[0]!.id, removal: 'removed' });
    expect(await lockStatus(lockId)).toBe('available');
    const mapped = await db().selectFrom('sync_local_records').selectAll().where('local_id', '=', id).execute();
    expect(mapped).toEqual([
      { facility_id: 1, local_id: id, kind: 'lock-application', user_id: userIds.worker, record_id: rows[0]!.id },
    ]);
    // The device time is kept beside the server's (the runner's command record).
    const recorded = await db()
      .selectFrom('sync_commands')
      .select(['device_time', 'aggregate'])
      .where('idempotency_key', '=', commands[0]!.idempotencyKey)
      .executeTakeFirstOrThrow();
    expect(recorded).toEqual({ device_time: deviceTime, aggregate: `permit:${permitId}` });

    // R24: the same commands sent again 3× (a lost answer): the first answers, no second application.
    for (let i = 0; i < 3; i++) {
      const again = (await d.send(commands)).json<{ results: unknown[] }>();
      expect(again.results).toEqual(body.results);
    }
    expect(await applications(lockId)).toHaveLength(1);
    expect(
      await db().selectFrom('sync_local_records').select('local_id').where('local_id', '=', id).execute(),
    ).toHaveLength(1);
  });

  it('a lock command after a permit command of the same device is the next link of the permit chain', async () => {
    const { permitId, points, version } = await isolatedPermit();
    const lockId = await newLock(db(), `SL-${++serial}-${randomUUID().slice(0, 6)}`, permitId);
    const d = await device('worker');
    const permit = (
      await t.app.inject({
        method: 'GET',
        url: `/api/permits/${permitId}`,
        headers: { authorization: `Bearer ${tokens.worker}` },
      })
    ).json<Permit>();
    // Both queued on the version the device downloaded: the edit moves the permit, the lock follows it.
    d.queue(
      'permit.edit',
      permitId,
      permitCore({
        title: `${permit.title} edited offline`,
        areaId: permit.area?.ID ?? null,
        assetIds: permit.assets.map((a) => a.ID),
        plannedStart: permit.plannedStart,
        plannedEnd: permit.plannedEnd,
      }),
      version,
    );
    d.queue('lock.apply', permitId, { lockId, planPointId: points[0], localId: local() }, version);
    const body = (await d.push())!;
    expect(body.results.map((r) => [r.outcome, r.error?.message])).toEqual([
      ['applied', undefined],
      ['applied', undefined],
    ]);
    expect(await applications(lockId)).toHaveLength(1);
  });

  it("another device's change first: the lock command is a conflict record with both sides; nothing applied", async () => {
    const { permitId, points, version } = await isolatedPermit();
    const lockId = await newLock(db(), `SL-${++serial}-${randomUUID().slice(0, 6)}`, permitId);
    const [mine, other] = [await device('worker'), await device('worker')];
    const permit = (
      await t.app.inject({
        method: 'GET',
        url: `/api/permits/${permitId}`,
        headers: { authorization: `Bearer ${tokens.worker}` },
      })
    ).json<Permit>();
    other.queue(
      'permit.edit',
      permitId,
      permitCore({
        title: `${permit.title} other device`,
        areaId: permit.area?.ID ?? null,
        assetIds: permit.assets.map((a) => a.ID),
        plannedStart: permit.plannedStart,
        plannedEnd: permit.plannedEnd,
      }),
      version,
    );
    mine.queue('lock.apply', permitId, { lockId, planPointId: points[0], localId: local() }, version);
    expect((await other.push())!.results[0]!.outcome).toBe('applied');
    const lost = (await mine.push())!.results[0]!;
    expect(lost).toMatchObject({ outcome: 'conflict', conflictId: expect.any(Number), error: { code: 'CONFLICT' } });
    expect(await applications(lockId)).toHaveLength(0);
    const issues = (
      await t.app.inject({
        method: 'GET',
        url: '/api/sync/conflicts?outcome=conflict',
        headers: { authorization: `Bearer ${tokens.supervisor}` },
      })
    ).json<{ issues: SyncIssue[] }>().issues;
    const issue = issues.find((i) => i.ID === lost.conflictId)!;
    expect(issue).toMatchObject({
      name: 'lock.apply',
      device: { baseVersion: version, input: { lockId, planPointId: points[0] } },
      server: { version: version + 1 },
    });
  });

  it('the rules decide at sync: a lock another device applied first, a remove by someone else, a remove of an apply never made', async () => {
    const { permitId, points, version } = await isolatedPermit();
    const lockId = await newLock(db(), `SL-${++serial}-${randomUUID().slice(0, 6)}`, permitId);
    const first = await device('worker');
    const second = await device('supervisor');
    const mineId = local();
    first.queue('lock.apply', permitId, { lockId, planPointId: points[0], localId: mineId }, version);
    const theirsId = local();
    // The supervisor's device put the same lock on the other point while both were offline.
    second.queue('lock.apply', permitId, { lockId, planPointId: points[1], localId: theirsId }, version);
    second.queue('lock.remove', permitId, { applicationId: theirsId }, version);
    expect((await first.push())!.results[0]!.outcome).toBe('applied');
    const [apply, remove] = (await second.push())!.results;
    expect(apply).toMatchObject({ outcome: 'rejected', error: { code: 'CONFLICT' } });
    expect(apply!.error!.message).toMatch(/^Lock SL-\S+ is already applied on permit \S+ at point TP-/);
    // Its remove names a local id the server never mapped: rejected, saying why.
    expect(remove).toMatchObject({
      outcome: 'rejected',
      error: {
        code: 'NOT_FOUND',
        message: 'The lock this change names was never recorded on the server (applying it offline was not accepted).',
      },
    });
    // Only the applier removes: the supervisor's device naming the worker's application (mapped) is refused.
    second.queue('lock.remove', permitId, { applicationId: mineId }, version);
    const refused = (await second.push())!.results[0]!;
    expect(refused).toMatchObject({
      outcome: 'rejected',
      error: { code: 'FORBIDDEN', message: expect.stringMatching(/was applied by .+: only they remove it$/) },
    });
    const rows = await applications(lockId);
    expect(rows.map((r) => [r.plan_point_id, r.removed_at])).toEqual([[points[0], null]]);
  });

  it('R30: the permit taken from the user while offline: apply and remove rejected with the reason, none dropped', async () => {
    const { permitId, points, version } = await isolatedPermit();
    const lockId = await newLock(db(), `SL-${++serial}-${randomUUID().slice(0, 6)}`, permitId);
    const d = await device('worker');
    const id = local();
    d.queue('lock.apply', permitId, { lockId, planPointId: points[0], localId: id }, version);
    d.queue('lock.remove', permitId, { applicationId: id }, version);
    await withGrantRevoked(db(), { group: 'Authorized Workers', permission: 'permit:view:LOTO' }, async () => {
      await d.drain();
      const answers = [...d.answers.values()];
      expect(answers.map((r) => r.outcome)).toEqual(['rejected', 'rejected']);
      expect(answers[0]!.error).toMatchObject({ code: 'FORBIDDEN', message: 'You do not have permission to do this' });
      expect(answers[1]!.error!.message.length).toBeGreaterThan(0);
      expect(await applications(lockId)).toHaveLength(0);
    });
  });
});
