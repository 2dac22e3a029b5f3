import type { Permit } from '@hasp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyLock, removeLock, transferLock, type ApplyLockInput, type RemoveLockInput } from '../src/modules/locks';
import { createTestApp, login, type TestApp } from './test-app';
import { permitTypeIdOf } from './support/permit-type-fixtures';
import { firstAssetOf } from './support/asset-fixtures';

/**
 * applyLock / removeLock inside a transaction over real PostgreSQL: a lock in one place at a time,
 * only its applier removes it (except (e)(3)), lost/retired/issued-to-another refused naming the
 * serial, the place must be an isolated point of this permit's plan, the status follows.
 */
let t: TestApp;
const db = () => t.connections[0]!.db;
const users: Record<string, number> = {};
let permitId: number;
let otherPermitId: number;
let points: number[] = [];
let pendingPoint: number;
let otherPermitPoint: number;
const at = new Date('2026-12-01T09:00:00Z');
let serialNo = 0;

/** A lock; a pool lock (no owner) is handed to the permit under test unless `assignedPermitId` says otherwise. */
async function newLock(
  values: {
    status?: 'available' | 'issued' | 'lost' | 'retired';
    ownerId?: number;
    kind?: 'padlock' | 'lockbox';
    assignedPermitId?: number | null;
  } = {},
) {
  const serial = `T-${++serialNo}`;
  const { id } = await db()
    .insertInto('locks')
    .values({
      facility_id: 1,
      serial,
      kind: values.kind ?? 'padlock',
      owner_id: values.ownerId ?? null,
      status: values.status ?? 'available',
      assigned_permit_id:
        values.assignedPermitId !== undefined ? values.assignedPermitId : values.ownerId ? null : permitId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, serial };
}

const apply = (input: Partial<ApplyLockInput> & { lockId: number }) =>
  db()
    .transaction()
    .execute((trx) =>
      applyLock(trx, {
        facilityId: 1,
        permitId,
        planPointId: points[0]!,
        userId: users.worker!,
        at,
        ...input,
      } as ApplyLockInput),
    );
const remove = (input: Partial<RemoveLockInput> & { applicationId: number }) =>
  db()
    .transaction()
    .execute((trx) => removeLock(trx, { facilityId: 1, userId: users.worker!, at, removal: 'removed', ...input }));
const statusOf = async (id: number) =>
  await db().selectFrom('locks').select(['status', 'version']).where('id', '=', id).executeTakeFirstOrThrow();

async function createPermit(token: string): Promise<number> {
  const lotoTypeId = await permitTypeIdOf(db(), 'LOTO');
  const asset = await firstAssetOf(db());
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/permits',
    headers: { authorization: `Bearer ${token}` },
    payload: {
      permitTypeId: lotoTypeId,
      title: 'Lock application test',
      description: 'd',
      workMethod: 'w',
      areaId: asset.area_id,
      assetIds: [asset.id],
      plannedStart: '2026-12-01T08:00:00Z',
      plannedEnd: '2026-12-01T12:00:00Z',
      holderId: null,
      riskLevel: null,
    },
  });
  expect(response.statusCode).toBe(200);
  return response.json<Permit>().ID;
}

async function planPoint(
  permit: number,
  isolationPointId: number,
  state: 'pending' | 'isolated' | 'verified' | 'restored',
) {
  const { id } = await db()
    .insertInto('permit_isolation_points')
    .values({ facility_id: 1, permit_id: permit, isolation_point_id: isolationPointId, position: 0, state })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const row of await db().selectFrom('users').select(['id', 'user_name']).execute()) users[row.user_name] = row.id;
  const token = (await login(t.app, { username: 'worker' })).json<{ token: string }>().token;
  permitId = await createPermit(token);
  otherPermitId = await createPermit(token);
  const isolationPoints = await db()
    .selectFrom('isolation_points')
    .select('id')
    .where('facility_id', '=', 1)
    .orderBy('id')
    .limit(4)
    .execute();
  points = [
    await planPoint(permitId, isolationPoints[0]!.id, 'isolated'),
    await planPoint(permitId, isolationPoints[1]!.id, 'verified'),
  ];
  pendingPoint = await planPoint(permitId, isolationPoints[2]!.id, 'pending');
  otherPermitPoint = await planPoint(otherPermitId, isolationPoints[0]!.id, 'isolated');
});
afterAll(async () => t?.close());

