import type { Lock, LockApplication, Permit } from '@hasp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyLock } from '../src/modules/locks';
import { createTestApp, login, type TestApp } from './test-app';

/**
 * Lock Manage and locks at plan points over the real server and PostgreSQL: registering (serial
 * unique per facility whatever its case), editing, the status commands and their refusals, a lock
 * in use (applied only at an isolated point of the permit's plan, removed only by its applier),
 * audit rows, idempotent retries, stale versions, facility scoping and permissions.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const users: Record<string, number> = {};
const db = () => t.connections[0]!.db;
let red: number;
let energyItem: number;
let permitId: number;
const planPoints: Record<string, number> = {};

const call = (as: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: object = {}) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${tokens[as]}`, ...headers },
    ...(payload ? { payload } : {}),
  });
const register = (serial: string, as = 'admin', extra: object = {}) =>
  call(as, 'POST', '/api/locks', { serial, kind: 'padlock', colourId: red, note: '', ...extra });
const command = (as: string, id: number, verb: string, body: object = {}, headers: object = {}) =>
  call(as, 'POST', `/api/locks/${id}/commands/${verb}`, body, headers);
const registered = async (serial: string) => {
  const response = await register(serial);
  expect(response.statusCode).toBe(200);
  return response.json<Lock>();
};
/** A LOTO draft of the worker's. */
async function newDraftPermit(title: string): Promise<Permit> {
  const type = await db()
    .selectFrom('permit_types')
    .select('id')
    .where('facility_id', '=', 1)
    .where('code', '=', 'LOTO')
    .executeTakeFirstOrThrow();
  const created = await call('worker', 'POST', '/api/permits', {
    permitTypeId: type.id,
    title,
    description: '',
    workMethod: '',
    areaId: null,
    assetIds: [],
    plannedStart: '2026-12-01T08:00:00Z',
    plannedEnd: '2026-12-01T12:00:00Z',
    holderId: null,
    riskLevel: null,
  });
  expect(created.statusCode).toBe(200);
  return created.json<Permit>();
}
const audits = (lockId: number) =>
  db()
    .selectFrom('audit_log')
    .select(['action', 'user_id', 'reason'])
    .where('entity_type', '=', 'lock')
    .where('entity_id', '=', String(lockId))
    .orderBy('id')
    .execute();

