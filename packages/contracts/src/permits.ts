import * as z from 'zod/mini';
import { idParamSchema, idSchema } from './ids';
import { permitCommands, permitStatuses } from './permit-lifecycle';
import { permitSections } from './permit-types';
import { permitHistoryStepSchema } from './permit-history';
import { permitReturnSchema } from './permit-return';
import { saidSchema } from './said';
import { permitHandoverSchema } from './permit-handover';

/**
 * Permits: a facility's permit to work, numbered from its type's pattern when created.
 * Reads and writes are facility-scoped (another facility's permit answers 404) and need the type's
 * permission (`permit:view:<CODE>`, `permit:create:<CODE>`). Status changes only through the
 * lifecycle commands (permit-lifecycle.ts); a new permit is a draft.
 */

/** At most this many assets on one permit. */
export const PERMIT_ASSETS_MAX = 200;

const text = (max: number, label: string) =>
  z.string().check(z.trim(), z.maxLength(max, `${label}: at most ${max} characters`));
const dateTime = z.iso.datetime({ offset: true });

/** How dangerous the work is, as the requester judges it (the permit's hazard analysis refines it, decision 0047). */
export const permitRiskLevels = ['low', 'medium', 'high'] as const;
export type PermitRiskLevel = (typeof permitRiskLevels)[number];
export const permitRiskLabels: Record<PermitRiskLevel, string> = { low: 'Low', medium: 'Medium', high: 'High' };

const coreFields = {
  title: z
    .string()
    .check(z.trim(), z.minLength(1, 'Title is required'), z.maxLength(200, 'Title: at most 200 characters')),
  description: text(4000, 'Description'),
  workMethod: text(4000, 'Work method'),
  areaId: z.nullable(idSchema),
  assetIds: z.array(idSchema).check(z.maxLength(PERMIT_ASSETS_MAX, `Assets: at most ${PERMIT_ASSETS_MAX}`)),
  plannedStart: dateTime,
  plannedEnd: dateTime,
  /** The performing authority, if known already (a user of the facility). */
  holderId: z.nullable(idSchema),
  riskLevel: z.nullable(z.enum(permitRiskLevels)),
};
const windowCheck = z.refine<{ plannedStart: string; plannedEnd: string }>(
  (p) => Date.parse(p.plannedEnd) > Date.parse(p.plannedStart),
  { path: ['plannedEnd'], error: 'Planned end must be after planned start' },
);

/**
 * POST /api/permits: a new draft permit of a type, requested by the caller. Its planned end must be
 * after its start and within the type's maximum validity (checked by the server: 400 naming plannedEnd).
 */
/** An external reference: the maintenance system's work order (SAP PM order, Maximo WONUM); one permit each. */
export const externalReferenceSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'External reference is required'),
    z.maxLength(100, 'External reference: at most 100 characters'),
  );
/** A new permit's fields and their window check (Hasp Connect's work-order create extends them). */
export const permitCreateFields = { permitTypeId: idSchema, ...coreFields };
export const permitWindowCheck = windowCheck;
export const permitCreateSchema = z
  .object({ ...permitCreateFields, externalReference: z.optional(externalReferenceSchema) })
  .check(windowCheck);
export type PermitCreate = z.infer<typeof permitCreateSchema>;

/**
 * The `edit` command's body (POST /api/permits/:id/commands/edit, If-Match: the version edited):
 * the core fields, whole. An edit of an approved permit sends it back to Requested and clears its
 * approvals; a stale version answers 409 and the page keeps the user's edits to reapply.
 */
export const permitEditSchema = z.object(coreFields).check(windowCheck);
export type PermitEdit = z.infer<typeof permitEditSchema>;

const person = z.object({ ID: z.int(), displayName: z.string() });

