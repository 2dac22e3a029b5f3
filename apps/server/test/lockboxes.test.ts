import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockboxMessages, type LockboxView, type Permit, type PermitCommand, type PermitStatus } from '@hasp/contracts';
import { hashPassword } from '../src/modules/auth/password';
import { createTestApp, login, type TestApp } from './test-app';
import { grantAsLoto, permitGroupIdOf } from './support/permit-type-fixtures';
import { signedBody } from './support/signing';

/**
 * Group lockout (OSHA 1910.147 (f)(3)–(f)(4)) over the real server and PostgreSQL: a lockbox per
 * permit with a primary authorized employee, keys deposited before anyone signs on, each member's
 * personal lock as their sign-on, the shift-change order, only the member signs off, no release
 * while anyone is signed on, the close guard naming who is, facility scoping and permissions.
 * Permits are of a type made here with only the crew section, so no other section's guards apply.
 */
let t: TestApp;
const db = () => t.connections[0]!.db;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
let typeId: number;
let serialNo = 0;

const call = (as: string, method: 'GET' | 'POST', url: string, payload?: object, headers: object = {}) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${tokens[as]}`, ...headers },
    ...(payload ? { payload } : {}),
  });
const lockbox = (as: string, permitId: number, verb: string, body?: object, headers: object = {}) =>
  call(as, 'POST', `/api/permits/${permitId}/lockbox/commands/${verb}`, body ?? {}, headers);
const view = async (as: string, permitId: number) => {
  const response = await call(as, 'GET', `/api/permits/${permitId}/lockbox`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LockboxView>();
};
const ok = async (response: Awaited<ReturnType<typeof call>>) => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LockboxView>();
};
const refused = (response: Awaited<ReturnType<typeof call>>, status: number) => {
  expect(response.statusCode, response.body).toBe(status);
  return response.json<{ message: string }>().message;
};

async function newLock(values: { ownerId?: number; kind?: 'padlock' | 'lockbox'; status?: 'issued' | 'lost' } = {}) {
  const serial = `C-${String(++serialNo).padStart(3, '0')}`;
  const { id } = await db()
    .insertInto('locks')
    .values({
      facility_id: 1,
      serial,
      kind: values.kind ?? 'padlock',
      owner_id: values.ownerId ?? null,
      status: values.status ?? (values.ownerId ? 'issued' : 'available'),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, serial };
}

// Begun ten minutes ago (on the minute): the holder may accept at once (accept waits for the start).
const start = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 10 * 60_000);
const toActive: [string, PermitCommand][] = [
  ['worker', 'request'],
  ['supervisor', 'approve'],
  ['supervisor', 'isolate'],
  ['admin', 'issue'],
  ['contractor', 'accept'],
];
const pathTo: Partial<Record<PermitStatus, [string, PermitCommand][]>> = {
  approved: toActive.slice(0, 2),
  isolated: toActive.slice(0, 3),
  active: toActive,
  work_complete: [...toActive, ['contractor', 'complete-work']],
};

/** A crew permit by the worker, held by the contractor, walked to `status` through its commands. */
async function permitIn(status: PermitStatus): Promise<Permit> {
  const created = await call('worker', 'POST', '/api/permits', {
    permitTypeId: typeId,
    title: 'Gearbox change on conveyor 4',
    description: '',
    workMethod: '',
    areaId: null,
    assetIds: [],
    plannedStart: start.toISOString(),
    plannedEnd: new Date(start.getTime() + 8 * 3_600_000).toISOString(),
    holderId: ids.contractor,
    riskLevel: 'medium',
  });
  expect(created.statusCode, created.body).toBe(200);
  let permit = created.json<Permit>();
  for (const [as, verb] of pathTo[status] ?? []) {
    const response = await permitCommand(as, permit.ID, verb);
    expect(response.statusCode, `${as} ${verb}: ${response.body}`).toBe(200);
    permit = response.json<Permit>();
  }
  expect(permit.status).toBe(status);
  return permit;
}
// Approving signs the approval stage: the signer's password again.
const permitCommand = (as: string, permitId: number, verb: PermitCommand) =>
  call(as, 'POST', `/api/permits/${permitId}/commands/${verb}`, signedBody(verb));

/** A permit in `status` with an open lockbox (primary: the supervisor) and the keys deposited. */
async function withLockbox(status: PermitStatus) {
  const permit = await permitIn(status);
  await ok(await lockbox('supervisor', permit.ID, 'open', { primaryUserId: ids.supervisor, lockId: null }));
  await ok(await lockbox('supervisor', permit.ID, 'deposit-keys'));
  return permit;
}
const signOn = async (as: string, permitId: number, lockId?: number) =>
  lockbox(as, permitId, 'sign-on', { lockId: lockId ?? (await newLock({ ownerId: ids[as] })).id });
const mine = async (as: string, permitId: number) => (await view(as, permitId)).mySignOn!.applicationId;

beforeAll(async () => {
  t = await createTestApp();
  // A user of North Plant in no group: signed in, but may not view any permit.
  const outsider = await db()
    .insertInto('users')
    .values({
      user_name: 'outsider',
      display_name: 'Olly Outsider',
      email: null,
      password_hash: await hashPassword('outsider-pass-2026'),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db().insertInto('user_facilities').values({ user_id: outsider.id, facility_id: 1 }).execute();
  for (const username of ['admin', 'supervisor', 'worker', 'contractor']) {
    tokens[username] = (await login(t.app, { username })).json<{ token: string }>().token;
  }
  tokens.outsider = (await login(t.app, { username: 'outsider', password: 'outsider-pass-2026' })).json<{
    token: string;
  }>().token;
  tokens.adminRiverside = (await login(t.app, { username: 'admin', facilityId: 2 })).json<{ token: string }>().token;
  for (const row of await db().selectFrom('users').select(['id', 'user_name']).execute()) ids[row.user_name] = row.id;

  const lotoGroupId = await permitGroupIdOf(db(), 'LOTO');
  const created = await call('admin', 'POST', '/api/permit-types', {
    code: 'CREW',
    name: 'Crew Lockout',
    icon: 'lock',
    color: '#c92a2a',
    prefix: 'CREW-',
    sections: ['crew-sign-on'],
    maxValidityHours: 24,
    offlineEnabled: false,
    groupId: lotoGroupId,
  });
  expect(created.statusCode, created.body).toBe(200);
  // The demo groups hold for CREW what they hold for LOTO.
  typeId = await grantAsLoto(db(), 'CREW');
  // Permissions are cached per sign-in: sign in again to see the new grants.
  for (const username of ['admin', 'supervisor', 'worker', 'contractor']) {
    tokens[username] = (await login(t.app, { username })).json<{ token: string }>().token;
  }
});
afterAll(async () => t?.close());

describe('opening a lockbox', () => {
  it('numbers it from the lockbox pattern, names the primary authorized employee, and audits', async () => {
    const permit = await permitIn('isolated');
    expect((await view('worker', permit.ID)).lockbox).toBeNull();
    const device = await newLock({ kind: 'lockbox' });
    const opened = await ok(
      await lockbox('supervisor', permit.ID, 'open', { primaryUserId: ids.supervisor, lockId: device.id }),
    );
    expect(opened.lockbox).toMatchObject({
      primary: { ID: ids.supervisor, displayName: 'Sam Supervisor' },
      device: { ID: device.id, serial: device.serial },
      keysDepositedAt: null,
      members: [],
    });
    expect(opened.lockbox!.number).toMatch(/^LB-/);
    expect(opened.allowed).toEqual(['deposit-keys', 'release']);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'entity_type', 'entity_id', 'user_id'])
      .where('action', '=', 'lockbox.open')
      .where('entity_id', '=', String(opened.lockbox!.ID))
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ entity_type: 'lockbox', user_id: ids.supervisor });
    const event = await db()
      .selectFrom('domain_events')
      .select(['name', 'payload'])
      .where('name', '=', 'lockbox.open')
      .where('entity_id', '=', String(opened.lockbox!.ID))
      .executeTakeFirstOrThrow();
    expect(event.payload).toMatchObject({ permitId: permit.ID, number: opened.lockbox!.number });

    // One open lockbox per permit; the device holds one lockbox's keys at a time.
    expect(
      refused(await lockbox('supervisor', permit.ID, 'open', { primaryUserId: ids.supervisor, lockId: null }), 409),
    ).toBe(lockboxMessages.alreadyOpen);
    const other = await permitIn('isolated');
    const reused = await lockbox('supervisor', other.ID, 'open', { primaryUserId: ids.supervisor, lockId: device.id });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().details[0].message).toBe(
      `Lockbox device: ${device.serial} already holds the keys of lockbox ${opened.lockbox!.number}`,
    );
  });

  it('refuses a primary who may not view the type, a device that is no lockbox, and callers without permit:issue', async () => {
    const permit = await permitIn('approved');
    const noView = await lockbox('supervisor', permit.ID, 'open', { primaryUserId: ids.outsider, lockId: null });
    expect(noView.statusCode).toBe(400);
    expect(noView.json().details[0]).toMatchObject({ field: 'primaryUserId' });
    const padlock = await newLock();
    const wrongKind = await lockbox('supervisor', permit.ID, 'open', { primaryUserId: ids.worker, lockId: padlock.id });
    expect(wrongKind.json().details[0].message).toBe(`Lockbox device: ${padlock.serial} is a padlock, not a lockbox`);
    expect(
      refused(await lockbox('worker', permit.ID, 'open', { primaryUserId: ids.worker, lockId: null }), 403),
    ).toMatch(/permit:issue:CREW/);
    // A draft's plan is not approved yet.
    const draft = await permitIn('draft');
    refused(await lockbox('supervisor', draft.ID, 'open', { primaryUserId: ids.supervisor, lockId: null }), 409);
    // Nothing was written by the refusals.
    expect((await view('supervisor', permit.ID)).lockbox).toBeNull();
  });
});

describe('signing on', () => {
  it('waits for the keys and for isolation, then applies the personal lock (In use) and lists the member', async () => {
    const permit = await permitIn('approved');
    await ok(await lockbox('supervisor', permit.ID, 'open', { primaryUserId: ids.supervisor, lockId: null }));
    expect(refused(await signOn('worker', permit.ID), 409)).toBe(lockboxMessages.keysNotDeposited);
    expect(refused(await lockbox('worker', permit.ID, 'deposit-keys'), 403)).toBe(
      lockboxMessages.notPrimary('depositKeys'),
    );
    await ok(await lockbox('supervisor', permit.ID, 'deposit-keys'));
    expect(refused(await signOn('worker', permit.ID), 409)).toBe('Sign-on opens once the permit is isolated.');
    expect((await view('worker', permit.ID)).blocked).toBe('Sign-on opens once the permit is isolated.');
    await permitCommand('supervisor', permit.ID, 'isolate');

    const lock = await newLock({ ownerId: ids.worker });
    expect((await view('worker', permit.ID)).myLocks.map((l) => l.serial)).toContain(lock.serial);
    const after = await ok(await signOn('worker', permit.ID, lock.id));
    expect(after.mySignOn).toMatchObject({ user: { displayName: 'Wren Worker' }, lock: { serial: lock.serial } });
    expect(after.lockbox!.members.map((x) => x.user.displayName)).toEqual(['Wren Worker']);
    expect(after.allowed).toContain('sign-off');
    const stored = await db().selectFrom('locks').select('status').where('id', '=', lock.id).executeTakeFirstOrThrow();
    expect(stored.status).toBe('in_use');
    const application = await db()
      .selectFrom('lock_applications')
      .selectAll()
      .where('lock_id', '=', lock.id)
      .executeTakeFirstOrThrow();
    expect(application).toMatchObject({ lockbox_id: after.lockbox!.ID, plan_point_id: null, applied_by: ids.worker });
    expect(refused(await signOn('worker', permit.ID), 409)).toBe(lockboxMessages.alreadySignedOn);
  });

  it("refuses someone else's lock (naming its serial) and nobody signs on once the work is complete", async () => {
    const permit = await withLockbox('active');
    const casey = await newLock({ ownerId: ids.contractor });
    expect(refused(await signOn('worker', permit.ID, casey.id), 409)).toBe(
      `Lock ${casey.serial} is issued to Casey Contractor: only they apply it`,
    );
    await ok(await signOn('contractor', permit.ID, casey.id));
    expect((await permitCommand('contractor', permit.ID, 'complete-work')).statusCode).toBe(200);
    const late = await signOn('worker', permit.ID);
    expect(refused(late, 409)).toBe('Nobody signs on any more: the permit is Work complete.');
    // Its caption and the status as a term: the crew section says it in the reader's language.
    expect(late.json()).toMatchObject({
      said: {
        caption: 'Message|Rules_Lockbox|nobodySignsOn',
        terms: { status: 'Label|Permit_Status|work_complete' },
      },
    });
  });

  it('replays a retried sign-on (Idempotency-Key) and refuses a stale If-Match', async () => {
    const permit = await withLockbox('active');
    const lock = await newLock({ ownerId: ids.worker });
    const first = await lockbox('worker', permit.ID, 'sign-on', { lockId: lock.id }, { 'idempotency-key': 'crew-1' });
    const again = await lockbox('worker', permit.ID, 'sign-on', { lockId: lock.id }, { 'idempotency-key': 'crew-1' });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const version = Number(JSON.parse(first.headers.etag as string));
    expect(first.json<LockboxView>().lockbox!.version).toBe(version);
    const stale = await lockbox(
      'contractor',
      permit.ID,
      'sign-on',
      { lockId: (await newLock()).id },
      {
        'if-match': `"${version - 1}"`,
      },
    );
    expect(stale.statusCode).toBe(409);
    expect(
      await db().selectFrom('lock_applications').select('id').where('lock_id', '=', lock.id).execute(),
    ).toHaveLength(1);
  });
});

describe('tag per personal lock', () => {
  const auditOf = (entityType: string, entityId: number) =>
    db()
      .selectFrom('audit_log')
      .select(['action', 'user_id'])
      .where('entity_type', '=', entityType)
      .where('entity_id', '=', String(entityId))
      .orderBy('id')
      .execute();

  it("puts a numbered tag on the member's lock at sign-on and takes it off at sign-off, each audited as the tag's own command", async () => {
    const plain = await withLockbox('active');
    await ok(await signOn('worker', plain.ID));
    expect((await view('worker', plain.ID)).mySignOn!.tag).toBeNull();

    await db().updateTable('permit_types').set({ tag_per_personal_lock: true }).where('id', '=', typeId).execute();
    try {
      const permit = await withLockbox('active');
      const signed = await ok(await signOn('worker', permit.ID));
      expect(signed.tagPerPersonalLock).toBe(true);
      expect(signed.mySignOn!.tag).toMatchObject({ state: 'applied' });
      const tagId = signed.mySignOn!.tag!.ID;
      const tagRow = () => db().selectFrom('tags').selectAll().where('id', '=', tagId).executeTakeFirstOrThrow();
      expect(await tagRow()).toMatchObject({
        lock_application_id: signed.mySignOn!.applicationId,
        permit_id: permit.ID,
        state: 'applied',
        applied_by: ids.worker,
      });
      expect(await auditOf('tag', tagId)).toEqual([{ action: 'tag.apply', user_id: ids.worker }]);
      const events = await db()
        .selectFrom('domain_events')
        .select('name')
        .where('entity_id', '=', String(tagId))
        .where('entity_type', '=', 'tag')
        .execute();
      expect(events.map((e) => e.name)).toEqual(['tag.apply']);

      await ok(await signOn('contractor', permit.ID));
      const after = await ok(
        await lockbox('worker', permit.ID, 'sign-off', { applicationId: signed.mySignOn!.applicationId }),
      );
      expect(after.mySignOn).toBeNull();
      expect(await tagRow()).toMatchObject({ state: 'removed', removed_by: ids.worker });
      expect(await auditOf('tag', tagId)).toEqual([
        { action: 'tag.apply', user_id: ids.worker },
        { action: 'tag.remove', user_id: ids.worker },
      ]);
      const application = await db()
        .selectFrom('lock_applications')
        .select(['removed_at', 'removal'])
        .where('id', '=', signed.mySignOn!.applicationId)
        .executeTakeFirstOrThrow();
      expect(application.removal).toBe('removed');
    } finally {
      await db().updateTable('permit_types').set({ tag_per_personal_lock: false }).where('id', '=', typeId).execute();
    }
  });

  it('a replacement tag never hung on the lock is voided at sign-off, naming the lock, audited as tag.void', async () => {
    await db().updateTable('permit_types').set({ tag_per_personal_lock: true }).where('id', '=', typeId).execute();
    try {
      const permit = await withLockbox('active');
      const signed = await ok(await signOn('worker', permit.ID));
      const lostTagId = signed.mySignOn!.tag!.ID;
      const tagCommand = (verb: string, tagId: number) =>
        call('worker', 'POST', `/api/permits/${permit.ID}/tags/commands/${verb}`, { tagId });
      // The tag fell off the lock: a replacement is planned on the same lock, then printed, not hung yet.
      expect((await tagCommand('report-missing', lostTagId)).statusCode).toBe(200);
      const replacement = (await view('worker', permit.ID)).mySignOn!.tag!;
      expect(replacement).toMatchObject({ state: 'planned' });
      expect(replacement.ID).not.toBe(lostTagId);
      expect((await tagCommand('mark-printed', replacement.ID)).statusCode).toBe(200);

      await ok(await signOn('contractor', permit.ID));
      const after = await ok(
        await lockbox('worker', permit.ID, 'sign-off', { applicationId: signed.mySignOn!.applicationId }),
      );
      expect(after.mySignOn).toBeNull();
      const tag = await db().selectFrom('tags').selectAll().where('id', '=', replacement.ID).executeTakeFirstOrThrow();
      expect(tag).toMatchObject({ state: 'voided', voided_by: ids.worker });
      expect(tag.void_reason).toBe(
        `Not hung: lock ${signed.mySignOn!.lock.serial} was signed off before this tag was applied`,
      );
      expect((await auditOf('tag', replacement.ID)).map((a) => a.action)).toEqual(['tag.mark-printed', 'tag.void']);
      const lost = await db().selectFrom('tags').select('state').where('id', '=', lostTagId).executeTakeFirstOrThrow();
      expect(lost.state).toBe('missing');
    } finally {
      await db().updateTable('permit_types').set({ tag_per_personal_lock: false }).where('id', '=', typeId).execute();
    }
  });

  it('a tag someone else applied on the lock refuses the sign-off, and lock and tag stay on', async () => {
    await db().updateTable('permit_types').set({ tag_per_personal_lock: true }).where('id', '=', typeId).execute();
    try {
      const permit = await withLockbox('active');
      const signed = await ok(await signOn('worker', permit.ID));
      const tagId = signed.mySignOn!.tag!.ID;
      // As if another person had hung this tag: only they may take it off (contracts' tagRefusal).
      await db().updateTable('tags').set({ applied_by: ids.contractor }).where('id', '=', tagId).execute();
      await ok(await signOn('contractor', permit.ID));
      expect(
        refused(await lockbox('worker', permit.ID, 'sign-off', { applicationId: signed.mySignOn!.applicationId }), 403),
      ).toBe('Only the person who applied this tag may remove it (a supervisor uses abandoned removal).');
      const tag = await db().selectFrom('tags').select('state').where('id', '=', tagId).executeTakeFirstOrThrow();
      expect(tag.state).toBe('applied');
      expect((await view('worker', permit.ID)).mySignOn!.applicationId).toBe(signed.mySignOn!.applicationId);
    } finally {
      await db().updateTable('permit_types').set({ tag_per_personal_lock: false }).where('id', '=', typeId).execute();
    }
  });
});

describe('signing off', () => {
  it('shift change: the last member signs off only after the incoming one has signed on', async () => {
    const permit = await withLockbox('active');
    await ok(await signOn('worker', permit.ID));
    const outgoing = await mine('worker', permit.ID);
    expect(refused(await lockbox('worker', permit.ID, 'sign-off', { applicationId: outgoing }), 409)).toBe(
      lockboxMessages.lastMember,
    );
    const before = await view('worker', permit.ID);
    expect(before.allowed).not.toContain('sign-off');
    expect(before.blocked).toBe(lockboxMessages.lastMember);

    await ok(await signOn('contractor', permit.ID));
    const handed = await ok(await lockbox('worker', permit.ID, 'sign-off', { applicationId: outgoing }));
    expect(handed.mySignOn).toBeNull();
    expect(handed.lockbox!.members.map((x) => x.user.displayName)).toEqual(['Casey Contractor']);
    expect(handed.lockbox!.past).toMatchObject([{ user: { displayName: 'Wren Worker' }, removal: 'removed' }]);
    expect(handed.lockbox!.past[0]!.signedOffAt).not.toBeNull();
    // The incoming member is now the last one.
    const incoming = await mine('contractor', permit.ID);
    refused(await lockbox('contractor', permit.ID, 'sign-off', { applicationId: incoming }), 409);
    // Suspended is still the work: the same rule.
    const suspended = await call('admin', 'POST', `/api/permits/${permit.ID}/commands/suspend`, {
      reason: 'Gas alarm',
    });
    expect(suspended.json<Permit>().status).toBe('suspended');
    refused(await lockbox('contractor', permit.ID, 'sign-off', { applicationId: incoming }), 409);
  });

  it('only the member signs off: another crew member or the primary is refused', async () => {
    const permit = await withLockbox('active');
    await ok(await signOn('worker', permit.ID));
    await ok(await signOn('contractor', permit.ID));
    const wren = await mine('worker', permit.ID);
    for (const as of ['contractor', 'supervisor']) {
      expect(refused(await lockbox(as, permit.ID, 'sign-off', { applicationId: wren }), 403)).toBe(
        lockboxMessages.notSelf,
      );
    }
    expect((await view('worker', permit.ID)).lockbox!.members).toHaveLength(2);
    await ok(await lockbox('worker', permit.ID, 'sign-off', { applicationId: wren }));
    refused(await lockbox('worker', permit.ID, 'sign-off', { applicationId: wren }), 422);
  });

  it('after the work the last member signs off, the lock goes back to its owner (Issued)', async () => {
    const permit = await withLockbox('active');
    const lock = await newLock({ ownerId: ids.worker });
    await ok(await signOn('worker', permit.ID, lock.id));
    await permitCommand('contractor', permit.ID, 'complete-work');
    await ok(await lockbox('worker', permit.ID, 'sign-off', { applicationId: await mine('worker', permit.ID) }));
    const stored = await db().selectFrom('locks').select('status').where('id', '=', lock.id).executeTakeFirstOrThrow();
    expect(stored.status).toBe('issued');
  });
});

describe('releasing the lockbox and closing the permit', () => {
  it('no release while anyone is signed on or the work is under way; only the primary releases', async () => {
    const permit = await withLockbox('active');
    const lock = await newLock({ ownerId: ids.worker });
    await ok(await signOn('worker', permit.ID, lock.id));
    // Both block: the refusal names both.
    expect(refused(await lockbox('supervisor', permit.ID, 'release'), 409)).toBe(
      `The lockbox cannot be released while people are signed on: Wren Worker (lock ${lock.serial}). ${lockboxMessages.workUnderWay}`,
    );
    await permitCommand('contractor', permit.ID, 'complete-work');
    await ok(await lockbox('worker', permit.ID, 'sign-off', { applicationId: await mine('worker', permit.ID) }));
    expect(refused(await lockbox('worker', permit.ID, 'release'), 403)).toBe(lockboxMessages.notPrimary('release'));
    const released = await ok(await lockbox('supervisor', permit.ID, 'release'));
    expect(released.lockbox!.releasedBy).toMatchObject({ displayName: 'Sam Supervisor' });
    expect(released.lockbox!.past).toHaveLength(1);
    expect(released.allowed).toEqual([]);
    expect(refused(await signOn('worker', permit.ID), 409)).toBe(lockboxMessages.noOpenLockbox);
  });

  it('the lockbox device reads In use while the lockbox is open and goes back when it is released', async () => {
    const statusOf = async (lockId: number) =>
      (await db().selectFrom('locks').select('status').where('id', '=', lockId).executeTakeFirstOrThrow()).status;
    const owned = await newLock({ kind: 'lockbox', ownerId: ids.supervisor });
    const spare = await newLock({ kind: 'lockbox' });
    const first = await permitIn('approved');
    const second = await permitIn('approved');
    await ok(await lockbox('supervisor', first.ID, 'open', { primaryUserId: ids.supervisor, lockId: owned.id }));
    await ok(await lockbox('supervisor', second.ID, 'open', { primaryUserId: ids.supervisor, lockId: spare.id }));
    expect([await statusOf(owned.id), await statusOf(spare.id)]).toEqual(['in_use', 'in_use']);
    // In use comes and goes with the lockbox: the inventory's status commands are refused meanwhile.
    const retire = await call('admin', 'POST', `/api/locks/${spare.id}/commands/retire`, {});
    expect(retire.statusCode, retire.body).toBe(409);

    await ok(await lockbox('supervisor', first.ID, 'release'));
    await ok(await lockbox('supervisor', second.ID, 'release'));
    expect([await statusOf(owned.id), await statusOf(spare.id)]).toEqual(['issued', 'available']);
    // Free again: another permit's lockbox may take it.
    const third = await permitIn('approved');
    await ok(await lockbox('supervisor', third.ID, 'open', { primaryUserId: ids.supervisor, lockId: spare.id }));
    expect(await statusOf(spare.id)).toBe('in_use');
  });

  it('an active permit with an empty crew still keeps its lockbox until Complete work', async () => {
    const permit = await withLockbox('active');
    expect(refused(await lockbox('supervisor', permit.ID, 'release'), 409)).toBe(lockboxMessages.workUnderWay);
  });

  it('close is refused while anyone is signed on, naming them, and while the lockbox is not released, naming both at once', async () => {
    const permit = await withLockbox('active');
    const lock = await newLock({ ownerId: ids.worker });
    await ok(await signOn('worker', permit.ID, lock.id));
    await permitCommand('contractor', permit.ID, 'complete-work');
    await permitCommand('supervisor', permit.ID, 'de-isolate');
    const number = (await view('worker', permit.ID)).lockbox!.number;
    // Both block at once: the refusal names the crew member and the lockbox.
    expect(refused(await permitCommand('supervisor', permit.ID, 'close'), 409)).toBe(
      `The permit cannot close while these are in place: Signed on: Wren Worker (lock ${lock.serial}). ` +
        `Lockbox ${number} is not released: its primary authorized employee releases it before the permit closes.`,
    );
    const page = await call('supervisor', 'GET', `/api/permits/${permit.ID}`);
    expect(page.json<Permit>().allowedCommands).not.toContain('close');

    await ok(await lockbox('worker', permit.ID, 'sign-off', { applicationId: await mine('worker', permit.ID) }));
    expect(refused(await permitCommand('supervisor', permit.ID, 'close'), 409)).toBe(
      `Lockbox ${number} is not released: its primary authorized employee releases it before the permit closes.`,
    );
    await ok(await lockbox('supervisor', permit.ID, 'release'));
    const closed = await permitCommand('supervisor', permit.ID, 'close');
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json<Permit>().status).toBe('closed');
  });
});

describe('scoping and permissions', () => {
  it("answers 404 for another facility's permit on every lockbox route", async () => {
    const permit = await withLockbox('active');
    expect((await call('adminRiverside', 'GET', `/api/permits/${permit.ID}/lockbox`)).statusCode).toBe(404);
    for (const [verb, body] of [
      ['open', { primaryUserId: ids.admin, lockId: null }],
      ['deposit-keys', {}],
      ['sign-on', { lockId: (await newLock()).id }],
      ['sign-off', { applicationId: 1 }],
      ['release', {}],
    ] as const) {
      expect((await lockbox('adminRiverside', permit.ID, verb, body)).statusCode, verb).toBe(404);
    }
  });

  it('refuses a user who may not view the type (403), on the read and on sign-on', async () => {
    const permit = await withLockbox('active');
    expect((await call('outsider', 'GET', `/api/permits/${permit.ID}/lockbox`)).statusCode).toBe(403);
    expect(refused(await signOn('outsider', permit.ID, (await newLock()).id), 403)).toMatch(/permit:view:CREW/);
    expect((await t.app.inject({ method: 'GET', url: `/api/permits/${permit.ID}/lockbox` })).statusCode).toBe(401);
  });

  it('refuses every lockbox command on a type without crew sign-on', async () => {
    const gen = await db()
      .selectFrom('permit_types')
      .select('id')
      .where('facility_id', '=', 1)
      .where('code', '=', 'GEN')
      .executeTakeFirstOrThrow();
    const draft = await call('worker', 'POST', '/api/permits', {
      permitTypeId: gen.id,
      title: 'Paint the rail',
      description: '',
      workMethod: '',
      areaId: null,
      assetIds: [],
      plannedStart: start.toISOString(),
      plannedEnd: new Date(start.getTime() + 3_600_000).toISOString(),
      holderId: null,
      riskLevel: 'low',
    });
    const id = draft.json<Permit>().ID;
    expect(refused(await lockbox('admin', id, 'open', { primaryUserId: ids.admin, lockId: null }), 409)).toBe(
      'GEN permits have no crew sign-on: their type does not use a group lockbox.',
    );
  });
});