beforeAll(async () => {
  t = await createTestApp();
  for (const username of ['admin', 'supervisor', 'worker', 'contractor']) {
    tokens[username] = (await login(t.app, { username })).json<{ token: string }>().token;
  }
  tokens.adminRiverside = (await login(t.app, { username: 'admin', facilityId: 2 })).json<{ token: string }>().token;
  for (const row of await db().selectFrom('users').select(['id', 'user_name']).execute()) users[row.user_name] = row.id;
  const item = (list: string, value: string) =>
    db()
      .selectFrom('master_list_items')
      .select('id')
      .where('facility_id', '=', 1)
      .where('list_key', '=', list)
      .where('value', '=', value)
      .executeTakeFirstOrThrow();
  red = (await item('lock-colours', 'Red')).id;
  energyItem = (await item('energy-types', 'electrical')).id;

  permitId = (await newDraftPermit('Locks test')).ID;
  const points = await db()
    .selectFrom('isolation_points')
    .select('id')
    .where('facility_id', '=', 1)
    .orderBy('id')
    .execute();
  const states = ['isolated', 'pending', 'restored', 'removed'] as const;
  for (const [i, state] of states.entries()) {
    planPoints[state] = (
      await db()
        .insertInto('permit_isolation_points')
        .values({
          facility_id: 1,
          permit_id: permitId,
          isolation_point_id: points[i % points.length]!.id,
          position: i,
          state: state === 'removed' ? 'isolated' : state,
          // Taken off the plan while isolated (the demo has three isolation points: the fourth row reuses one).
          removed_at: state === 'removed' ? new Date() : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }
});
afterAll(async () => t?.close());

describe('lock inventory', () => {
  it('registers a lock (Available, audited) and lists it with its colour; the serial is unique whatever its case', async () => {
    const lock = await registered('Unit-100');
    expect(lock).toMatchObject({
      serial: 'Unit-100',
      kind: 'padlock',
      colour: { ID: red, caption: 'Red' },
      owner: null,
      status: 'available',
      version: 0,
      where: null,
    });
    expect(await audits(lock.ID)).toEqual([{ action: 'lock.register', user_id: users.admin, reason: null }]);
    const again = await register('UNIT-100');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: 'Serial UNIT-100 is already used by another lock of this facility',
      details: [{ field: 'serial' }],
    });
    const other = await registered('Unit-101');
    const renamed = await call('admin', 'PUT', `/api/locks/${other.ID}`, {
      serial: 'unit-100',
      kind: 'padlock',
      colourId: red,
      note: '',
    });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json<{ message: string }>().message).toContain('Serial unit-100');
    const list = await call('admin', 'GET', '/api/locks?q=unit-10');
    expect(list.json<Lock[]>().map((l) => l.serial)).toEqual(['Unit-100', 'Unit-101']);
    // The demo inventory is there too, filterable by status and kind.
    const lost = (await call('admin', 'GET', '/api/locks?status=lost')).json<Lock[]>();
    expect(lost.map((l) => l.serial)).toEqual(['ORG-005']);
    const boxes = (await call('admin', 'GET', '/api/locks?kind=lockbox')).json<Lock[]>();
    expect(boxes).toHaveLength(3);
  });

  it('edits a lock (If-Match checked, an unchanged save is no new version); the colour must be a lock colour', async () => {
    const lock = await registered('Unit-200');
    const body = { serial: 'Unit-200', kind: 'hasp', colourId: red, note: 'Spare' };
    const stale = await call('admin', 'PUT', `/api/locks/${lock.ID}`, body, { 'if-match': '"3"' });
    expect(stale.statusCode).toBe(409);
    const edited = await call('admin', 'PUT', `/api/locks/${lock.ID}`, body, { 'if-match': '"0"' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Lock>()).toMatchObject({ kind: 'hasp', note: 'Spare', version: 1 });
    expect(edited.headers.etag).toBe('"1"');
    const same = await call('admin', 'PUT', `/api/locks/${lock.ID}`, body);
    expect(same.json<Lock>().version).toBe(1);
    const badColour = await call('admin', 'PUT', `/api/locks/${lock.ID}`, { ...body, colourId: energyItem });
    expect(badColour.statusCode).toBe(400);
    expect((await audits(lock.ID)).map((a) => a.action)).toEqual(['lock.register', 'lock.edit']);
  });

  it('issues to a facility user, returns, reports lost, finds (back to its owner) and retires, each audited', async () => {
    const lock = await registered('Unit-300');
    const key = { 'idempotency-key': `issue-${lock.ID}` };
    const issued = await command('admin', lock.ID, 'issue', { ownerId: users.worker }, key);
    expect(issued.json<Lock>()).toMatchObject({
      status: 'issued',
      owner: { ID: users.worker, displayName: 'Wren Worker' },
      version: 1,
    });
    const replay = await command('admin', lock.ID, 'issue', { ownerId: users.worker }, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await command('admin', lock.ID, 'return')).json<Lock>()).toMatchObject({
      status: 'available',
      owner: null,
    });
    await command('admin', lock.ID, 'issue', { ownerId: users.contractor });
    const lost = await command('admin', lock.ID, 'report-lost', { reason: 'Dropped in the canal' });
    expect(lost.json<Lock>()).toMatchObject({ status: 'lost', owner: { ID: users.contractor } });
    const reissue = await command('admin', lock.ID, 'issue', { ownerId: users.worker });
    expect(reissue.statusCode).toBe(409);
    expect(reissue.json()).toMatchObject({ message: 'Lock Unit-300 is lost: it cannot be issued' });
    expect((await command('admin', lock.ID, 'found')).json<Lock>()).toMatchObject({
      status: 'issued',
      owner: { ID: users.contractor },
    });
    expect((await command('admin', lock.ID, 'retire')).json<Lock>()).toMatchObject({ status: 'retired', owner: null });
    expect((await command('admin', lock.ID, 'found')).statusCode).toBe(409);
    expect(await audits(lock.ID)).toEqual([
      { action: 'lock.register', user_id: users.admin, reason: null },
      { action: 'lock.issue', user_id: users.admin, reason: null },
      { action: 'lock.return', user_id: users.admin, reason: null },
      { action: 'lock.issue', user_id: users.admin, reason: null },
      { action: 'lock.report-lost', user_id: users.admin, reason: 'Dropped in the canal' },
      { action: 'lock.found', user_id: users.admin, reason: null },
      { action: 'lock.retire', user_id: users.admin, reason: null },
    ]);
  });

  it('issues only to an active user of the facility', async () => {
    const lock = await registered('Unit-400');
    const stranger = await db()
      .insertInto('users')
      .values({ user_name: 'locks-stranger', display_name: 'Stranger', email: null, password_hash: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const refused = await command('admin', lock.ID, 'issue', { ownerId: stranger.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ details: [{ field: 'ownerId' }] });
  });
});

/** Hands a pool lock to the permit, or takes it back (the issuer's commands; decision 0114). */
const assignment = (as: string, verb: 'assign' | 'unassign', lockId: number, onPermit = permitId) =>
  call(as, 'POST', `/api/permits/${onPermit}/locks/commands/${verb}`, { lockId });
/** A registered pool lock handed to the permit under test. */
async function assignedLock(serial: string): Promise<Lock> {
  const lock = await registered(serial);
  const assigned = await assignment('supervisor', 'assign', lock.ID);
  expect(assigned.statusCode, assigned.body).toBe(200);
  return assigned.json<Lock>();
}

describe('locks at plan points', () => {
  const apply = (as: string, lockId: number, planPointId = planPoints.isolated!) =>
    call(as, 'POST', `/api/permits/${permitId}/locks/commands/apply`, { lockId, planPointId });
  const remove = (as: string, applicationId: number) =>
    call(as, 'POST', `/api/permits/${permitId}/locks/commands/remove`, { applicationId });

  it('the signed-in user applies a lock at an isolated point; it is In use there, and only they remove it', async () => {
    const lock = await registered('Unit-500');
    await command('admin', lock.ID, 'issue', { ownerId: users.worker });
    const choices = (await call('worker', 'GET', `/api/permits/${permitId}/locks/applicable`)).json<Lock[]>();
    expect(choices.map((l) => l.serial)).toContain('Unit-500');
    expect(
      (await call('supervisor', 'GET', `/api/permits/${permitId}/locks/applicable`))
        .json<Lock[]>()
        .map((l) => l.serial),
    ).not.toContain('Unit-500');
    // Issued to the worker: nobody else applies it.
    const bySupervisor = await apply('supervisor', lock.ID);
    expect(bySupervisor.statusCode).toBe(409);
    expect(bySupervisor.json()).toMatchObject({
      message: 'Lock Unit-500 is issued to Wren Worker: only they apply it',
    });
    const applied = await apply('worker', lock.ID);
    expect(applied.statusCode).toBe(200);
    const application = applied.json<LockApplication>();
    expect(application).toMatchObject({
      permitId,
      planPointId: planPoints.isolated,
      appliedBy: { ID: users.worker },
      removedAt: null,
      lock: { status: 'in_use' },
    });

    const listed = (await call('admin', 'GET', '/api/locks?status=in_use'))
      .json<Lock[]>()
      .find((l) => l.ID === lock.ID)!;
    const permit = await db()
      .selectFrom('permits')
      .select('number')
      .where('id', '=', permitId)
      .executeTakeFirstOrThrow();
    expect(listed.where).toMatchObject({
      applicationId: application.ID,
      permitId,
      permitNumber: permit.number,
      pointCode: expect.any(String),
      appliedBy: { displayName: 'Wren Worker' },
    });

    // In use: not retired, issued, returned or lost; not applied a second time.
    for (const verb of ['retire', 'issue', 'return', 'report-lost']) {
      const refused = await command('admin', lock.ID, verb, verb === 'issue' ? { ownerId: users.supervisor } : {});
      expect(refused.statusCode, verb).toBe(409);
      expect(refused.json<{ message: string }>().message).toMatch(
        new RegExp(`^Lock Unit-500 is in use on permit ${permit.number} at point `),
      );
    }
    expect((await apply('worker', lock.ID)).statusCode).toBe(409);

    const byOther = await remove('supervisor', application.ID);
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json()).toMatchObject({ message: 'Lock Unit-500 was applied by Wren Worker: only they remove it' });
    const removed = await remove('worker', application.ID);
    expect(removed.json<LockApplication>()).toMatchObject({
      removal: 'removed',
      removedAt: expect.any(String),
      lock: { status: 'issued' },
    });
    expect((await audits(lock.ID)).map((a) => [a.action, a.user_id])).toEqual([
      ['lock.register', users.admin],
      ['lock.issue', users.admin],
      ['lock.apply', users.worker],
      ['lock.remove', users.worker],
    ]);
  });

  it('refuses a point not isolated, restored or released, off the plan, or on another permit; lost and retired locks', async () => {
    const lock = await assignedLock('Unit-600');
    for (const state of ['pending', 'restored'] as const) {
      const refused = await apply('worker', lock.ID, planPoints[state]);
      expect(refused.statusCode, state).toBe(409);
    }
    await db()
      .updateTable('permit_isolation_points')
      .set({ state: 'released' })
      .where('id', '=', planPoints.restored!)
      .execute();
    expect((await apply('worker', lock.ID, planPoints.restored)).statusCode).toBe(409);
    const offPlan = await apply('worker', lock.ID, planPoints.removed);
    expect(offPlan.statusCode).toBe(404);
    expect(offPlan.json()).toMatchObject({ message: 'Plan point not found' });
    const unknownPoint = await call('worker', 'POST', `/api/permits/${permitId}/locks/commands/apply`, {
      lockId: lock.ID,
      planPointId: 2_000_000,
    });
    expect(unknownPoint.statusCode).toBe(404);
    await command('admin', lock.ID, 'report-lost');
    expect((await apply('worker', lock.ID)).json()).toMatchObject({
      message: 'Lock Unit-600 is lost: it cannot be applied',
    });
    await command('admin', lock.ID, 'retire');
    expect((await apply('worker', lock.ID)).json()).toMatchObject({
      message: 'Lock Unit-600 is retired: it cannot be applied',
    });
  });
  it("one person's second lock on a point needs their confirmation; a third is refused, saying why", async () => {
    const first = await assignedLock('Unit-750');
    const second = await assignedLock('Unit-751');
    const third = await assignedLock('Unit-752');
    const applyAs = (lockId: number, secondLock?: boolean) =>
      call('supervisor', 'POST', `/api/permits/${permitId}/locks/commands/apply`, {
        lockId,
        planPointId: planPoints.isolated,
        ...(secondLock === undefined ? {} : { secondLock }),
      });
    expect((await applyAs(first.ID)).statusCode).toBe(200);
    const unconfirmed = await applyAs(second.ID);
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json()).toMatchObject({
      message: expect.stringMatching(
        /^You already have lock Unit-750 on point .+: confirm to apply lock Unit-751 as a second lock$/,
      ),
      details: [{ field: 'secondLock' }],
    });
    expect((await applyAs(second.ID, true)).statusCode).toBe(200);
    const refused = await applyAs(third.ID, true);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: expect.stringMatching(
        /^You already have 2 locks on point .+ \(Unit-750, Unit-751\): lock Unit-752 would be more than the 2 a person may put on one point$/,
      ),
      details: [{ field: 'planPointId' }],
    });
    // Another person's first lock on the same point is theirs alone: no question asked.
    expect((await apply('worker', third.ID)).statusCode).toBe(200);
    const open = await db()
      .selectFrom('lock_applications')
      .select(['id', 'applied_by'])
      .where('plan_point_id', '=', planPoints.isolated!)
      .where('removed_at', 'is', null)
      .execute();
    for (const row of open) {
      const as = row.applied_by === users.worker ? 'worker' : 'supervisor';
      expect((await remove(as, row.id)).statusCode).toBe(200);
    }
  });

  it("a crew member's lock on the lockbox is not removed through the point route", async () => {
    const lock = await assignedLock('Unit-650');
    const lockbox = await db()
      .insertInto('lockboxes')
      .values({ facility_id: 1, permit_id: permitId, number: 'LB-T650', primary_user_id: users.worker! })
      .returning('id')
      .executeTakeFirstOrThrow();
    const applicationId = await db()
      .transaction()
      .execute((trx) =>
        applyLock(trx, {
          facilityId: 1,
          lockId: lock.ID,
          permitId,
          lockboxId: lockbox.id,
          userId: users.worker!,
          at: new Date(),
        }),
      );
    const listed = (await call('admin', 'GET', '/api/locks?q=Unit-650')).json<Lock[]>()[0]!;
    expect(listed.where).toMatchObject({ lockboxNumber: 'LB-T650', pointCode: null });
    const refused = await remove('worker', applicationId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: 'Lock Unit-650 is a sign-on to the lockbox: sign off from the crew list to remove it',
    });
  });
});

