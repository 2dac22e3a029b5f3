/**
 * Locks (issue 16, module `locks`): the facility's lock inventory and where each lock is applied.
 * Table `locks` and `lock_applications` (migration 2026-11-26T0900-loto). A lock is on at most one
 * point or lockbox at a time (the database refuses a second open application); only the person who
 * applied a lock removes it, except through the (e)(3) abandoned-removal wizard.
 */
export const lockKinds = ['padlock', 'hasp', 'lockbox', 'valve', 'breaker'] as const;
export type LockKind = (typeof lockKinds)[number];
export const lockKindLabels: Record<LockKind, string> = {
  padlock: 'Padlock',
  hasp: 'Hasp',
  lockbox: 'Lockbox',
  valve: 'Valve lockout device',
  breaker: 'Breaker lockout device',
};

export const lockStatuses = ['available', 'issued', 'in_use', 'lost', 'retired'] as const;
export type LockStatus = (typeof lockStatuses)[number];
export const lockStatusLabels: Record<LockStatus, string> = {
  available: 'Available',
  issued: 'Issued',
  in_use: 'In use',
  lost: 'Lost',
  retired: 'Retired',
};

/** How an application ended: its applier removed it, a supervisor under (e)(3), or handed to another permit. */
export const lockRemovals = ['removed', 'abandoned', 'transferred'] as const;
export type LockRemoval = (typeof lockRemovals)[number];
