import type { PermitSimops, SimopsConflict } from '@hasp/contracts';

/** A permit's SIMOPS section as the server answers it, for the feature's tests. */
export const hotWork = { ID: 3, code: 'HOT', name: 'Hot work' };
export const confinedSpace = { ID: 5, code: 'CSE', name: 'Confined space entry' };

export const blockingConflict: SimopsConflict = {
  permit: {
    ID: 41,
    number: 'CSE-0007',
    title: 'Tank T-3 inspection',
    status: 'issued',
    type: confinedSpace,
    area: { ID: 9, number: 'A-500', name: 'Tank farm' },
    plannedStart: '2026-11-24T14:00:00.000Z',
    plannedEnd: '2026-11-24T22:00:00.000Z',
  },
  rule: 'block',
};

export const infoConflict: SimopsConflict = {
  permit: {
    ...blockingConflict.permit,
    ID: 42,
    number: 'LOTO-0031',
    title: 'Pump P-12 seal',
    status: 'approved',
    type: { ID: 1, code: 'LOTO', name: 'Lockout/tagout' },
    area: { ID: 10, number: 'A-510', name: 'Pump house' },
  },
  rule: 'none',
};

export const simopsView = (over: Partial<PermitSimops> = {}): PermitSimops => ({
  timeZone: 'America/Chicago',
  conflicts: [blockingConflict, infoConflict],
  overrides: [
    {
      ID: 2,
      command: 'approve',
      permit: { ID: 7, number: 'HOT-0012' },
      otherPermit: { ID: 41, number: 'CSE-0007' },
      reason: 'Entry crew stands down during the weld; fire watch posted',
      signer: { ID: 11, displayName: 'Sam Supervisor' },
      signedAt: '2026-11-24T13:30:00.000Z',
    },
  ],
  ...over,
});