describe('pool locks assigned to a permit', () => {
  const apply = (as: string, lockId: number) =>
    call(as, 'POST', `/api/permits/${permitId}/locks/commands/apply`, { lockId, planPointId: planPoints.isolated });
  const refusal = async (answer: Awaited<ReturnType<typeof call>>) => {
    expect(answer.statusCode, answer.body).toBe(409);
    return answer.json<{ message: string; said: { caption: string } }>();
  };

  it('the issuer hands a pool lock to the permit (audited); only then its people apply it, and the picker lists it', async () => {
    const lock = await registered('Pool-100');
    const mine = await registered('Pool-101');
    await command('admin', mine.ID, 'issue', { ownerId: users.worker });
    const serials = async (as: string) =>
      (await call(as, 'GET', `/api/permits/${permitId}/locks/applicable`)).json<Lock[]>().map((l) => l.serial);
    expect(await serials('worker')).toContain('Pool-101');
    expect(await serials('worker')).not.toContain('Pool-100');
    const number = (
      await db().selectFrom('permits').select('number').where('id', '=', permitId).executeTakeFirstOrThrow()
    ).number;
    expect((await refusal(await apply('worker', lock.ID))).message).toBe(
      'Lock Pool-100 is not assigned to this permit: it is assigned to no permit. Whoever issues the permit assigns it first',
    );
    const assigned = await assignment('supervisor', 'assign', lock.ID);
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json<Lock>()).toMatchObject({ assignedPermit: { ID: permitId, number }, version: 1 });
    expect(await serials('worker')).toEqual(expect.arrayContaining(['Pool-100', 'Pool-101']));
    const onPermit = (await call('worker', 'GET', `/api/permits/${permitId}/locks/assigned`)).json<Lock[]>();
    expect(onPermit.map((l) => l.serial)).toContain('Pool-100');
    const listed = (await call('admin', 'GET', '/api/locks?q=Pool-100')).json<Lock[]>()[0]!;
    expect(listed.assignedPermit).toEqual({ ID: permitId, number });
    const applied = await apply('worker', lock.ID);
    expect(applied.statusCode, applied.body).toBe(200);
    // On a point it stays the permit's: released only once its applier removes it.
    const busy = await refusal(await assignment('supervisor', 'unassign', lock.ID));
    expect(busy.message).toMatch(
      /^Lock Pool-100 is in use on permit .+: it is released from the permit once its applier removes it$/,
    );
    await call('worker', 'POST', `/api/permits/${permitId}/locks/commands/remove`, {
      applicationId: applied.json<LockApplication>().ID,
    });
    const released = await assignment('supervisor', 'unassign', lock.ID);
    expect(released.json<Lock>()).toMatchObject({ assignedPermit: null, status: 'available' });
    expect((await audits(lock.ID)).map((a) => a.action)).toEqual([
      'lock.register',
      'lock.assign',
      'lock.apply',
      'lock.remove',
      'lock.unassign',
    ]);
  });

  it('refuses a personal, lost, retired or lockbox lock, one assigned to another permit (naming it), and an ended permit', async () => {
    const personal = await registered('Pool-200');
    await command('admin', personal.ID, 'issue', { ownerId: users.worker });
    expect((await refusal(await assignment('supervisor', 'assign', personal.ID))).message).toBe(
      'Lock Pool-200 is issued to Wren Worker: a personal lock is not assigned to a permit',
    );
    const lost = await registered('Pool-201');
    await command('admin', lost.ID, 'report-lost');
    expect((await refusal(await assignment('supervisor', 'assign', lost.ID))).message).toBe(
      'Lock Pool-201 is lost: it cannot be assigned',
    );
    const retired = await registered('Pool-202');
    await command('admin', retired.ID, 'retire');
    expect((await refusal(await assignment('supervisor', 'assign', retired.ID))).message).toBe(
      'Lock Pool-202 is retired: it cannot be assigned',
    );
    const box = await register('Pool-203', 'admin', { kind: 'lockbox' });
    expect((await refusal(await assignment('supervisor', 'assign', box.json<Lock>().ID))).message).toBe(
      'Lock Pool-203 is a lockbox: it holds keys, it is not assigned as a lock',
    );
    // Another open permit holds it: the refusal names that permit, and it cannot be applied here.
    const otherPermit = await newDraftPermit('Another permit');
    const elsewhere = await registered('Pool-204');
    expect((await assignment('supervisor', 'assign', elsewhere.ID, otherPermit.ID)).statusCode).toBe(200);
    expect((await refusal(await assignment('supervisor', 'assign', elsewhere.ID))).message).toBe(
      `Lock Pool-204 is assigned to permit ${otherPermit.number}: release it from there first`,
    );
    expect((await refusal(await apply('worker', elsewhere.ID))).message).toBe(
      `Lock Pool-204 is not assigned to this permit: it is assigned to permit ${otherPermit.number}`,
    );
    expect((await refusal(await assignment('supervisor', 'unassign', elsewhere.ID))).message).toMatch(
      /^Lock Pool-204 is not assigned to permit /,
    );
    // A cancelled permit gets no locks, and its assignments are over: the lock is free to hand on.
    await db().updateTable('permits').set({ status: 'cancelled' }).where('id', '=', otherPermit.ID).execute();
    const ended = await refusal(
      await assignment('supervisor', 'assign', (await registered('Pool-205')).ID, otherPermit.ID),
    );
    expect(ended).toMatchObject({
      message: `Permit ${otherPermit.number} is Cancelled: it gets no more locks`,
      said: { caption: 'Message|Rules_Lock_Assign|permitEnded' },
    });
    expect((await assignment('supervisor', 'assign', elsewhere.ID)).statusCode).toBe(200);
  });

  it('only whoever may issue permits of the type hands locks to a permit or takes them back', async () => {
    const lock = await registered('Pool-300');
    expect((await assignment('worker', 'assign', lock.ID)).statusCode).toBe(403);
    expect((await call('worker', 'GET', `/api/permits/${permitId}/locks/assignable`)).statusCode).toBe(403);
    const assignable = (await call('supervisor', 'GET', `/api/permits/${permitId}/locks/assignable`)).json<Lock[]>();
    expect(assignable.map((l) => l.serial)).toContain('Pool-300');
    expect((await assignment('adminRiverside', 'assign', lock.ID)).statusCode).toBe(404);
    expect((await assignment('supervisor', 'assign', lock.ID)).statusCode).toBe(200);
    expect((await assignment('worker', 'unassign', lock.ID)).statusCode).toBe(403);
  });
});

