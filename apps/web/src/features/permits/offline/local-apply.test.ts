import { describe, expect, it } from 'vitest';
import type {
  GasTestsView,
  PermitQuestions,
  QuestionVersion,
  IsolationPlan,
  Lock,
  OfflinePermit,
  Permit,
  PlanPoint,
  Tag,
} from '@hasp/contracts';
import { recordGasTestOffline, voidGasTestOffline } from './local-apply-gas';
import { answerQuestionOffline } from './local-apply-questions';
import { applicableLocksOffline, applyLockOffline, removeLockOffline } from './local-apply-locks';
import {
  applyPermitCommand,
  applyPlanCommand,
  applyTagCommand,
  baseVersionOf,
  localAlias,
  offlinePermitCommands,
  provisionalNumber,
  type LocalActor,
  type NameBook,
} from './local-apply';
import { draftPermit } from './create-offline';
import { permitPageId } from './page-id';

const now = new Date('2026-11-24T10:00:00Z');
const names: NameBook = {
  person: (id) => (id === 9 ? 'Nia Holder' : undefined),
  area: () => undefined,
  asset: () => undefined,
};
const issuer: LocalActor = {
  userId: 5,
  displayName: 'Ivo Issuer',
  permissions: new Set(['permit:view:LOTO', 'permit:issue:LOTO', 'permit:approve:LOTO']),
};
const requester: LocalActor = {
  userId: 3,
  displayName: 'Rae Requester',
  permissions: new Set(['permit:view:LOTO', 'permit:create:LOTO', 'permit:create-offline:LOTO']),
};

function permitOf(over: Partial<Permit> = {}): Permit {
  return {
    ID: 42,
    number: 'LOTO-000042',
    permitType: { ID: 1, code: 'LOTO', name: 'Lockout', icon: 'lock', color: '#c00', sections: ['isolation-plan'] },
    status: 'approved',
    title: 'Pump 3 seal',
    description: '',
    workMethod: '',
    area: null,
    assets: [],
    plannedStart: '2026-11-24T08:00:00Z',
    plannedEnd: '2026-11-24T16:00:00Z',
    requester: { ID: 3, displayName: 'Rae Requester' },
    holder: { ID: 9, displayName: 'Nia Holder' },
    issuer: null,
    approvals: [{ user: { ID: 5, displayName: 'Ivo Issuer' }, approvedAt: '2026-11-24T07:00:00Z' }],
    riskLevel: 'medium',
    revision: 1,
    version: 7,
    extensionCount: 0,
    statusReason: null,
    allowedCommands: ['isolate', 'cancel'],
    voidedAt: null,
    voidReason: null,
    createdAt: '2026-11-24T06:00:00Z',
    updatedAt: '2026-11-24T07:00:00Z',
    ...over,
  };
}

function pointOf(over: Partial<PlanPoint> = {}): PlanPoint {
  return {
    ID: 71,
    isolationPointId: 500,
    position: 1,
    state: 'pending',
    code: 'EV-1',
    location: 'Valve room',
    deviceType: 'Valve',
    normalPosition: 'Open',
    isolatedPosition: 'Closed',
    lockable: true,
    tagOnlyMeasure: '',
    verificationMethod: 'Try start',
    asset: { ID: 1, number: 'P-3' },
    component: { ID: 2, number: 'V-1', name: 'Valve' },
    isolated: null,
    verified: null,
    verifyMethod: null,
    verifyResult: null,
    testReleased: null,
    released: null,
    restored: null,
    heldBy: [],
    locks: [],
    tags: [{ ID: 801, number: 'T-801', state: 'printed', appliedBy: null }],
    ...over,
  };
}

function planOf(over: Partial<IsolationPlan> = {}): IsolationPlan {
  return {
    permitId: 42,
    permitNumber: 'LOTO-000042',
    permitStatus: 'approved',
    version: 4,
    notified: null,
    shutDown: null,
    storedEnergyReleased: null,
    areaInspected: null,
    peopleClear: null,
    releaseNotified: null,
    points: [pointOf()],
    nextStep: null,
    allowedVerbs: [],
    ...over,
  };
}

const tagOf = (over: Partial<Tag> = {}): Tag => ({
  ID: 801,
  number: 'T-801',
  permitId: 42,
  planPointId: 71,
  lockApplicationId: null,
  legend: null,
  reason: '',
  state: 'printed',
  point: { code: 'EV-1', location: 'Valve room' },
  printedAt: '2026-11-24T07:30:00Z',
  appliedBy: null,
  appliedAt: null,
  verifiedBy: null,
  verifiedAt: null,
  removedBy: null,
  removedAt: null,
  voidedAt: null,
  voidReason: null,
  missingAt: null,
  replacesTagId: null,
  statusToken: 'tok',
  version: 2,
  allowedCommands: ['apply'],
  ...over,
});

