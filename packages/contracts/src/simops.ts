import * as z from 'zod/mini';
import { idSchema } from './ids';
import { listInWords } from './list-words';
import type { PermitStatus } from './permit-lifecycle';
import { localTimeWithOffset } from './wall-clock';

/**
 * Simultaneous operations (SIMOPS; decision 0098): approving or issuing a permit
 * shows the other live permits in the same area, an area within it or an area it is within, whose
 * validity overlaps; a facility's rule per pair of permit types says whether such a conflict only
 * warns or blocks. A blocking conflict is overridden with a reason signed by the actor's password.
 */

export const simopsModes = ['warn', 'block'] as const;
export type SimopsMode = (typeof simopsModes)[number];

/** What a conflict's type pair says: its rule, or none (shown for information only). */
export type SimopsRuleOf = SimopsMode | 'none';

/**
 * The statuses in which a permit's work is authorized or under way: from approved through live for
 * test, and suspended (the work pauses, the isolation and the people stay). Drafts and requests are
 * not yet authorized; work complete, de-isolation, closed, cancelled and expired permits have ended
 * their work.
 */
export const simopsLiveStatuses: readonly PermitStatus[] = [
  'approved',
  'isolated',
  'issued',
  'active',
  'suspended',
  'live_for_test',
];

/** The lifecycle commands a blocking conflict refuses (unless overridden). */
export const simopsCheckedCommands = ['approve', 'issue'] as const;
export type SimopsCheckedCommand = (typeof simopsCheckedCommands)[number];

const typeRef = z.object({ ID: z.int(), code: z.string(), name: z.string() });

/** `PUT /api/simops-rules`: the rule of a pair of types (either order; the same type twice is a pair); `none` removes it. */
export const simopsRuleInputSchema = z.object({
  firstTypeId: idSchema,
  secondTypeId: idSchema,
  mode: z.enum([...simopsModes, 'none'], 'Rule: choose warn, block or none'),
});
export type SimopsRuleInput = z.infer<typeof simopsRuleInputSchema>;

/** The facility's rules, each pair once (lower type ID first), and its permit types to pick from. */
export const simopsRulesSchema = z.object({
  rules: z.array(z.object({ first: typeRef, second: typeRef, mode: z.enum(simopsModes) })),
  types: z.array(typeRef),
});
export type SimopsRules = z.infer<typeof simopsRulesSchema>;

/** Overriding a blocking conflict: why, signed with the actor's password (checked like an approval's). */
export const simopsOverrideSchema = z.object({
  reason: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'SIMOPS override: a reason is required'),
      z.maxLength(2000, 'SIMOPS override: the reason has at most 2000 characters'),
    ),
  password: z
    .string('SIMOPS override: enter your password to sign it')
    .check(z.minLength(1, 'SIMOPS override: enter your password to sign it'), z.maxLength(1024)),
});
export type SimopsOverrideInput = z.infer<typeof simopsOverrideSchema>;

/** What Approve and Issue take besides their own input: the override of every blocking conflict. */
export const simopsOverrideBodySchema = z.object({ simopsOverride: z.optional(simopsOverrideSchema) });

const permitRef = z.object({ ID: z.int(), number: z.string() });

/** Another live permit whose area and validity meet this one's, with the rule of the two types. */
export const simopsConflictSchema = z.object({
  permit: z.object({
    ID: z.int(),
    number: z.string(),
    title: z.string(),
    status: z.string(),
    type: typeRef,
    area: z.object({ ID: z.int(), number: z.string(), name: z.string() }),
    plannedStart: z.string(),
    plannedEnd: z.string(),
  }),
  rule: z.enum([...simopsModes, 'none']),
});
export type SimopsConflict = z.infer<typeof simopsConflictSchema>;

/** A signed override: the permit approved or issued despite the conflict, and the permit it conflicted with. */
export const simopsOverrideRecordSchema = z.object({
  ID: z.int(),
  command: z.enum(simopsCheckedCommands),
  permit: permitRef,
  otherPermit: permitRef,
  reason: z.string(),
  signer: z.object({ ID: z.int(), displayName: z.string() }),
  signedAt: z.string(),
});
export type SimopsOverrideRecord = z.infer<typeof simopsOverrideRecordSchema>;

/** `GET /api/permits/:id/simops`: the permit's conflicts now, and every override that names it (either side). */
export const permitSimopsSchema = z.object({
  /** The facility's time zone: the windows are shown as its clocks read them, with the offset. */
  timeZone: z.string(),
  conflicts: z.array(simopsConflictSchema),
  overrides: z.array(simopsOverrideRecordSchema),
});
export type PermitSimops = z.infer<typeof permitSimopsSchema>;

/** "HW-0012 (Hot work, 2026-11-24 08:00 -06:00 to 2026-11-24 16:00 -06:00, in A-1 Boiler house)" */
export function simopsConflictWords(conflict: SimopsConflict, timeZone: string): string {
  const { permit } = conflict;
  const at = (t: string) => localTimeWithOffset(new Date(t), timeZone);
  return (
    `${permit.number} (${permit.type.name}, ${at(permit.plannedStart)} to ${at(permit.plannedEnd)}, ` +
    `in ${permit.area.number} ${permit.area.name})`
  );
}

/** The refusal of Approve or Issue by blocking conflicts, naming each conflicting permit. */
export function simopsRefusal(command: SimopsCheckedCommand, blocking: SimopsConflict[], timeZone: string): string {
  const verb = command === 'approve' ? 'approved' : 'issued';
  return (
    `This permit cannot be ${verb}: the SIMOPS rules block it beside ${listInWords(blocking.map((c) => simopsConflictWords(c, timeZone)))}. ` +
    'Change its area or validity, or override with a reason signed with your password.'
  );
}
