import * as z from 'zod/mini';
import { idParamSchema, idSchema } from './ids';
import type { LotoPermission } from './permissions';
import { signingProof } from './permit-lifecycle';

/**
 * Abandoned lock and tag removal (OSHA 1910.147 (e)(3)), module `abandoned-removals`.
 * Table `abandoned_removals` (migration 2026-11-26T0900-loto). A supervisor holding
 * `loto:remove-abandoned` removes a lock or tag whose applier is not on site, after recording the
 * attempts to reach them; the applier acknowledges it at their next sign-in, before anything else.
 */
export const abandonedRemovalPermission: LotoPermission = 'loto:remove-abandoned';

export const contactMethods = ['phone', 'radio', 'in-person', 'other'] as const;
export type ContactMethod = (typeof contactMethods)[number];
export const contactMethodLabels: Record<ContactMethod, string> = {
  phone: 'Phone',
  radio: 'Radio',
  'in-person': 'In person',
  other: 'Other',
};

const text = (label: string, max: number) =>
  z
    .string()
    .check(z.trim(), z.minLength(1, `${label} is required`), z.maxLength(max, `${label}: at most ${max} characters`));

/** (e)(3)(ii): one effort to reach the applier — when, how, and what came of it. */
export const contactAttemptSchema = z.object({
  at: z.iso.datetime({ offset: true }),
  method: z.enum(contactMethods),
  outcome: text('Outcome', 500),
});
export type ContactAttempt = z.infer<typeof contactAttemptSchema>;

/** The wizard's one command: what to remove, (e)(3)(i) not on site, (e)(3)(ii) the attempts, and why. */
export const abandonedRemovalInputSchema = z
  .object({
    lockApplicationId: z.optional(z.nullable(idSchema)),
    tagId: z.optional(z.nullable(idSchema)),
    applierNotOnSite: z.literal(true, 'Confirm that the person who applied it is not on site'),
    attempts: z
      .array(contactAttemptSchema)
      .check(
        z.minLength(1, 'Record at least one attempt to reach the person who applied it'),
        z.maxLength(20, 'At most 20 attempts'),
      ),
    reason: text('Reason', 1000),
    // Removing someone else's lock is signed like the permit's verbs (password or identity provider).
    password: z.optional(signingProof.password),
    signingIntent: z.optional(signingProof.signingIntent),
  })
  .check(
    z.refine((input) => input.password !== undefined || input.signingIntent !== undefined, {
      message: 'Enter your password to sign',
      path: ['password'],
    }),
    z.refine((input) => input.lockApplicationId != null || input.tagId != null, {
      message: 'Choose the lock or the tag to remove',
      path: ['lockApplicationId'],
    }),
  );
export type AbandonedRemovalInput = z.infer<typeof abandonedRemovalInputSchema>;

const person = z.object({ ID: z.int(), displayName: z.string() });
const point = z.nullable(z.object({ code: z.string(), location: z.string() }));

/** A lock or tag of a permit that someone else applied and that is still on: what the wizard offers. */
export const abandonedRemovalCandidateSchema = z.object({
  /** The open lock application (null: a tag alone). */
  lockApplicationId: z.nullable(z.int()),
  lockSerial: z.nullable(z.string()),
  /** The applied tag on the same point or lock (null: a lock alone). */
  tagId: z.nullable(z.int()),
  tagNumber: z.nullable(z.string()),
  /** The plan point; null for a personal lock on the crew lockbox. */
  point,
  onLockbox: z.boolean(),
  applier: person,
  appliedAt: z.string(),
});
export type AbandonedRemovalCandidate = z.infer<typeof abandonedRemovalCandidateSchema>;
export const abandonedRemovalCandidatesSchema = z.array(abandonedRemovalCandidateSchema);

/** A recorded (e)(3) removal, as the applier is shown it and the wizard answers. */
export const abandonedRemovalSchema = z.object({
  ID: z.int(),
  permit: z.object({ ID: z.int(), number: z.string(), title: z.string() }),
  lockSerial: z.nullable(z.string()),
  tagNumber: z.nullable(z.string()),
  point,
  onLockbox: z.boolean(),
  applier: person,
  supervisor: person,
  removedAt: z.string(),
  reason: z.string(),
  attempts: z.array(contactAttemptSchema),
  acknowledgedAt: z.nullable(z.string()),
});
export type AbandonedRemoval = z.infer<typeof abandonedRemovalSchema>;
export const abandonedRemovalsSchema = z.array(abandonedRemovalSchema);

/** `/permits/:permitId/abandoned-removals…` path parameters. */
export const abandonedRemovalPermitParamsSchema = z.object({ permitId: idParamSchema });
