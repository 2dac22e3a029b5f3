import * as z from 'zod/mini';
import { commandRoute } from './command-routes';
import { idParamSchema, idSchema } from './ids';
import { holdingPlanPointStates, type PlanPointState } from './isolation-plan';
import { planPointStateCaptions } from './captions/isolation-plan';
import {
  lockApplyRuleCaptions,
  lockAssignRuleCaptions,
  lockRemoveRuleCaptions,
  lockWhereCaptions,
} from './captions/lock-rules';
import { permitStatusCaptions, type PermitStatus } from './permit-lifecycle';
import { say, type Spoken } from './said';

/**
 * Locks (module `locks`): the facility's lock inventory and where each lock is applied.
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

/** The inventory's status commands: `POST /api/locks/:id/commands/<verb>` (audited `lock.<verb>`). */
export const lockStatusCommands = ['issue', 'return', 'report-lost', 'found', 'retire'] as const;
export type LockStatusCommand = (typeof lockStatusCommands)[number];
export const lockStatusCommandLabels: Record<LockStatusCommand, string> = {
  issue: 'Issue',
  return: 'Return',
  'report-lost': 'Report lost',
  found: 'Found',
  retire: 'Retire',
};
/**
 * The statuses each command starts from. In use comes and goes only through applications (a lock in
 * use is neither issued, returned, lost nor retired: it is on a point); Retired is the end.
 */
export const lockCommandFrom: Record<LockStatusCommand, readonly LockStatus[]> = {
  issue: ['available', 'issued'],
  return: ['issued'],
  'report-lost': ['available', 'issued'],
  found: ['lost'],
  retire: ['available', 'issued', 'lost'],
};
/**
 * The status a lock goes back to when it comes off (its application ends, or the lockbox it is the
 * device of is released): Issued while it has an owner, else Available.
 */
export const freeLockStatus = (ownerId: number | null): LockStatus => (ownerId !== null ? 'issued' : 'available');
/** Why a lockbox device cannot hold a lockbox's keys now (null: it can): In use comes only from a lockbox or an application. */
export function lockboxDeviceRefusal(device: { serial: string; kind: LockKind; status: LockStatus }): string | null {
  if (device.kind !== 'lockbox')
    return `${device.serial} is a ${lockKindLabels[device.kind].toLowerCase()}, not a lockbox`;
  if (device.status === 'lost' || device.status === 'retired' || device.status === 'in_use')
    return `${device.serial} is ${lockStatusLabels[device.status]}`;
  return null;
}
/** The status commands a lock in this status allows (the screen's buttons). */
export const allowedLockCommands = (status: LockStatus): LockStatusCommand[] =>
  lockStatusCommands.filter((command) => lockCommandFrom[command].includes(status));

export const LOCK_SERIAL_MAX = 40;
export const LOCK_NOTE_MAX = 500;
export const LOCKS_LIST_MAX = 2000;

const lockPerson = z.object({ ID: z.int(), displayName: z.string() });

/** Where a lock in use is now: the permit and its point, or its lockbox. */
export const lockWhereSchema = z.object({
  applicationId: z.int(),
  permitId: z.int(),
  permitNumber: z.string(),
  pointCode: z.nullable(z.string()),
  pointLocation: z.nullable(z.string()),
  lockboxNumber: z.nullable(z.string()),
  appliedBy: lockPerson,
  appliedAt: z.string(),
});
export type LockWhere = z.infer<typeof lockWhereSchema>;

/** One lock of the facility's inventory. */
export const lockSchema = z.object({
  ID: z.int(),
  serial: z.string(),
  kind: z.enum(lockKinds),
  /** An item of the facility's `lock-colours` master list. */
  colour: z.nullable(z.object({ ID: z.int(), caption: z.string() })),
  owner: z.nullable(lockPerson),
  status: z.enum(lockStatuses),
  note: z.string(),
  version: z.int(),
  updatedAt: z.string(),
  /** Set while the lock is In use. */
  where: z.nullable(lockWhereSchema),
  /** The open permit a pool lock is assigned to (only that permit's people apply it); null for none. */
  assignedPermit: z.nullable(z.object({ ID: z.int(), number: z.string() })),
});
export type Lock = z.infer<typeof lockSchema>;
export const lockListSchema = z.array(lockSchema);