const offline = (permit = permitOf(), plan = planOf(), tags = [tagOf()]): OfflinePermit => ({
  permit,
  sections: { 'isolation-plan': plan, tags },
  versions: { permit: 7, 'isolation-plan': 4 },
});

/** A signed verb queued offline carries its password sealed to the server's key (checked at sync, not here). */
const sealed = { sealedSignature: { keyId: 1, ciphertext: 'c2VhbGVk' } };

describe('the lifecycle applied on the device', () => {
  it('moves the status by the state machine, keeps the server version and offers only queueable commands', () => {
    const result = applyPermitCommand(offline(), 'isolate', {}, issuer, names, now);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.permit.status).toBe('isolated');
    // The version stays the downloaded one: the server accepts the device's chain from it.
    expect(result.data.permit.version).toBe(7);
    expect(result.data.permit.allowedCommands).toEqual(['issue', 'de-isolate']);
    // The plan follows the permit's status.
    expect((result.data.sections['isolation-plan'] as IsolationPlan).permitStatus).toBe('isolated');
  });

  it('refuses what the state machine refuses, with its reason', () => {
    const result = applyPermitCommand(offline(permitOf({ status: 'draft' })), 'isolate', {}, issuer, names, now);
    expect(result).toMatchObject({ ok: false, status: 409 });
    if (!result.ok) expect(result.reason).toMatch(/Draft cannot be given the command "Isolate"/);
  });

  it('never approves offline: a signature needs the network', () => {
    const data = offline(permitOf({ status: 'requested', approvals: [] }));
    const result = applyPermitCommand(data, 'approve', { password: 'x' }, issuer, names, now);
    expect(result).toMatchObject({ ok: false, status: 409 });
    if (!result.ok) expect(result.reason).toMatch(/Approving needs the network/);
    expect(offlinePermitCommands(data.permit, issuer, now)).not.toContain('approve');
  });

  it("never rejects offline: the approvals it clears and the notice are the server's", () => {
    const data = offline(permitOf({ status: 'requested', approvals: [] }));
    const result = applyPermitCommand(data, 'reject', { reasonId: 3 }, issuer, names, now);
    expect(result).toMatchObject({ ok: false, status: 409 });
    if (!result.ok) expect(result.reason).toMatch(/^Rejecting needs the network/);
    expect(offlinePermitCommands(data.permit, issuer, now)).not.toContain('reject');
  });

  it('applies an edit through the REST body schema, and refuses an invalid one', () => {
    const data = offline(permitOf({ status: 'draft', approvals: [] }));
    const body = {
      title: '  Pump 3 seal, both sides ',
      description: 'd',
      workMethod: 'w',
      areaId: null,
      assetIds: [],
      plannedStart: '2026-11-24T08:00:00Z',
      plannedEnd: '2026-11-24T12:00:00Z',
      holderId: 9,
      riskLevel: 'high',
    };
    const result = applyPermitCommand(data, 'edit', body, requester, names, now);
    expect(result.ok && result.data.permit).toMatchObject({ title: 'Pump 3 seal, both sides', riskLevel: 'high' });
    const bad = applyPermitCommand(
      data,
      'edit',
      { ...body, plannedEnd: '2026-11-24T07:00:00Z' },
      requester,
      names,
      now,
    );
    expect(bad).toMatchObject({ ok: false, status: 422 });
  });

  it('refuses accept before the permit’s start, naming it in UTC with its offset (the device knows no time zone); allows it from the start', () => {
    const holder: LocalActor = { userId: 9, displayName: 'Nia Holder', permissions: new Set(['permit:view:LOTO']) };
    const data = offline(
      permitOf({
        status: 'issued',
        issuer: { ID: 5, displayName: 'Ivo Issuer' },
        plannedStart: '2026-11-25T00:23:00Z',
        plannedEnd: '2026-11-25T08:23:00Z',
      }),
    );
    const early = new Date('2026-11-24T23:57:00Z');
    expect(applyPermitCommand(data, 'accept', sealed, holder, names, early)).toEqual({
      ok: false,
      status: 409,
      reason: 'The permit is valid from 2026-11-25 00:23 +00:00: it can be accepted, and work can start, from then.',
      // The same words as a caption, so the refusal reads in the user's language offline too.
      said: {
        caption: 'Message|Rules_Permit_Lifecycle|validFrom',
        values: { start: '2026-11-25 00:23 +00:00' },
        terms: {},
      },
    });
    expect(offlinePermitCommands(data.permit, holder, early)).not.toContain('accept');
    const atStart = applyPermitCommand(data, 'accept', sealed, holder, names, new Date('2026-11-25T00:23:00Z'));
    expect(atStart.ok && atStart.data.permit.status).toBe('active');
  });

  it('names the new holder of a hand-over from the device’s people', () => {
    const data = offline(permitOf({ status: 'active', holder: { ID: 5, displayName: 'Ivo Issuer' }, issuer: null }));
    const notes = { abnormalConditions: 'Valve V-3 passing', workRemaining: 'Refit the guard', locksStaying: [] };
    const result = applyPermitCommand(data, 'hand-over', { newHolderId: 9, ...notes, ...sealed }, issuer, names, now);
    expect(result.ok && result.data.permit.holder).toEqual({ ID: 9, displayName: 'Nia Holder' });
    expect(result.ok && result.data.permit.status).toBe('issued');
    // The notes wait on the copy for the new holder, who accepts only acknowledging them (as the server decides).
    expect(result.ok && result.data.permit.pendingHandover).toMatchObject({
      to: { ID: 9, displayName: 'Nia Holder' },
      abnormalConditions: 'Valve V-3 passing',
      workRemaining: 'Refit the guard',
      acknowledged: null,
    });
  });

  it('the new holder accepts a hand-over made on the device only acknowledging its notes', () => {
    const nia: LocalActor = { userId: 9, displayName: 'Nia Holder', permissions: new Set(['permit:view:LOTO']) };
    const handedOver = applyPermitCommand(
      offline(permitOf({ status: 'active', holder: { ID: 5, displayName: 'Ivo Issuer' }, issuer: null })),
      'hand-over',
      { newHolderId: nia.userId, abnormalConditions: 'None', workRemaining: 'None', locksStaying: [], ...sealed },
      issuer,
      names,
      now,
    );
    if (!handedOver.ok) throw new Error(handedOver.reason);
    const issued = {
      ...handedOver.data,
      permit: { ...handedOver.data.permit, issuer: { ID: 5, displayName: 'Ivo Issuer' } },
    };
    expect(applyPermitCommand(issued, 'accept', sealed, nia, names, now)).toMatchObject({ ok: false, status: 422 });
    const accepted = applyPermitCommand(issued, 'accept', { ...sealed, acknowledgesHandover: true }, nia, names, now);
    expect(accepted.ok && accepted.data.permit.status).toBe('active');
    expect(accepted.ok && accepted.data.permit.pendingHandover).toBeNull();
  });
});