describe('applyLock and removeLock', () => {
  it('applies a free lock (In use), refuses it in a second place naming where it is, and frees it on removal', async () => {
    const lock = await newLock();
    const applicationId = await apply({ lockId: lock.id });
    expect(await statusOf(lock.id)).toMatchObject({ status: 'in_use', version: 1 });
    const second = apply({ lockId: lock.id, planPointId: points[1]! });
    await expect(second).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringMatching(new RegExp(`^Lock ${lock.serial} is already applied on permit .+ at point `)),
    });
    const row = await db()
      .selectFrom('lock_applications')
      .selectAll()
      .where('id', '=', applicationId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      lock_id: lock.id,
      permit_id: permitId,
      plan_point_id: points[0],
      applied_by: users.worker,
      removed_at: null,
    });
    expect(await remove({ applicationId })).toMatchObject({ serial: lock.serial, status: 'available' });
    expect((await statusOf(lock.id)).status).toBe('available');
    // Removed once: removing again is refused, applying elsewhere is allowed.
    await expect(remove({ applicationId })).rejects.toMatchObject({ statusCode: 409 });
    await apply({ lockId: lock.id, planPointId: points[1]! });
  });

  it('only the applier removes; (e)(3) abandoned removal by someone else is allowed', async () => {
    const lock = await newLock();
    const applicationId = await apply({ lockId: lock.id });
    await expect(remove({ applicationId, userId: users.supervisor! })).rejects.toMatchObject({
      statusCode: 403,
      message: `Lock ${lock.serial} was applied by Wren Worker: only they remove it`,
    });
    await expect(remove({ applicationId, userId: users.supervisor!, removal: 'transferred' })).rejects.toMatchObject({
      statusCode: 403,
    });
    await remove({ applicationId, userId: users.supervisor!, removal: 'abandoned' });
    const row = await db()
      .selectFrom('lock_applications')
      .selectAll()
      .where('id', '=', applicationId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ removal: 'abandoned', removed_by: users.supervisor });
  });

  it('refuses lost and retired locks, and a lock issued to someone else, naming the serial', async () => {
    const lost = await newLock({ status: 'lost' });
    await expect(apply({ lockId: lost.id })).rejects.toMatchObject({
      statusCode: 409,
      message: `Lock ${lost.serial} is lost: it cannot be applied`,
    });
    const retired = await newLock({ status: 'retired' });
    await expect(apply({ lockId: retired.id })).rejects.toMatchObject({
      message: `Lock ${retired.serial} is retired: it cannot be applied`,
    });
    const issued = await newLock({ status: 'issued', ownerId: users.supervisor! });
    await expect(apply({ lockId: issued.id })).rejects.toMatchObject({
      message: `Lock ${issued.serial} is issued to Sam Supervisor: only they apply it`,
    });
    const box = await newLock({ kind: 'lockbox' });
    await expect(apply({ lockId: box.id })).rejects.toMatchObject({ statusCode: 409 });
    expect((await statusOf(lost.id)).status).toBe('lost');
  });

  it('applies a pool lock only on the permit it is assigned to, naming where it is assigned (said too)', async () => {
    const nowhere = await newLock({ assignedPermitId: null });
    await expect(apply({ lockId: nowhere.id })).rejects.toMatchObject({
      statusCode: 409,
      message: `Lock ${nowhere.serial} is not assigned to this permit: it is assigned to no permit. Whoever issues the permit assigns it first`,
      said: { caption: 'Message|Rules_Lock_Apply|notAssigned', values: { serial: nowhere.serial } },
    });
    const elsewhere = await newLock({ assignedPermitId: otherPermitId });
    const other = await db()
      .selectFrom('permits')
      .select('number')
      .where('id', '=', otherPermitId)
      .executeTakeFirstOrThrow();
    await expect(apply({ lockId: elsewhere.id })).rejects.toMatchObject({
      message: `Lock ${elsewhere.serial} is not assigned to this permit: it is assigned to permit ${other.number}`,
    });
    expect((await statusOf(elsewhere.id)).status).toBe('available');
    // On the permit it was handed to, it goes on.
    await apply({ lockId: elsewhere.id, permitId: otherPermitId, planPointId: otherPermitPoint });
    expect((await statusOf(elsewhere.id)).status).toBe('in_use');
  });

  it('an assignment to a closed or cancelled permit is over: its pool lock applies nowhere else until handed on', async () => {
    const closedPermit = await db()
      .selectFrom('permits')
      .select(['id', 'status'])
      .where('id', '=', otherPermitId)
      .executeTakeFirstOrThrow();
    const lock = await newLock({ assignedPermitId: otherPermitId });
    await db().updateTable('permits').set({ status: 'closed' }).where('id', '=', otherPermitId).execute();
    try {
      await expect(apply({ lockId: lock.id })).rejects.toMatchObject({
        message: `Lock ${lock.serial} is not assigned to this permit: it is assigned to no permit. Whoever issues the permit assigns it first`,
      });
    } finally {
      await db().updateTable('permits').set({ status: closedPermit.status }).where('id', '=', otherPermitId).execute();
    }
  });

  it("an owner's lock goes back to Issued on removal", async () => {
    const mine = await newLock({ status: 'issued', ownerId: users.worker! });
    const applicationId = await apply({ lockId: mine.id });
    expect((await statusOf(mine.id)).status).toBe('in_use');
    expect((await remove({ applicationId })).status).toBe('issued');
    expect((await statusOf(mine.id)).status).toBe('issued');
  });

  it("refuses a point that is not isolated, not this permit's, or another facility's lock", async () => {
    const lock = await newLock();
    await expect(apply({ lockId: lock.id, planPointId: pendingPoint })).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringContaining(`lock ${lock.serial} goes on a point once it is isolated`),
    });
    await expect(apply({ lockId: lock.id, planPointId: otherPermitPoint })).rejects.toMatchObject({
      statusCode: 404,
      message: 'Plan point not found',
    });
    await expect(apply({ lockId: lock.id, facilityId: 2 })).rejects.toMatchObject({
      statusCode: 404,
      message: 'Lock not found',
    });
    expect((await statusOf(lock.id)).status).toBe('available');
  });

  it('transfers a lock to another permit holding a point: linked, still In use, only by its applier', async () => {
    const lock = await newLock();
    const applicationId = await apply({ lockId: lock.id });
    const transfer = (userId: number) =>
      db()
        .transaction()
        .execute((trx) =>
          transferLock(trx, {
            facilityId: 1,
            applicationId,
            userId,
            at,
            toPermitId: otherPermitId,
            planPointId: otherPermitPoint,
          }),
        );
    await expect(transfer(users.supervisor!)).rejects.toMatchObject({ statusCode: 403 });
    const next = await transfer(users.worker!);
    const rows = await db()
      .selectFrom('lock_applications')
      .selectAll()
      .where('lock_id', '=', lock.id)
      .orderBy('id')
      .execute();
    expect(rows).toMatchObject([
      { id: applicationId, removal: 'transferred', transferred_to: next },
      {
        id: next,
        permit_id: otherPermitId,
        plan_point_id: otherPermitPoint,
        applied_by: users.worker,
        removed_at: null,
      },
    ]);
    expect((await statusOf(lock.id)).status).toBe('in_use');
  });

  it('two concurrent applications of one lock: exactly one wins', async () => {
    const lock = await newLock();
    const results = await Promise.allSettled([
      apply({ lockId: lock.id, planPointId: points[0]! }),
      apply({ lockId: lock.id, planPointId: points[1]! }),
      apply({ lockId: lock.id, permitId: otherPermitId, planPointId: otherPermitPoint }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const open = await db()
      .selectFrom('lock_applications')
      .select('id')
      .where('lock_id', '=', lock.id)
      .where('removed_at', 'is', null)
      .execute();
    expect(open).toHaveLength(1);
  });
});