/** Register or edit a lock (its owner and status change only through the status commands). */
export const lockInputSchema = z.object({
  serial: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Serial is required'),
      z.maxLength(LOCK_SERIAL_MAX, `Serial: at most ${LOCK_SERIAL_MAX} characters`),
    ),
  kind: z.enum(lockKinds),
  colourId: z.nullable(idSchema),
  note: z._default(
    z.string().check(z.trim(), z.maxLength(LOCK_NOTE_MAX, `Note: at most ${LOCK_NOTE_MAX} characters`)),
    '',
  ),
});
export type LockInput = z.infer<typeof lockInputSchema>;

/** GET /api/locks: text in the serial or note, and filters (each optional). */
export const lockListQuerySchema = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  status: z.optional(z.enum(lockStatuses)),
  kind: z.optional(z.enum(lockKinds)),
  ownerId: z.optional(idParamSchema),
});
export type LockListQuery = z.infer<typeof lockListQuerySchema>;

/** GET /api/locks/labels: the QR labels of the locks Lock Manage lists (the same filters), or of one. */
export const lockLabelQuerySchema = z.extend(lockListQuerySchema, { id: z.optional(idParamSchema) });
export type LockLabelQuery = z.infer<typeof lockLabelQuerySchema>;
/** At most this many labels in one PDF (a facility's whole board, not its whole history). */
export const LOCK_LABELS_MAX = 1000;

const reason = z.optional(z.string().check(z.trim(), z.maxLength(LOCK_NOTE_MAX)));
/** Each status command's body. */
export const lockCommandInputSchemas = {
  issue: z.object({ ownerId: idSchema }),
  return: z.object({}),
  'report-lost': z.object({ reason }),
  found: z.object({}),
  retire: z.object({ reason }),
} satisfies Record<LockStatusCommand, z.ZodMiniType>;
export type LockCommandInput = { ownerId?: number; reason?: string };

/** The register form's choices: the facility's active lock colours and its active users. */
export const lockOptionsSchema = z.object({
  colours: z.array(z.object({ ID: z.int(), caption: z.string() })),
  people: z.array(lockPerson),
});
export type LockOptions = z.infer<typeof lockOptionsSchema>;

/**
 * Apply a lock at a point of the permit's isolation plan (the applier is the signed-in user).
 * `secondLock`: the applier confirmed a second lock of theirs on the point (pointLockCountRefusal).
 */
export const lockApplyInputSchema = z.object({
  lockId: idSchema,
  planPointId: idSchema,
  secondLock: z.optional(z.boolean()),
});
export type LockApplyInput = z.infer<typeof lockApplyInputSchema>;
/**
 * Assign a pool lock to the permit, or release it from the permit (`POST
 * /api/permits/:permitId/locks/commands/assign|unassign`, audited `lock.assign` / `lock.unassign`).
 */
export const lockAssignInputSchema = z.object({ lockId: idSchema });
export type LockAssignInput = z.infer<typeof lockAssignInputSchema>;

/** The facts of a lock as the list answers it, for the shared rules. */
export const lockFactsOf = (lock: Lock): LockFacts => ({
  serial: lock.serial,
  kind: lock.kind,
  status: lock.status,
  ownerId: lock.owner?.ID ?? null,
  ownerName: lock.owner?.displayName ?? null,
  assignedPermitId: lock.assignedPermit?.ID ?? null,
  assignedPermitNumber: lock.assignedPermit?.number ?? null,
});

/** Remove a lock application (only its applier may). */
export const lockRemoveInputSchema = z.object({ applicationId: idSchema });
export type LockRemoveInput = z.infer<typeof lockRemoveInputSchema>;