describe('the isolation plan and tags applied on the device', () => {
  it('walks the plan steps in order by the plan rules', () => {
    let data = offline();
    for (const [verb, input] of [
      ['notify', {}],
      ['shut-down', {}],
      ['isolate-point', { planPointId: 71 }],
    ] as const) {
      const result = applyPlanCommand(data, verb, input, issuer, now);
      expect(result.ok, verb).toBe(true);
      if (result.ok) data = result.data;
    }
    const plan = data.sections['isolation-plan'] as IsolationPlan;
    expect(plan.points[0]).toMatchObject({ state: 'isolated', isolated: { by: { ID: 5 } } });
    expect(plan.nextStep).toBe('Apply the lock and tag on EV-1');
    // Verifying before the lock, the tag and stored energy: the rule's own sentence.
    const early = applyPlanCommand(
      data,
      'verify-point',
      { planPointId: 71, method: 'm', outcome: 'pass', result: 'r' },
      issuer,
      now,
    );
    expect(early).toMatchObject({ ok: false, status: 409, reason: 'Apply the lock and tag on EV-1 first.' });
    // A try-out without its outcome (and no typed result of an earlier app) or method is refused as the server refuses it.
    const noOutcome = applyPlanCommand(data, 'verify-point', { planPointId: 71, method: 'm' }, issuer, now);
    expect(noOutcome).toMatchObject({ ok: false, status: 422 });
    const noMethod = applyPlanCommand(data, 'verify-point', { planPointId: 71, outcome: 'pass' }, issuer, now);
    expect(noMethod).toMatchObject({ ok: false, status: 422 });
  });

  it('refuses a step out of order with the rule’s reason', () => {
    const result = applyPlanCommand(offline(), 'shut-down', {}, issuer, now);
    expect(result).toMatchObject({ ok: false, status: 409, reason: 'Notify the affected employees first.' });
  });

  it('applies a tag forward only and shows it on the plan point', () => {
    const result = applyTagCommand(offline(), 'apply', { tagId: 801 }, issuer, now);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const tag = (result.data.sections.tags as Tag[])[0]!;
    expect(tag).toMatchObject({ state: 'applied', appliedBy: { ID: 5 }, version: 2 });
    expect(tag.allowedCommands).toEqual(['verify', 'remove', 'report-missing']);
    expect((result.data.sections['isolation-plan'] as IsolationPlan).points[0]!.tags[0]!.state).toBe('applied');
    const again = applyTagCommand(result.data, 'apply', { tagId: 801 }, issuer, now);
    expect(again).toMatchObject({ ok: false, status: 409 });
  });
});