describe('scoping and permissions', () => {
  it("another facility's lock is not found there, nor listed", async () => {
    const lock = await registered('Unit-700');
    expect((await call('adminRiverside', 'GET', '/api/locks')).json<Lock[]>().map((l) => l.ID)).not.toContain(lock.ID);
    const edit = await call('adminRiverside', 'PUT', `/api/locks/${lock.ID}`, {
      serial: 'X',
      kind: 'padlock',
      colourId: null,
      note: '',
    });
    expect(edit.statusCode).toBe(404);
    expect(edit.json()).toMatchObject({ message: 'Lock not found' });
    expect((await command('adminRiverside', lock.ID, 'retire')).statusCode).toBe(404);
    // The same serial is free in another facility.
    expect((await register('Unit-700', 'adminRiverside', { colourId: null })).statusCode).toBe(200);
    const apply = await call('adminRiverside', 'POST', `/api/permits/${permitId}/locks/commands/apply`, {
      lockId: lock.ID,
      planPointId: planPoints.isolated,
    });
    expect(apply.statusCode).toBe(404);
  });

  it("prints a lock's QR label, or the listed locks' labels, only within the facility and for Lock Manage", async () => {
    const lock = await registered('Label-900');
    const one = await call('admin', 'POST', `/api/locks/labels?id=${lock.ID}`);
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-type']).toBe('application/pdf');
    expect(one.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // One page per label: the listed locks' labels follow the list's own filter.
    const pages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
    expect(pages(one.rawPayload)).toBe(1);
    await registered('Label-901');
    const listed = (await call('admin', 'GET', '/api/locks?q=Label-9')).json<Lock[]>().length;
    expect(listed).toBe(2);
    expect(pages((await call('admin', 'POST', '/api/locks/labels?q=Label-9')).rawPayload)).toBe(listed);
    expect((await call('adminRiverside', 'POST', `/api/locks/labels?id=${lock.ID}`)).statusCode).toBe(404);
    expect((await call('worker', 'POST', `/api/locks/labels?id=${lock.ID}`)).statusCode).toBe(403);
  });

  it('the inventory needs rightnav:lock-manage; applying needs permit:view of the type', async () => {
    expect((await call('worker', 'GET', '/api/locks')).statusCode).toBe(403);
    expect((await register('Unit-800', 'worker')).statusCode).toBe(403);
    expect((await call('supervisor', 'GET', '/api/locks')).statusCode).toBe(200);
    const lock = await registered('Unit-801');
    expect((await command('worker', lock.ID, 'retire')).statusCode).toBe(403);
    await db().deleteFrom('group_permissions').where('permission', '=', 'permit:view:LOTO').execute();
    const refused = await call('contractor', 'POST', `/api/permits/${permitId}/locks/commands/apply`, {
      lockId: lock.ID,
      planPointId: planPoints.isolated,
    });
    expect(refused.statusCode).toBe(403);
  });
});
