import { describe, expect, it } from 'vitest';
import type { IsolationPlan, Tag } from '@hasp/contracts';
import { baseVersionOf, localAlias, type LocalActor } from '../../lib/offline-apply';
import {
  now,
  issuer,
  permitOf,
  pointOf,
  planOf,
  offline,
  lockOf,
  worker,
  uuid,
  isolated,
} from '../../test/offline-permit-fixtures';
import { applicableLocksOffline, applyLockOffline, removeLockOffline } from './offline-apply';

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