const lockOf = (over: Partial<Lock> = {}): Lock => ({
  ID: 61,
  serial: 'L-061',
  kind: 'padlock',
  colour: null,
  owner: null,
  status: 'available',
  note: '',
  version: 1,
  updatedAt: '2026-11-24T06:00:00Z',
  where: null,
  // A pool lock handed to the permit under test (decision 0114).
  assignedPermit: { ID: permitOf().ID, number: 'LOTO-000042' },
  ...over,
});
const worker: LocalActor = { userId: 8, displayName: 'Wren Worker', permissions: new Set(['permit:view:LOTO']) };
const uuid = '0b5e7f2a-1c3d-4e5f-8a9b-0c1d2e3f4a5b';
/** A plan shut down with EV-1 isolated and EV-2 still pending. */
const isolated = () =>
  offline(
    permitOf(),
    planOf({
      notified: { by: { ID: 5, displayName: 'Ivo Issuer' }, at: '2026-11-24T08:00:00Z' },
      shutDown: { by: { ID: 5, displayName: 'Ivo Issuer' }, at: '2026-11-24T08:05:00Z' },
      points: [pointOf({ state: 'isolated' }), pointOf({ ID: 72, code: 'EV-2', tags: [] })],
    }),
  );

describe('locks applied and removed on the device (decision 0064)', () => {
  const locks = [
    lockOf(),
    lockOf({ ID: 62, serial: 'L-062', owner: { ID: 5, displayName: 'Ivo Issuer' }, status: 'issued' }),
  ];

  it('applies a lock at an isolated point with a local id the later remove names, and takes it off the picker', () => {
    const result = applyLockOffline(isolated(), { lockId: 61, planPointId: 71 }, worker, locks, now, uuid);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const point = (result.data.sections['isolation-plan'] as IsolationPlan).points[0]!;
    expect(point.locks).toEqual([
      {
        applicationId: localAlias(uuid),
        lockId: 61,
        serial: 'L-061',
        appliedBy: { ID: 8, displayName: 'Wren Worker' },
        appliedAt: now.toISOString(),
        localId: `local:${uuid}`,
      },
    ]);
    // The point's waiting tag went on with the lock, as the server's lock.apply hangs it.
    expect(point.tags[0]).toMatchObject({ state: 'applied', appliedBy: { ID: 8 }, lockSerial: 'L-061' });
    expect((result.data.sections.tags as Tag[])[0]).toMatchObject({ state: 'applied', appliedBy: { ID: 8 } });
    expect(result.input).toEqual({ lockId: 61, planPointId: 71, localId: `local:${uuid}` });
    expect(result.answer).toMatchObject({ ID: localAlias(uuid), planPointId: 71, lock: { status: 'in_use' } });
    expect(result.locks.find((l) => l.ID === 61)!.status).toBe('in_use');
    expect(applicableLocksOffline(result.data, result.locks).map((l) => l.ID)).toEqual([62]);
    // Still on the plan after the list is downloaded again (status Available there): not offered twice.
    expect(applicableLocksOffline(result.data, locks).map((l) => l.ID)).toEqual([62]);

    // A lock on one point at a time: the rule's own words, naming where it is.
    const twice = applyLockOffline(result.data, { lockId: 61, planPointId: 71 }, worker, result.locks, now, uuid);
    expect(twice).toMatchObject({
      ok: false,
      status: 409,
      reason: 'Lock L-061 is already applied on permit LOTO-000042 at point EV-1',
    });

    const removed = removeLockOffline(result.data, { applicationId: localAlias(uuid) }, worker, result.locks, now);
    expect(removed.ok).toBe(true);
    if (!removed.ok) return;
    expect(removed.input).toEqual({ applicationId: `local:${uuid}` });
    expect((removed.data.sections['isolation-plan'] as IsolationPlan).points[0]!.locks).toEqual([]);
    expect(removed.locks.find((l) => l.ID === 61)!.status).toBe('available');
    expect(removed.answer).toMatchObject({ removal: 'removed', removedAt: now.toISOString() });
  });

  it('refuses what the server’s rules refuse: a pending point, a lock issued to someone else, another’s removal', () => {
    expect(applyLockOffline(isolated(), { lockId: 61, planPointId: 72 }, worker, locks, now, uuid)).toMatchObject({
      ok: false,
      status: 409,
      reason:
        'Point EV-2 is Pending: lock L-061 goes on a point once it is isolated and before it is restored or released',
      said: {
        caption: 'Message|Rules_Lock_Apply|pointNotHolding',
        terms: { state: 'Label|IsolationPlan_PointState|pending' },
      },
    });
    expect(applyLockOffline(isolated(), { lockId: 62, planPointId: 71 }, worker, locks, now, uuid)).toMatchObject({
      ok: false,
      status: 409,
      reason: 'Lock L-062 is issued to Ivo Issuer: only they apply it',
    });
    // A pool lock of another permit, or of none: not offered here, and refused naming where it is assigned.
    const elsewhere = lockOf({ ID: 63, serial: 'L-063', assignedPermit: { ID: 999, number: 'LOTO-000999' } });
    const nowhere = lockOf({ ID: 64, serial: 'L-064', assignedPermit: null });
    const withPool = [...locks, elsewhere, nowhere];
    expect(applicableLocksOffline(isolated(), withPool).map((l) => l.ID)).toEqual([61, 62]);
    expect(applyLockOffline(isolated(), { lockId: 63, planPointId: 71 }, worker, withPool, now, uuid)).toMatchObject({
      ok: false,
      status: 409,
      reason: 'Lock L-063 is not assigned to this permit: it is assigned to permit LOTO-000999',
    });
    expect(applyLockOffline(isolated(), { lockId: 64, planPointId: 71 }, worker, withPool, now, uuid)).toMatchObject({
      reason:
        'Lock L-064 is not assigned to this permit: it is assigned to no permit. Whoever issues the permit assigns it first',
    });
    const mine = applyLockOffline(isolated(), { lockId: 62, planPointId: 71 }, issuer, locks, now, uuid);
    expect(mine.ok).toBe(true);
    if (!mine.ok) return;
    // Only the applier removes: the server's 403 and sentence.
    expect(removeLockOffline(mine.data, { applicationId: localAlias(uuid) }, worker, mine.locks, now)).toMatchObject({
      ok: false,
      status: 403,
      reason: 'Lock L-062 was applied by Ivo Issuer: only they remove it',
    });
    const back = removeLockOffline(mine.data, { applicationId: localAlias(uuid) }, issuer, mine.locks, now);
    // An owner's lock goes back to Issued.
    expect(back.ok && back.locks.find((l) => l.ID === 62)!.status).toBe('issued');
    // Without the permit's view permission nothing is applied.
    const stranger: LocalActor = { ...worker, permissions: new Set() };
    expect(applyLockOffline(isolated(), { lockId: 61, planPointId: 71 }, stranger, locks, now, uuid)).toMatchObject({
      ok: false,
      status: 403,
    });
  });

  it('a lock applied online is removed by its server id, and the lock and tag make the point protected', () => {
    const point = pointOf({
      state: 'isolated',
      tags: [{ ID: 801, number: 'T-801', state: 'applied', appliedBy: { ID: 8, displayName: 'Wren Worker' } }],
    });
    const data = offline(
      permitOf(),
      planOf({ ...(isolated().sections['isolation-plan'] as IsolationPlan), points: [point] }),
    );
    const applied = applyLockOffline(data, { lockId: 61, planPointId: 71 }, worker, locks, now, uuid);
    expect(applied.ok).toBe(true);
    if (!applied.ok) return;
    expect((applied.data.sections['isolation-plan'] as IsolationPlan).nextStep).toBe('Release stored energy');
    const online = offline(
      permitOf(),
      planOf({
        points: [
          pointOf({
            state: 'isolated',
            locks: [
              {
                applicationId: 900,
                lockId: 61,
                serial: 'L-061',
                appliedBy: { ID: 8, displayName: 'Wren Worker' },
                appliedAt: now.toISOString(),
              },
            ],
          }),
        ],
      }),
    );
    const removed = removeLockOffline(online, { applicationId: 900 }, worker, locks, now);
    expect(removed.ok && removed.input).toEqual({ applicationId: 900 });
    expect(baseVersionOf(online, 'lock.remove')).toBe(7);
  });
});