export const permitSchema = z.object({
  ID: z.int(),
  number: z.string(),
  permitType: z.object({
    ID: z.int(),
    code: z.string(),
    name: z.string(),
    icon: z.string(),
    color: z.string(),
    /** The sections this type enables: the permit page shows those, and only those. */
    sections: z.array(z.enum(permitSections)),
  }),
  status: z.enum(permitStatuses),
  title: z.string(),
  description: z.string(),
  workMethod: z.string(),
  area: z.nullable(z.object({ ID: z.int(), number: z.string(), name: z.string() })),
  assets: z.array(z.object({ ID: z.int(), number: z.string(), description: z.string() })),
  plannedStart: z.string(),
  plannedEnd: z.string(),
  /**
   * The facility's IANA time zone: the permit's screens say its times there. Optional only for
   * copies a device stored before it was sent.
   */
  timeZone: z.optional(z.string()),
  requester: person,
  holder: z.nullable(person),
  issuer: z.nullable(person),
  approvals: z.array(z.object({ user: person, approvedAt: z.string() })),
  riskLevel: z.nullable(z.enum(permitRiskLevels)),
  revision: z.int(),
  version: z.int(),
  extensionCount: z.int(),
  /** The reason of the last suspension (while suspended) or of the cancellation. */
  statusReason: z.nullable(z.string()),
  /**
   * Returned for rework: by whom, when, why and the note, until the requester requests it again.
   * Optional only for copies a device stored before returns existed; the server always sends it.
   */
  returned: z.optional(z.nullable(permitReturnSchema)),
  /**
   * A hand-over the incoming holder has not yet acknowledged: its notes, which the accept dialog
   * shows. Optional only for copies a device stored before handover notes existed.
   */
  pendingHandover: z.optional(z.nullable(permitHandoverSchema)),
  /** The lifecycle commands the caller may give now (`allowedCommands` on the server's facts): the buttons. */
  allowedCommands: z.array(z.enum(permitCommands)),
  voidedAt: z.nullable(z.string()),
  voidReason: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Permit = z.infer<typeof permitSchema>;

/**
 * POST /api/permits/:id/commands/<verb>: a lifecycle command (permit-lifecycle.ts). Body: the verb's
 * input schema (`permitCommandInputSchemas`, `permitEditSchema` for edit), `{}` for the others.
 * Headers: `Idempotency-Key` (a retry applies once), `If-Match: "<version>"` (stale → 409). Answers
 * the permit as it now is; a refusal answers 403/409/422 with the lifecycle's reason as the message
 * and its code in `details.code`.
 */
export const permitCommandParamsSchema = z.object({
  id: idParamSchema,
  verb: z.enum(permitCommands),
});

/**
 * One line of a permit's history tab (GET /api/permits/:id/history), from the audit trail, oldest
 * first: the permit's own rows and those of its isolation steps.
 */
export const permitHistoryEntrySchema = z.object({
  at: z.string(),
  /** The audit action: `permit.create`, `permit.approve`, `permit.hand-over`, ... */
  action: z.string(),
  actor: z.nullable(person).check(z.describe('Null for the system (the expiry job)')),
  fromStatus: z.nullable(z.enum(permitStatuses)),
  toStatus: z.nullable(z.enum(permitStatuses)),
  /** What changed, in words: "Title, Planned end", a reason, the new holder. */
  summary: z.string(),
  /** An extension's new planned end (ISO), so the page can say it in the reader's own date and time words. */
  plannedEnd: z.nullable(z.string()),
  /**
   * An isolation step (plan, lock, tag, crew): its kind and values, so screens and paper word it in the
   * reader's language (`summary` holds the English words); null for the permit's own lifecycle rows.
   */
  step: z.nullable(permitHistoryStepSchema),
  /** `summary` as a caption and its values, for the permit's own rows (absent where nothing is said or the words are a person's reason). */
  said: z.optional(z.nullable(saidSchema)),
});
export const permitHistorySchema = z.array(permitHistoryEntrySchema);
export type PermitHistoryEntry = z.infer<typeof permitHistoryEntrySchema>;

/**
 * Who is told when a command is given (the in-app inbox, and e-mail where the template says so: decision 0076): the confirmation
 * dialog shows this sentence, the server's notification handler sends to exactly these people.
 * Commands not listed notify nobody.
 */
export const permitCommandNotifyTexts = {
  request: 'Everyone who may approve this type of permit is notified.',
  approve: 'The requester is notified.',
  issue: 'The holder and the requester are notified.',
  suspend: 'The holder and the requester are notified.',
  'hand-over': 'The new holder and the current holder are notified.',
  reject: 'The requester is notified, with the reason.',
  close: 'The requester and the holder are notified.',
} satisfies Partial<Record<(typeof permitCommands)[number], string>>;
/** The same sentences, looked up by any verb (the caption catalog is `permitNotifiesCaptions`). */
export const permitCommandNotifies: Partial<Record<(typeof permitCommands)[number], string>> = permitCommandNotifyTexts;

/**
 * GET /api/permits/types/:code: what the create page needs of a type (permit:create:<CODE>): its id,
 * look and maximum validity (the planned window is checked against it), active types only.
 */
export const permitTypeInfoParamsSchema = z.object({ code: z.string().check(z.minLength(1), z.maxLength(50)) });
export const permitTypeInfoSchema = z.object({
  ID: z.int(),
  code: z.string(),
  name: z.string(),
  icon: z.string(),
  color: z.string(),
  maxValidityHours: z.int(),
  maxExtensions: z.int(),
  /** The type's sections (screen order): the create page hides the Risk picker when the hazard analysis sets it. */
  sections: z.array(z.enum(permitSections)),
});
export type PermitTypeInfo = z.infer<typeof permitTypeInfoSchema>;