/** Applying and removing a lock at a plan point: the URL's permit is the target (its row is locked), queueable offline. */
export const lockCommandRoutes = [
  commandRoute({
    name: 'lock.apply',
    path: '/permits/:permitId/locks/commands/apply',
    params: z.object({ permitId: idParamSchema }),
    body: lockApplyInputSchema,
    offline: true,
  }),
  commandRoute({
    name: 'lock.remove',
    path: '/permits/:permitId/locks/commands/remove',
    params: z.object({ permitId: idParamSchema }),
    body: lockRemoveInputSchema,
    offline: true,
  }),
];

/** One application of a lock: where, by whom, and whether it is still on. */
export const lockApplicationSchema = z.object({
  ID: z.int(),
  permitId: z.int(),
  planPointId: z.nullable(z.int()),
  lockboxId: z.nullable(z.int()),
  lock: z.object({ ID: z.int(), serial: z.string(), kind: z.enum(lockKinds), status: z.enum(lockStatuses) }),
  appliedBy: lockPerson,
  appliedAt: z.string(),
  removedAt: z.nullable(z.string()),
  removal: z.nullable(z.enum(lockRemovals)),
});
export type LockApplication = z.infer<typeof lockApplicationSchema>;

// ---- The application rules: one pure function the server decides with and the offline page applies with ----
// Each refusal is said (caption and values) beside its English, so every reader reads it in their
// own language (decision 0113); "where" a lock is applied is a value the server words in English.

/** What the rules need of a lock (its owner by id and by name, and the permit it is assigned to, for the refusal's words). */
export interface LockFacts {
  serial: string;
  kind: LockKind;
  status: LockStatus;
  ownerId: number | null;
  ownerName: string | null;
  /** A pool lock's open permit (an assignment to a closed or cancelled permit reads as none: decision 0114). */
  assignedPermitId: number | null;
  assignedPermitNumber: string | null;
}

/** The permit statuses whose lock assignments are over: such a permit gets no locks and holds none assigned. */
export const lockAssignmentEndedStatuses: readonly PermitStatus[] = ['closed', 'cancelled'];

/**
 * Why `userId` cannot apply this lock on `permit` now (null: they may), naming the serial: lost or
 * retired, in use (`whereInUse` says where: "permit LOTO-0042 at point E-101"), a lockbox device,
 * issued to someone else, or a pool lock not assigned to this permit (naming where it is). A lock
 * is on one point or lockbox at a time.
 */
export function lockApplyRefusal(
  lock: LockFacts,
  userId: number,
  permit: { id: number },
  whereInUse: Spoken = say(lockWhereCaptions.unknown),
): Spoken | null {
  const w = lockApplyRuleCaptions;
  const serial = lock.serial;
  if (lock.status === 'lost' || lock.status === 'retired') return say(w[lock.status], { serial });
  if (lock.status === 'in_use') return say(w.inUse, { serial }, {}, {}, { where: [whereInUse] });
  if (lock.kind === 'lockbox') return say(w.lockbox, { serial });
  if (lock.ownerId !== null)
    return lock.ownerId === userId ? null : say(w.issuedToOther, { serial, owner: lock.ownerName ?? '' });
  // A pool lock goes only on the permit a supervisor handed it to from the lock cabinet.
  if (lock.assignedPermitId === permit.id) return null;
  return lock.assignedPermitNumber === null
    ? say(w.notAssigned, { serial })
    : say(w.assignedElsewhere, { serial, number: lock.assignedPermitNumber });
}

/**
 * Why this lock cannot be assigned to `permit` (null: it can): only a free pool lock goes to an
 * open permit, and to one permit at a time. The server decides with it; Lock Manage offers its button by it.
 */