const gasView = (over: Partial<GasTestsView> = {}): GasTestsView => ({
  permitId: 42,
  version: 3,
  retestMinutes: 120,
  refusal: 'Gas test: record a gas test before the permit is issued.',
  parameters: [
    { ID: 1, code: 'O2', name: 'Oxygen', unit: '%', lowLimit: 19.5, highLimit: 23.5, isActive: true, sortOrder: 1 },
    {
      ID: 2,
      code: 'H2S',
      name: 'Hydrogen sulphide',
      unit: 'ppm',
      lowLimit: null,
      highLimit: 10,
      isActive: true,
      sortOrder: 2,
    },
  ],
  instruments: [{ ID: 7, name: 'Quad detector', serial: 'QD-7', calibrationDue: '2026-12-31', isActive: true }],
  tests: [],
  canRecord: true,
  canVoid: true,
  ...over,
});
const withGas = (view = gasView(), status: Permit['status'] = 'isolated'): OfflinePermit => ({
  permit: permitOf({
    status,
    permitType: { ID: 2, code: 'HOT', name: 'Hot work', icon: 'flame', color: '#f80', sections: ['gas-tests'] },
  }),
  sections: { 'gas-tests': view },
  versions: { permit: 7, 'gas-test': 3 },
});
const gasTester: LocalActor = {
  userId: 8,
  displayName: 'Wren Worker',
  permissions: new Set(['permit:view:HOT', 'gas:test']),
};
const reading = (o2: number, h2s: number) => ({
  readings: [
    { parameterId: 1, value: o2 },
    { parameterId: 2, value: h2s },
  ],
  instrumentId: 7,
  location: 'Tank 4 manway',
});

