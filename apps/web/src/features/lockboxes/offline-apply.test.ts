import { describe, expect, it } from 'vitest';
import { lockboxMessages, type Lock, type LockboxView, type OfflinePermit, type Permit } from '@hasp/contracts';
import { baseVersionOf, localAlias, type LocalActor } from '../../lib/offline-apply';
import { lockboxCommandOffline, lockboxViewOffline } from './offline-apply';

const now = new Date('2026-11-24T10:00:00Z');
const uuid = '0b1c2d3e-4f50-4617-8899-aabbccddeeff';
const crew = (userId: number, displayName: string): LocalActor => ({
  userId,
  displayName,
  permissions: new Set(['permit:view:CREW']),
});
const worker = crew(3, 'Wes Worker');
const other = crew(8, 'Cora Contractor');
const primary: LocalActor = {
  userId: 5,
  displayName: 'Sam Supervisor',
  permissions: new Set(['permit:view:CREW', 'permit:issue:CREW']),
};

const permit = (status: Permit['status']) =>
  ({
    ID: 42,
    number: 'CREW-000042',
    permitType: { ID: 1, code: 'CREW', name: 'Crew', icon: 'lock', color: '#c00', sections: ['crew-sign-on'] },
    status,
    version: 7,
  }) as Permit;

const member = (userId: number, name: string, applicationId: number) => ({
  applicationId,
  user: { ID: userId, displayName: name },
  lock: { ID: 900 + userId, serial: `PL-${userId}` },
  signedOnAt: '2026-11-24T08:00:00Z',
  signedOffAt: null,
  removal: null,
  tag: null,
});

function crewView(
  over: Partial<NonNullable<LockboxView['lockbox']>> = {},
  myLocks = [{ ID: 31, serial: 'PL-31' }],
): LockboxView {
  return {
    permitId: 42,
    tagPerPersonalLock: false,
    lockbox: {
      ID: 12,
      number: 'LB-0012',
      device: null,
      primary: { ID: 5, displayName: 'Sam Supervisor' },
      keysDepositedAt: '2026-11-24T07:30:00Z',
      keysDepositedBy: { ID: 5, displayName: 'Sam Supervisor' },
      openedAt: '2026-11-24T07:00:00Z',
      releasedAt: null,
      releasedBy: null,
      version: 3,
      members: [member(8, 'Cora Contractor', 501)],
      past: [],
      ...over,
    },
    mySignOn: null,
    myLocks,
    devices: [],
    allowed: [],
    blocked: null,
  };
}

const offline = (status: Permit['status'] = 'active', view = crewView()): OfflinePermit => ({
  permit: permit(status),
  sections: { 'crew-sign-on': view },
  versions: { permit: 7, lockbox: 3 },
});
const locks: Lock[] = [
  { ID: 31, serial: 'PL-31', status: 'issued', owner: { ID: 3, displayName: 'Wes Worker' } } as Lock,
];