export function lockAssignRefusal(
  lock: LockFacts,
  permit: { id: number; number: string; status: PermitStatus },
  whereInUse: Spoken = say(lockWhereCaptions.aPermit),
): Spoken | null {
  const w = lockAssignRuleCaptions;
  const serial = lock.serial;
  if (lockAssignmentEndedStatuses.includes(permit.status))
    return say(w.permitEnded, { number: permit.number }, { status: permitStatusCaptions[permit.status] });
  if (lock.kind === 'lockbox') return say(w.lockbox, { serial });
  if (lock.ownerId !== null) return say(w.personal, { serial, owner: lock.ownerName ?? '' });
  if (lock.status === 'lost' || lock.status === 'retired') return say(w[lock.status], { serial });
  if (lock.assignedPermitId === permit.id) return say(w.alreadyAssigned, { serial, number: permit.number });
  if (lock.assignedPermitNumber !== null)
    return say(w.assignedElsewhere, { serial, number: lock.assignedPermitNumber });
  if (lock.status === 'in_use') return say(w.inUse, { serial }, {}, {}, { where: [whereInUse] });
  return null;
}

/**
 * Why this lock cannot be released from `permit` (null: it can): it must be assigned there, and not
 * on a point or lockbox of it (the lock stays the permit's while it holds an isolation).
 */
export function lockUnassignRefusal(
  lock: LockFacts,
  permit: { id: number; number: string },
  whereInUse: Spoken = say(lockWhereCaptions.aPermit),
): Spoken | null {
  const w = lockAssignRuleCaptions;
  if (lock.assignedPermitId !== permit.id)
    return say(w.notAssignedHere, { serial: lock.serial, number: permit.number });
  if (lock.status === 'in_use') return say(w.unassignInUse, { serial: lock.serial }, {}, {}, { where: [whereInUse] });
  return null;
}

/** Why a lock cannot go on this plan point (null: it can): the point must hold its isolation. */
export function lockPointRefusal(serial: string, point: { code: string; state: PlanPointState }): Spoken | null {
  if (holdingPlanPointStates.includes(point.state)) return null;
  return say(
    lockApplyRuleCaptions.pointNotHolding,
    { code: point.code, serial },
    { state: planPointStateCaptions[point.state] },
  );
}

/**
 * The locks one person puts on one plan point: the plan has no planned lock count, so the rule is
 * per person per point — one, and a second only when they confirm it (a second lock on a long job,
 * a hasp they cannot reach with one); more is refused.
 */
export const PERSON_POINT_LOCKS_MAX = 2;

/**
 * Why another lock of this person cannot go on this point now (null: it can), from the serials of
 * their locks on it already: a second needs `secondLock` (`confirm`: the screen asks "Apply a second
 * lock?" and sends it again), a third is refused. The server decides with it, the offline page too.
 */
export function pointLockCountRefusal(
  point: { code: string },
  mine: readonly string[],
  serial: string,
  secondLock = false,
): ({ confirm: boolean } & Spoken) | null {
  if (mine.length === 0) return null;
  if (mine.length >= PERSON_POINT_LOCKS_MAX)
    return {
      confirm: false,
      ...say(lockApplyRuleCaptions.tooManyOnPoint, {
        count: mine.length,
        code: point.code,
        serials: mine.join(', '),
        serial,
        max: PERSON_POINT_LOCKS_MAX,
      }),
    };
  if (secondLock) return null;
  return { confirm: true, ...say(lockApplyRuleCaptions.confirmSecond, { mine: mine[0]!, code: point.code, serial }) };
}

/**
 * Why `userId` cannot end this application (null: they may): removed already (409), or someone
 * else's (403) — only its applier removes or transfers a lock; (e)(3) `abandoned` is the
 * supervisor's path, whose caller checked the permission.
 */
export function lockRemoveRefusal(
  application: { serial: string; removed: boolean; appliedBy: number; applierName: string },
  userId: number,
  removal: LockRemoval,
): ({ status: 403 | 409 } & Spoken) | null {
  const serial = application.serial;
  if (application.removed) return { status: 409, ...say(lockRemoveRuleCaptions.alreadyRemoved, { serial }) };
  if (removal !== 'abandoned' && application.appliedBy !== userId)
    return {
      status: 403,
      ...say(lockRemoveRuleCaptions.notApplier, { serial, applier: application.applierName }),
    };
  return null;
}