describe('gas tests recorded on the device (decision 0064)', () => {
  it('records the readings with the device time and the limits they were taken against; the issue refusal follows', () => {
    const result = recordGasTestOffline(withGas(), reading(20.9, 0), gasTester, now, uuid);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const view = result.data.sections['gas-tests'] as GasTestsView;
    expect(view.tests[0]).toMatchObject({
      ID: localAlias(uuid),
      testedAt: now.toISOString(),
      tester: { ID: 8, name: 'Wren Worker' },
      inLimits: true,
      readings: [
        { code: 'O2', value: 20.9, lowLimit: 19.5, highLimit: 23.5, inLimits: true },
        { code: 'H2S', value: 0, inLimits: true },
      ],
    });
    expect(view.refusal).toBeNull();
    expect(view.version).toBe(3);
    expect(result.input).toEqual({ ...reading(20.9, 0), testedAt: now.toISOString(), localId: `local:${uuid}` });
    expect(baseVersionOf(result.data, 'gas-test.record')).toBe(3);

    // Out of limits: recorded (a reading is a fact), and issuing is refused in the server's words.
    const bad = recordGasTestOffline(result.data, reading(20.9, 12), gasTester, now, uuid);
    const words = (measured: string) =>
      `Gas test: H2S 12 ppm is above the limit of 10 ppm (measured ${measured} UTC). ` +
      'A passing re-test measured and recorded after it must clear it before the permit is issued.';
    const at = now.toISOString().slice(0, 16).replace('T', ' ');
    expect(bad.ok && (bad.data.sections['gas-tests'] as GasTestsView).refusal).toBe(words(at));
    if (!bad.ok) return;
    // A pass measured before the failure (back-dated) clears nothing; one measured after it does.
    const before = { ...reading(20.9, 0), testedAt: new Date(now.getTime() - 60_000).toISOString() };
    const backDated = recordGasTestOffline(bad.data, before, gasTester, now, uuid);
    expect(backDated.ok && (backDated.data.sections['gas-tests'] as GasTestsView).refusal).toBe(words(at));
    if (!backDated.ok) return;
    const after = { ...reading(20.9, 0), testedAt: new Date(now.getTime() + 60_000).toISOString() };
    const cleared = recordGasTestOffline(backDated.data, after, gasTester, now, uuid);
    expect(cleared.ok && (cleared.data.sections['gas-tests'] as GasTestsView).refusal).toBeNull();
  });

  it('refuses what the server refuses: a missing reading, an instrument past calibration, the wrong status, no permission', () => {
    const missing = { ...reading(20.9, 0), readings: [{ parameterId: 1, value: 20.9 }] };
    expect(recordGasTestOffline(withGas(), missing, gasTester, now, uuid)).toEqual({
      ok: false,
      status: 422,
      reason: 'Readings: no reading for H2S (Hydrogen sulphide)',
    });
    const stale = gasView({
      instruments: [{ ID: 7, name: 'Quad detector', serial: 'QD-7', calibrationDue: '2026-11-01', isActive: true }],
    });
    expect(recordGasTestOffline(withGas(stale), reading(20.9, 0), gasTester, now, uuid)).toMatchObject({
      ok: false,
      status: 422,
      reason: expect.stringMatching(/^Instrument: Quad detector \(serial QD-7\) was due for calibration on 2026-11-01/),
    });
    expect(recordGasTestOffline(withGas(gasView(), 'closed'), reading(20.9, 0), gasTester, now, uuid)).toMatchObject({
      ok: false,
      status: 409,
    });
    const stranger: LocalActor = { ...gasTester, permissions: new Set() };
    expect(recordGasTestOffline(withGas(), reading(20.9, 0), stranger, now, uuid)).toMatchObject({
      ok: false,
      status: 403,
    });
    const future = { ...reading(20.9, 0), testedAt: new Date(now.getTime() + 3_600_000).toISOString() };
    expect(recordGasTestOffline(withGas(), future, gasTester, now, uuid)).toMatchObject({
      ok: false,
      status: 422,
      reason: expect.stringMatching(/a device clock may run at most 5 minutes ahead of the server's/),
    });
    // The tester is the signed-in person; recording needs gas:test.
    const named = { ...reading(20.9, 0), testerName: 'Pat (Acme)' };
    expect(recordGasTestOffline(withGas(), named, gasTester, now, uuid)).toMatchObject({
      ok: false,
      status: 422,
    });
    const viewer: LocalActor = { ...gasTester, permissions: new Set(['permit:view:HOT']) };
    expect(recordGasTestOffline(withGas(), reading(20.9, 0), viewer, now, uuid)).toMatchObject({
      ok: false,
      status: 403,
      reason: expect.stringMatching(/gas:test/),
    });
  });
});

describe('gas tests voided on the device (decision 0067)', () => {
  it('voids a test recorded here by its local id with the reason; issuing is refused again; a second void is refused', () => {
    const recorded = recordGasTestOffline(withGas(), reading(20.9, 0), gasTester, now, uuid);
    if (!recorded.ok) throw new Error(recorded.reason);
    const voided = voidGasTestOffline(
      recorded.data,
      { testId: localAlias(uuid), reason: 'Wrong tank' },
      gasTester,
      now,
    );
    expect(voided.ok).toBe(true);
    if (!voided.ok) return;
    expect(voided.input).toEqual({ testId: `local:${uuid}`, reason: 'Wrong tank' });
    const view = voided.data.sections['gas-tests'] as GasTestsView;
    expect(view.tests[0]!.voided).toEqual({ at: now.toISOString(), by: 'Wren Worker', reason: 'Wrong tank' });
    expect(view.refusal).toBe('Gas test: record a gas test before the permit is issued.');
    expect(baseVersionOf(voided.data, 'gas-test.void')).toBe(3);
    expect(
      voidGasTestOffline(voided.data, { testId: localAlias(uuid), reason: 'Again' }, gasTester, now),
    ).toMatchObject({ ok: false, status: 409, reason: 'This gas test is already voided.' });
  });

  it('refuses what the server refuses: no reason, someone else’s test without issuing, a test not stored', () => {
    const recorded = recordGasTestOffline(withGas(), reading(20.9, 0), gasTester, now, uuid);
    if (!recorded.ok) throw new Error(recorded.reason);
    const id = localAlias(uuid);
    expect(voidGasTestOffline(recorded.data, { testId: id, reason: ' ' }, gasTester, now)).toMatchObject({
      ok: false,
      status: 422,
    });
    const other: LocalActor = { userId: 9, displayName: 'Nia Holder', permissions: new Set(['permit:view:HOT']) };
    expect(voidGasTestOffline(recorded.data, { testId: id, reason: 'Wrong tank' }, other, now)).toMatchObject({
      ok: false,
      status: 403,
    });
    const issuerToo: LocalActor = { ...other, permissions: new Set(['permit:view:HOT', 'permit:issue:HOT']) };
    expect(voidGasTestOffline(recorded.data, { testId: id, reason: 'Wrong tank' }, issuerToo, now).ok).toBe(true);
    expect(voidGasTestOffline(recorded.data, { testId: 555, reason: 'Wrong tank' }, gasTester, now)).toMatchObject({
      ok: false,
      status: 404,
    });
  });
});

const barricaded: QuestionVersion = {
  ID: 301,
  questionID: 30,
  version: 2,
  text: 'Is the area barricaded?',
  answerType: 'yes_no_na',
  choices: [],
  isMandatory: true,
  blockingAnswer: 'no',
  minValue: null,
  maxValue: null,
  createdBy: 'admin',
  createdAt: '2026-11-01T00:00:00Z',
};
const withQuestions = (status: Permit['status'] = 'draft'): OfflinePermit => ({
  permit: permitOf({
    status,
    permitType: { ID: 1, code: 'LOTO', name: 'Lockout', icon: 'lock', color: '#c00', sections: ['questions'] },
  }),
  sections: {
    questions: {
      permitId: 42,
      version: 5,
      canAnswer: true,
      stages: [
        {
          stage: 'request',
          isOpen: true,
          problems: ['Question "Is the area barricaded?" must be answered before the permit is requested.'],
          questions: [{ question: barricaded, answer: null }],
        },
      ],
    } satisfies PermitQuestions,
  },
  versions: { permit: 7, 'permit-questions': 5 },
});
const answer = (value: string) => ({ questionId: 30, stage: 'request', questionVersionId: 301, answer: value });

describe('question answers given on the device (decision 0064)', () => {
  it('answers by the server’s rules and words the stage’s problems again', () => {
    const result = answerQuestionOffline(withQuestions(), 'answer', answer('yes'), requester, now, uuid);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const stage = (result.data.sections.questions as PermitQuestions).stages[0]!;
    expect(stage.problems).toEqual([]);
    expect(stage.questions[0]!.answer).toEqual({
      ID: localAlias(uuid),
      value: 'yes',
      answeredBy: { ID: 3, displayName: 'Rae Requester' },
      answeredAt: now.toISOString(),
      localId: `local:${uuid}`,
    });
    expect(baseVersionOf(result.data, 'permit-questions.answer')).toBe(5);
    // Answered once: a second answer is refused in the server's words.
    expect(answerQuestionOffline(result.data, 'answer', answer('no'), requester, now, uuid)).toMatchObject({
      ok: false,
      status: 409,
    });
  });

  it('an answer given here is changed before it synced, and changed again: each change names the one before by its local id (decision 0067)', () => {
    const first = answerQuestionOffline(withQuestions(), 'answer', answer('yes'), requester, now, uuid);
    if (!first.ok) throw new Error(first.reason);
    expect(first.input).toEqual({ ...answer('yes'), localId: `local:${uuid}` });
    const second = '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d';
    const change = { questionId: 30, stage: 'request', answerId: localAlias(uuid), answer: 'na' };
    const changed = answerQuestionOffline(first.data, 'change-answer', change, requester, now, second);
    if (!changed.ok) throw new Error(changed.reason);
    expect(changed.input).toEqual({ ...change, answerId: `local:${uuid}`, localId: `local:${second}` });
    const entry = (changed.data.sections.questions as PermitQuestions).stages[0]!.questions[0]!;
    expect(entry.answer).toMatchObject({ ID: localAlias(second), value: 'na' });
    // The page names the answer it shows now; the one it replaced is refused as stale, in the server's words.
    const third = '2b3c4d5e-6f7a-4b2c-9d3e-4f5a6b7c8d9e';
    const again = answerQuestionOffline(
      changed.data,
      'change-answer',
      { ...change, answerId: localAlias(second), answer: 'yes' },
      requester,
      now,
      third,
    );
    expect(again.ok && again.input).toMatchObject({ answerId: `local:${second}`, localId: `local:${third}` });
    expect(answerQuestionOffline(changed.data, 'change-answer', change, requester, now, third)).toMatchObject({
      ok: false,
      status: 409,
      reason: expect.stringMatching(/^Someone changed the answer/),
    });
    // Both are links of the questions' chain: based on the downloaded version.
    expect(baseVersionOf(changed.data, 'permit-questions.change-answer')).toBe(5);
  });

  it('a blocking answer is recorded and stops the step; a wrong type, a closed stage, no permission are refused', () => {
    const blocking = answerQuestionOffline(withQuestions(), 'answer', answer('no'), requester, now, uuid);
    expect(blocking.ok && (blocking.data.sections.questions as PermitQuestions).stages[0]!.problems).toEqual([
      'Question "Is the area barricaded?" is answered "No": this answer stops the permit from being requested.',
    ]);
    expect(answerQuestionOffline(withQuestions(), 'answer', answer('maybe'), requester, now, uuid)).toEqual({
      ok: false,
      status: 422,
      reason: '"Is the area barricaded?": answer Yes, No or N.A.',
    });
    expect(
      answerQuestionOffline(withQuestions('approved'), 'answer', answer('yes'), requester, now, uuid),
    ).toMatchObject({
      ok: false,
      status: 409,
      reason: expect.stringMatching(
        /^The request questions can be answered only while the permit is Draft or Requested/,
      ),
    });
    expect(answerQuestionOffline(withQuestions(), 'answer', answer('yes'), worker, now, uuid)).toMatchObject({
      ok: false,
      status: 403,
    });
  });
});

describe('versions and provisional numbers', () => {
  it('bases each command on the downloaded version of its record', () => {
    const data = offline();
    expect(baseVersionOf(data, 'permit.isolate')).toBe(7);
    expect(baseVersionOf(data, 'isolation-plan.notify', 99)).toBe(4);
    expect(baseVersionOf(data, 'tag.apply', 2)).toBe(2);
    expect(baseVersionOf(data, 'permit.create')).toBeNull();
  });

  it('numbers a permit made here provisionally and gives it a stable negative page id', () => {
    const uuid = '0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9';
    expect(provisionalNumber('LOTO', uuid, now)).toBe('OFF-LOTO-20261124-0F1E');
    expect(localAlias(uuid)).toBeLessThan(0);
    expect(localAlias(uuid)).toBe(localAlias(uuid));
    expect(permitPageId(`local:${uuid}`)).toBe(localAlias(uuid));
    expect(permitPageId('42')).toBe(42);
  });

  it('makes a draft the requester may request, with an empty plan and no approving', () => {
    const uuid = '0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9';
    const type = {
      ID: 1,
      code: 'LOTO',
      name: 'Lockout',
      icon: 'lock',
      color: '#c00',
      maxValidityHours: 12,
      maxExtensions: 0,
      sections: ['isolation-plan' as const],
    };
    const body = {
      permitTypeId: 1,
      title: 'New offline',
      description: '',
      workMethod: '',
      areaId: 4,
      assetIds: [],
      plannedStart: '2026-11-24T10:00:00Z',
      plannedEnd: '2026-11-24T12:00:00Z',
      holderId: null,
      riskLevel: null,
    };
    const values = {
      title: 'New offline',
      description: '',
      workMethod: '',
      area: { ID: 4, label: 'A-4 · Boiler house' },
      assets: [],
      plannedStart: '',
      plannedEnd: '',
      holder: null,
      riskLevel: null,
    };
    const data = draftPermit(type, ['isolation-plan'], body, values, requester, uuid, now);
    expect(data.permit).toMatchObject({
      ID: localAlias(uuid),
      number: 'OFF-LOTO-20261124-0F1E',
      status: 'draft',
      version: 0,
      area: { ID: 4, number: 'A-4', name: 'Boiler house' },
      requester: { ID: 3 },
    });
    expect(data.permit.allowedCommands).toEqual(['edit', 'request', 'cancel']);
    expect((data.sections['isolation-plan'] as IsolationPlan).nextStep).toBe('Add the isolation points to the plan');
  });
});