describe('the crew lockbox on the device (decision 0067)', () => {
  it('signs the worker on with a local id the later sign-off names, and the section shows them protected', () => {
    const on = lockboxCommandOffline(offline(), 'sign-on', { lockId: 31 }, worker, locks, now, uuid);
    expect(on.ok).toBe(true);
    if (!on.ok) return;
    const view = on.answer as LockboxView;
    expect(view.mySignOn).toMatchObject({
      applicationId: localAlias(uuid),
      lock: { serial: 'PL-31' },
      signedOnAt: now.toISOString(),
    });
    expect(view.lockbox!.members.map((m) => m.user.displayName)).toEqual(['Cora Contractor', 'Wes Worker']);
    expect(view.allowed).toEqual(['sign-off']);
    expect(on.input).toEqual({ lockId: 31, localId: `local:${uuid}` });
    expect(on.locks?.find((l) => l.ID === 31)?.status).toBe('in_use');
    // Checked against the lockbox's downloaded version (the server decides sign-ons by its rules).
    expect(baseVersionOf(on.data, 'lockbox.sign-on')).toBe(3);

    const off = lockboxCommandOffline(
      on.data,
      'sign-off',
      { applicationId: localAlias(uuid) },
      worker,
      on.locks!,
      now,
      uuid,
    );
    expect(off.ok).toBe(true);
    if (!off.ok) return;
    expect(off.input).toEqual({ applicationId: `local:${uuid}` });
    const after = off.answer as LockboxView;
    expect(after.mySignOn).toBeNull();
    expect(after.lockbox!.past[0]).toMatchObject({
      user: { ID: 3 },
      signedOffAt: now.toISOString(),
      removal: 'removed',
    });
    expect(after.allowed).toContain('sign-on');
    expect(off.locks?.find((l) => l.ID === 31)?.status).toBe('issued');
  });

  it('refuses what the server refuses, with its words: keys not deposited, already signed on, the last member during the work', () => {
    const noKeys = offline('active', crewView({ keysDepositedAt: null, keysDepositedBy: null }));
    expect(lockboxCommandOffline(noKeys, 'sign-on', { lockId: 31 }, worker, locks, now, uuid)).toEqual({
      ok: false,
      status: 409,
      reason: lockboxMessages.keysNotDeposited,
    });
    expect(lockboxViewOffline(noKeys, worker)?.blocked).toBe(lockboxMessages.keysNotDeposited);
    const on = offline(
      'active',
      crewView({ members: [member(8, 'Cora Contractor', 501), member(3, 'Wes Worker', 502)] }),
    );
    expect(lockboxCommandOffline(on, 'sign-on', { lockId: 31 }, worker, locks, now, uuid)).toMatchObject({
      reason: lockboxMessages.alreadySignedOn,
    });
    const last = offline('active', crewView({ members: [member(8, 'Cora Contractor', 501)] }));
    expect(lockboxCommandOffline(last, 'sign-off', { applicationId: 501 }, other, locks, now, uuid)).toMatchObject({
      ok: false,
      reason: lockboxMessages.lastMember,
    });
    expect(lockboxCommandOffline(last, 'sign-off', { applicationId: 501 }, worker, locks, now, uuid)).toMatchObject({
      ok: false,
      status: 403,
      reason: lockboxMessages.notSelf,
    });
    // A lock applied at a point on this device meanwhile is in use.
    const inUse = locks.map((l) => ({ ...l, status: 'in_use' as const }));
    expect(lockboxCommandOffline(offline(), 'sign-on', { lockId: 31 }, worker, inUse, now, uuid)).toMatchObject({
      ok: false,
      status: 409,
    });
  });

  it('the primary records the keys and releases the box once nobody is on; opening needs the network', () => {
    const fresh = offline('isolated', crewView({ keysDepositedAt: null, keysDepositedBy: null, members: [] }));
    expect(lockboxViewOffline(fresh, primary)?.allowed).toEqual(['deposit-keys', 'release']);
    const keys = lockboxCommandOffline(fresh, 'deposit-keys', {}, primary, [], now, uuid);
    expect(keys.ok && (keys.answer as LockboxView).lockbox!.keysDepositedBy).toEqual({
      ID: 5,
      displayName: 'Sam Supervisor',
    });
    const released = lockboxCommandOffline(fresh, 'release', {}, primary, [], now, uuid);
    expect(released.ok && (released.answer as LockboxView).lockbox!.releasedAt).toBe(now.toISOString());
    expect(lockboxCommandOffline(fresh, 'release', {}, worker, [], now, uuid)).toMatchObject({
      ok: false,
      status: 403,
    });
    const none = offline('isolated', { ...crewView(), lockbox: null });
    expect(lockboxViewOffline(none, primary)?.allowed).toEqual([]);
    expect(
      lockboxCommandOffline(none, 'open', { primaryUserId: 5, lockId: null }, primary, [], now, uuid),
    ).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/Opening a lockbox needs the network/),
    });
  });
});
