import { describe, expect, it } from 'vitest';
import { offlineFlagInputsOf, offlineFlags, withOfflineFlags, type OfflineFlagInputs } from './offline-flags';
import type { OfflinePermit } from './offline';
import type { PermitFacts } from './permit-lifecycle';

// The whole comparison with the server's sections is apps/server/test/offline-flags.test.ts; these
// pin what the next step (stored JSON) relies on: the base untouched, keys in place, a released lockbox.

const member = (userId: number, applicationId: number) => ({
  applicationId,
  user: { ID: userId, displayName: `User ${userId}` },
  lock: { ID: 100 + userId, serial: `P-${userId}` },
  signedOnAt: '2026-11-28T08:00:00.000Z',
  signedOffAt: null,
});

/** An Active LOTO permit with a crew section (an open lockbox, user 2 signed on) and one attachment of user 3. */
function base(lockbox: 'open' | 'released'): OfflinePermit {
  const box = {
    ID: 9,
    number: 'LB-9',
    device: null,
    primary: { ID: 2, displayName: 'User 2' },
    keysDepositedAt: '2026-11-28T07:00:00.000Z',
    keysDepositedBy: { ID: 2, displayName: 'User 2' },
    openedAt: '2026-11-28T06:00:00.000Z',
    releasedAt: lockbox === 'open' ? null : '2026-11-28T09:00:00.000Z',
    releasedBy: null,
    version: 3,
    members: lockbox === 'open' ? [member(2, 50)] : [],
    past: [],
  };
  return {
    permit: {
      ID: 7,
      permitType: { ID: 1, code: 'LOTO', name: 'LOTO', icon: '', color: '', sections: ['crew-sign-on'] },
      allowedCommands: [],
    },
    sections: {
      tags: [],
      'crew-sign-on': {
        permitId: 7,
        tagPerPersonalLock: false,
        lockbox: box,
        mySignOn: null,
        myLocks: [],
        devices: [],
        allowed: [],
        blocked: 'nobody',
        blockedSaid: null,
      },
      attachments: {
        attachments: [
          {
            ID: 4,
            attachedBy: { ID: 3, displayName: 'User 3' },
            removed: null,
            canRemove: false,
            version: 1,
          },
        ],
        maxBytes: 10,
        canAttach: false,
      },
    },
    versions: { permit: 5 },
  } as unknown as OfflinePermit;
}

const facts = {
  status: 'active',
  typeCode: 'LOTO',
  requesterId: 1,
  holderId: 3,
  issuerId: 2,
  approverIds: [],
  plannedStart: null,
  plannedEnd: null,
  extensionCount: 0,
  maxExtensions: 0,
  maxValidityHours: 12,
  now: new Date(0),
} satisfies PermitFacts;

const view = new Set(['permit:view:LOTO']);
const viewer = (userId: number, permissions = view) => ({
  userId,
  permissions,
  now: new Date('2026-11-28T10:00:00.000Z'),
  signOnLocks: [{ ID: 77, serial: 'MINE', assignedPermitId: null }],
});
const context = { freeLockboxDevices: [{ ID: 88, serial: 'BOX' }], hooks: {} };

describe('offlineFlags', () => {
  it("writes one viewer's flags into a copy, keys in place, the base untouched", () => {
    const stored = base('open');
    const before = JSON.stringify(stored);
    const inputs: OfflineFlagInputs = offlineFlagInputsOf(stored, facts);
    expect(inputs.crew).toEqual({ open: { primaryId: 2, keysDeposited: true, signedOn: [member(2, 50)] } });
    const worker = withOfflineFlags(stored, offlineFlags(inputs, viewer(3), context));
    expect(JSON.stringify(stored)).toBe(before);
    const crew = worker.sections['crew-sign-on'] as Record<string, unknown>;
    expect(Object.keys(crew)).toEqual(Object.keys(stored.sections['crew-sign-on'] as object));
    // User 3 may sign on with their locks; their own attachment is theirs to remove.
    expect(crew).toMatchObject({ mySignOn: null, myLocks: [{ ID: 77, serial: 'MINE' }], allowed: ['sign-on'] });
    expect(crew.blocked).toBeNull();
    expect(worker.sections.attachments).toMatchObject({ canAttach: true, attachments: [{ ID: 4, canRemove: true }] });
    // User 2, the last one signed on while the work is under way, may not sign off: the reason shows.
    const primary = withOfflineFlags(stored, offlineFlags(inputs, viewer(2), context));
    expect(primary.sections['crew-sign-on']).toMatchObject({ mySignOn: member(2, 50), myLocks: [] });
    expect((primary.sections['crew-sign-on'] as { blocked: string }).blocked).toMatch(/./);
    expect(primary.sections.attachments).toMatchObject({ attachments: [{ ID: 4, canRemove: false }] });
  });

  it('decides a released lockbox like none: an issuer may open another, the free devices offered', () => {
    const inputs = offlineFlagInputsOf(base('released'), facts);
    expect(inputs.crew).toEqual({ open: null });
    const issuer = viewer(2, new Set(['permit:view:LOTO', 'permit:issue:LOTO']));
    const flags = offlineFlags(inputs, issuer, context);
    expect(flags['crew-sign-on']).toEqual({
      mySignOn: null,
      myLocks: [],
      devices: [{ ID: 88, serial: 'BOX' }],
      allowed: ['open'],
      blocked: null,
      blockedSaid: null,
    });
    expect(offlineFlags(inputs, viewer(3), context)['crew-sign-on']).toMatchObject({ devices: [], allowed: [] });
  });
});
