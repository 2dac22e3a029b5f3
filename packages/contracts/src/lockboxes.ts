import * as z from 'zod/mini';
import { commandRoute } from './command-routes';
import { idParamSchema, idSchema } from './ids';
import { saidSchema } from './said';
import { tagStates } from './tags';
import type { PermitStatus } from './permit-lifecycle';

/**
 * Group lockout (module `lockboxes`, decision 0040): OSHA 1910.147 (f)(3) and (f)(4).
 * A permit has at most one open lockbox holding the isolation keys, with a primary authorized
 * employee; each crew member signs on by applying their personal lock to it (a `lock_applications`
 * row with `lockbox_id`) and signs off by removing it. Tables `lockboxes` and `lock_applications`
 * (migration 2026-11-26T0900-loto).
 */

/** Commands, one route each: `POST /api/permits/:permitId/lockbox/commands/<verb>`. */
export const lockboxCommands = ['open', 'deposit-keys', 'sign-on', 'sign-off', 'release'] as const;
export type LockboxCommand = (typeof lockboxCommands)[number];

export const lockboxCommandLabels: Record<LockboxCommand, string> = {
  open: 'Open lockbox',
  'deposit-keys': 'Keys deposited',
  'sign-on': 'Sign on with my lock',
  'sign-off': 'Sign off',
  release: 'Release lockbox',
};

/** Permit statuses in which a lockbox may be opened (the plan is approved; the work has not finished). */
export const lockboxOpenStatuses: readonly PermitStatus[] = [
  'approved',
  'isolated',
  'issued',
  'active',
  'suspended',
  'live_for_test',
];
/** Sign-on: once the permit is isolated (and the keys are in the box), until the work is complete. */
export const lockboxSignOnStatuses: readonly PermitStatus[] = [
  'isolated',
  'issued',
  'active',
  'suspended',
  'live_for_test',
];
/**
 * The work is under way (OSHA (f)(4) shift change): the crew may change, but never be empty — the
 * last member signs off only after another has signed on, and the lockbox stays until the work is done.
 */
export const lockboxWorkStatuses: readonly PermitStatus[] = ['issued', 'active', 'suspended', 'live_for_test'];

const person = z.object({ ID: z.int(), displayName: z.string() });
const lockRef = z.object({ ID: z.int(), serial: z.string() });

/** A crew member's sign-on: their personal lock on the lockbox, and its tag where the type asks for one. */
export const lockboxMemberSchema = z.object({
  /** The lock application (sign-off names it). */
  applicationId: z.int(),
  user: person,
  lock: lockRef,
  signedOnAt: z.string(),
  signedOffAt: z.nullable(z.string()),
  /** Who removed the lock: the member, or a supervisor under (e)(3) ('abandoned'). */
  removal: z.nullable(z.enum(['removed', 'abandoned', 'transferred'])),
  tag: z.nullable(z.object({ ID: z.int(), number: z.string(), state: z.enum(tagStates) })),
});
export type LockboxMember = z.infer<typeof lockboxMemberSchema>;

export const lockboxSchema = z.object({
  ID: z.int(),
  number: z.string(),
  /** The lockbox device from the lock inventory, when it is tracked there. */
  device: z.nullable(lockRef),
  primary: person,
  keysDepositedAt: z.nullable(z.string()),
  keysDepositedBy: z.nullable(person),
  openedAt: z.string(),
  releasedAt: z.nullable(z.string()),
  releasedBy: z.nullable(person),
  version: z.int(),
  /** Signed on now (protected right now), earliest first. */
  members: z.array(lockboxMemberSchema),
  /** Signed off, latest first. */
  past: z.array(lockboxMemberSchema),
});
export type Lockbox = z.infer<typeof lockboxSchema>;

/** GET /api/permits/:permitId/lockbox: the permit's lockbox (the open one, else the last released) and what the caller may do. */
export const lockboxViewSchema = z.object({
  permitId: z.int(),
  /** The type's setting: sign-on also plans and applies a tag on the personal lock. */
  tagPerPersonalLock: z.boolean(),
  lockbox: z.nullable(lockboxSchema),
  /** The caller's own sign-on on the open lockbox, if any. */
  mySignOn: z.nullable(lockboxMemberSchema),
  /** The caller's personal locks they could sign on with: issued to them, else available padlocks. */
  myLocks: z.array(lockRef),
  /** Lockbox devices of the inventory free to hold the keys (offered when the caller may open one). */
  devices: z.array(lockRef),
  /** The commands the caller may give now (a button is offered only for these). */
  allowed: z.array(z.enum(lockboxCommands)),
  /** Why the caller cannot sign on or off right now, when that is the case (shown under the big button). */
  blocked: z.nullable(z.string()),
  /** `blocked` as a caption and its values (absent in pages stored before it). */
  blockedSaid: z.optional(z.nullable(saidSchema)),
});
export type LockboxView = z.infer<typeof lockboxViewSchema>;

export const lockboxParamsSchema = z.object({ permitId: idParamSchema });

export const lockboxOpenSchema = z.object({
  primaryUserId: idSchema,
  /** The lockbox device (a lock of kind 'lockbox'), or null when it is not tracked in the inventory. */
  lockId: z.nullable(idSchema),
});
export type LockboxOpen = z.infer<typeof lockboxOpenSchema>;
export const lockboxSignOnSchema = z.object({ lockId: idSchema });
export type LockboxSignOn = z.infer<typeof lockboxSignOnSchema>;
export const lockboxSignOffSchema = z.object({ applicationId: idSchema });
export type LockboxSignOff = z.infer<typeof lockboxSignOffSchema>;

/** The body of each command (none for deposit-keys and release). */
export const lockboxCommandInputSchemas = {
  open: lockboxOpenSchema,
  'sign-on': lockboxSignOnSchema,
  'sign-off': lockboxSignOffSchema,
} as const;

/** Each crew sign-on command's route (the permit's lockbox: the URL's permit is the target); all queueable offline. */
export const lockboxCommandRoutes = lockboxCommands.map((verb) =>
  commandRoute({
    name: `lockbox.${verb}`,
    path: `/permits/:permitId/lockbox/commands/${verb}`,
    params: lockboxParamsSchema,
    body: (lockboxCommandInputSchemas as Partial<Record<LockboxCommand, z.ZodMiniType>>)[verb],
    offline: true,
  }),
);
