import * as z from 'zod/mini';
import { commandRoute } from './command-routes';
import { idParamSchema, idSchema } from './ids';
import { listInWords } from './list-words';
import { permitPermission, rightNavPermission } from './permissions';

/**
 * Tags (module `tags`): one per plan point (and per personal lock where the permit type says
 * so), numbered from the tag numbering pattern. Table `tags` (migration 2026-11-26T0900-loto). Each
 * tag's QR code opens a public status page `/t/<token>` (no sign-in; the token is revocable).
 */
export const tagStates = ['planned', 'printed', 'applied', 'verified', 'removed', 'voided', 'missing'] as const;
export type TagState = (typeof tagStates)[number];
export const tagStateLabels: Record<TagState, string> = {
  planned: 'Planned',
  printed: 'Printed',
  applied: 'Applied',
  verified: 'Verified',
  removed: 'Removed',
  voided: 'Voided',
  missing: 'Missing',
};
/** A tag in these states is on the equipment. */
export const appliedTagStates: readonly TagState[] = ['applied', 'verified'];
/** A permit closes only when every one of its tags is in one of these (the rest are listed in the refusal). */
export const finishedTagStates: readonly TagState[] = ['removed', 'voided', 'missing'];

/** The commands on one tag: `POST /api/permits/:permitId/tags/commands/<verb>` with `{ tagId, ... }`. */
export const tagCommands = [
  'mark-printed',
  'apply',
  'verify',
  'remove',
  'void',
  'report-missing',
  'revoke-link',
  'renew-link',
  'note',
] as const;
export type TagCommand = (typeof tagCommands)[number];

export const tagCommandLabels: Record<TagCommand, string> = {
  'mark-printed': 'Mark printed',
  apply: 'Apply',
  verify: 'Verify',
  remove: 'Remove',
  void: 'Void',
  'report-missing': 'Report missing',
  'revoke-link': 'Revoke link',
  'renew-link': 'New link',
  note: 'Add note',
};

/**
 * The state changes (the rest of the commands keep the state): a removed, voided or missing tag is
 * finished for good (a removed tag never returns to Applied: a new tag is planned instead).
 */
export const tagTransitions: Partial<Record<TagCommand, { from: readonly TagState[]; to: TagState }>> = {
  'mark-printed': { from: ['planned'], to: 'printed' },
  apply: { from: ['planned', 'printed'], to: 'applied' },
  verify: { from: ['applied'], to: 'verified' },
  remove: { from: ['applied', 'verified'], to: 'removed' },
  void: { from: ['planned', 'printed'], to: 'voided' },
  'report-missing': { from: ['applied', 'verified'], to: 'missing' },
};

/** What the tag rules need to know of a tag and who acts. */
export interface TagFacts {
  state: TagState;
  appliedBy: number | null;
  linkRevoked: boolean;
  /** A tag on a personal lock still on: who applied that lock (the tag is theirs to hang). */
  lockApplierId?: number | null;
  /** The tag's permit is closed: its record is final, its tags' links no longer change. */
  permitClosed?: boolean;
}

/** Tags whose paper is finished with: nothing is printed for them again. */
const doneTagStates: readonly TagState[] = ['removed', 'voided'];

/**
 * Why a command is refused on this tag by this person, or null when it is allowed. The permission
 * (viewing the permit's type) is the server's; these are the tag's own rules.
 */
export function tagRefusal(tag: TagFacts, userId: number | null, command: TagCommand): string | null {
  const transition = tagTransitions[command];
  if (transition && !transition.from.includes(tag.state)) {
    const from = transition.from.map((s) => tagStateLabels[s]).join(' or ');
    return `${tagCommandLabels[command]}: the tag is ${tagStateLabels[tag.state]}; only a tag that is ${from} can be.`;
  }
  if (command === 'remove' && tag.appliedBy !== userId) {
    return 'Only the person who applied this tag may remove it (a supervisor uses abandoned removal).';
  }
  if (command === 'revoke-link' && tag.linkRevoked) return 'Revoke link: the link is already revoked.';
  const link = command === 'revoke-link' || command === 'renew-link';
  if (link && tag.permitClosed)
    return `${tagCommandLabels[command]}: the permit is closed; its tags' links stay as they are.`;
  if (command === 'note' && tag.permitClosed) return "Add note: the permit is closed; its tags' record is final.";
  if (command === 'note' && finishedTagStates.includes(tag.state))
    return `Add note: the tag is ${tagStateLabels[tag.state]}; notes are for a tag that hangs or is about to.`;
  if (command === 'renew-link' && doneTagStates.includes(tag.state)) {
    return `New link: the tag is ${tagStateLabels[tag.state]}; no new label is printed for it.`;
  }
  return null;
}

/**
 * Who a tag command is for, besides viewing the permit's type (`permit:view:<CODE>`, checked for
 * every verb): the tag's applier (or the owner of the personal lock it goes on), the permit's issuer or holder, the type's isolating authority
 * (`permit:issue:<CODE>`, who isolates and verifies the plan's points) or the print list's people
 * (`rightnav:print-list`). Someone who may only view the permit gives none of them: a tag reported
 * missing can no longer be removed by its applier, a revoked link stops the QR page.
 */
export type TagRole = 'applier' | 'lock-applier' | 'issuer' | 'holder' | 'isolating-authority' | 'print-list';
export const tagCommandRoles: Record<TagCommand, readonly TagRole[]> = {
  // Paper is the printers' and the permit's people's; nobody has applied the tag yet.
  'mark-printed': ['lock-applier', 'issuer', 'holder', 'isolating-authority', 'print-list'],
  // Whoever hangs it becomes its applier: the people who isolate under this permit, and on a
  // personal lock (a missing tag's replacement) its owner, whose sign-off takes the tag off again.
  apply: ['lock-applier', 'issuer', 'holder', 'isolating-authority'],
  verify: ['applier', 'issuer', 'holder', 'isolating-authority'],
  // Only the applier (a supervisor uses abandoned removal, OSHA 1910.147 (e)(3)).
  remove: ['applier'],
  void: ['issuer', 'holder', 'isolating-authority'],
  'report-missing': ['applier', 'issuer', 'holder', 'isolating-authority'],
  'revoke-link': ['applier', 'issuer', 'holder', 'isolating-authority'],
  'renew-link': ['applier', 'issuer', 'holder', 'isolating-authority'],
  // What the next person at the point should know (a hasp that would not close, where the tag hangs).
  note: ['applier', 'lock-applier', 'issuer', 'holder', 'isolating-authority'],
};

const roleWords: Record<TagRole, string> = {
  applier: 'the person who applied the tag',
  'lock-applier': 'the person whose lock it goes on',
  issuer: "the permit's issuer",
  holder: "the permit's holder",
  'isolating-authority': 'someone who may issue {type} permits',
  'print-list': 'someone who may use the print list',
};

/** The permit a tag is on, as its person rules need it. */
export interface TagPermitFacts {
  typeCode: string;
  issuerId: number | null;
  holderId: number | null;
}

/** Who asks: their user ID (null: the system) and their permissions in the permit's facility. */
export interface TagActor {
  userId: number | null;
  permissions: ReadonlySet<string>;
}

function holdsRole(role: TagRole, tag: TagFacts, permit: TagPermitFacts, actor: TagActor): boolean {
  const me = actor.userId;
  switch (role) {
    case 'applier':
      return me !== null && tag.appliedBy === me;
    case 'lock-applier':
      return me !== null && tag.lockApplierId === me;
    case 'issuer':
      return me !== null && permit.issuerId === me;
    case 'holder':
      return me !== null && permit.holderId === me;
    case 'isolating-authority':
      return actor.permissions.has(permitPermission('issue', permit.typeCode));
    case 'print-list':
      return actor.permissions.has(rightNavPermission('print-list'));
  }
}

/**
 * Why this person may not give the command on this tag (null: they may), by tagCommandRoles; the
 * state rules are tagRefusal's. The server answers it 403; the buttons leave the command out.
 */
export function tagPersonRefusal(
  tag: TagFacts,
  permit: TagPermitFacts,
  actor: TagActor,
  command: TagCommand,
): string | null {
  if (!actor.permissions.has(permitPermission('view', permit.typeCode)))
    return `You need the permission permit:view:${permit.typeCode} to change this permit's tags.`;
  const roles = tagCommandRoles[command];
  if (roles.some((role) => holdsRole(role, tag, permit, actor))) return null;
  const who = roles.map((role) => roleWords[role].replace('{type}', permit.typeCode));
  return `${tagCommandLabels[command]}: only ${listInWords(who, 'or')} may do this.`;
}

/** The commands this person may give on this tag now (the permit page shows these as buttons). */
export const allowedTagCommands = (tag: TagFacts, permit: TagPermitFacts, actor: TagActor): TagCommand[] =>
  tagCommands.filter(
    (c) => tagRefusal(tag, actor.userId, c) === null && tagPersonRefusal(tag, permit, actor, c) === null,
  );

/** A note on a tag: one or two sentences a phone's keyboard writes at the point. */
export const TAG_NOTE_MAX = 500;

const reasonText = (label: string) =>
  z
    .string()
    .check(z.trim(), z.minLength(1, `${label} is required`), z.maxLength(2000, `${label}: at most 2000 characters`));

/** The body of each tag command: the tag, and the reason where one is asked for. */
export const tagCommandInputSchemas: Record<TagCommand, z.ZodMiniObject> = {
  'mark-printed': z.object({ tagId: idSchema }),
  apply: z.object({ tagId: idSchema }),
  verify: z.object({ tagId: idSchema }),
  remove: z.object({ tagId: idSchema }),
  void: z.object({ tagId: idSchema, reason: reasonText('Reason') }),
  'report-missing': z.object({ tagId: idSchema, reason: z.optional(z.string().check(z.trim(), z.maxLength(2000))) }),
  'revoke-link': z.object({ tagId: idSchema }),
  'renew-link': z.object({ tagId: idSchema }),
  note: z.object({
    tagId: idSchema,
    note: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, 'Note is required'),
        z.maxLength(TAG_NOTE_MAX, `Note: at most ${TAG_NOTE_MAX} characters`),
      ),
  }),
};
export interface TagCommandInput {
  tagId: number;
  reason?: string;
  /** A note's text (`note`). */
  note?: string;
}

export const tagParamsSchema = z.object({ permitId: idParamSchema });

/** The tag commands a device queues offline; the others (printing, voiding, the report link) need the server. */
export const tagOfflineCommands = [
  'apply',
  'verify',
  'remove',
  'report-missing',
  'note',
] as const satisfies readonly TagCommand[];
export type TagOfflineCommand = (typeof tagOfflineCommands)[number];

/** Each tag command's route: the URL names the permit, the body the tag, which is the runner's target. */
export const tagCommandRoutes = tagCommands.map((verb) =>
  commandRoute({
    name: `tag.${verb}`,
    path: `/permits/:permitId/tags/commands/${verb}`,
    params: tagParamsSchema,
    body: tagCommandInputSchemas[verb],
    offline: (tagOfflineCommands as readonly TagCommand[]).includes(verb),
    invocation: (permitId, body) => ({
      targetId: (body as TagCommandInput).tagId,
      input: { ...(body as TagCommandInput), permitId },
    }),
  }),
);

const person = z.object({ ID: z.int(), displayName: z.string() });
/** Who hung a tag and how to reach them, as the tag names them (left out by copies saved before). */
const applier = z.object({
  ...person.shape,
  department: z.optional(z.nullable(z.string())),
  contact: z.optional(z.nullable(z.string())),
});
const instant = z.nullable(z.string());

/** A tag as the permit's Tags section shows it (GET /api/permits/:permitId/tags). */
export const tagSchema = z.object({
  ID: z.int(),
  number: z.string(),
  permitId: z.int(),
  planPointId: z.nullable(z.int()),
  lockApplicationId: z.nullable(z.int()),
  legend: z.nullable(z.object({ ID: z.int(), value: z.string() })),
  reason: z.string(),
  state: z.enum(tagStates),
  point: z.nullable(z.object({ code: z.string(), location: z.string() })),
  printedAt: instant,
  appliedBy: z.nullable(applier),
  appliedAt: instant,
  verifiedBy: z.nullable(person),
  verifiedAt: instant,
  removedBy: z.nullable(person),
  removedAt: instant,
  voidedAt: instant,
  voidReason: z.nullable(z.string()),
  missingAt: instant,
  replacesTagId: z.nullable(z.int()),
  /** Notes for the next person at the point, oldest first (left out by copies saved before). */
  notes: z.optional(z.array(z.object({ text: z.string(), by: person, at: z.string() }))),
  /** The QR address's token (`/t/<token>`); null once revoked (renew-link gives a new one). */
  statusToken: z.nullable(z.string()),
  version: z.int(),
  /** The commands the signed-in user may give on this tag now. */
  allowedCommands: z.array(z.enum(tagCommands)),
});
export type Tag = z.infer<typeof tagSchema>;
export const tagListSchema = z.array(tagSchema);

/** The public status page's path for a token (the QR code holds the full address). */
export const tagStatusPath = (token: string) => `/t/${token}`;

/** A status token as it appears in an address: 128 random bits, base64url (22 characters). */
export const tagTokenParamsSchema = z.object({ token: z.string().check(z.minLength(1), z.maxLength(64)) });

/**
 * GET /api/public/tags/:token — no sign-in. What anyone holding the tag may see, and nothing else:
 * the tag's legend and number and state, its facility, its point, its permit's number, status and
 * expected end, who applied it and when, and when any of that last changed. Times are instants; the
 * page shows them in the facility's zone (`timeZone`), where the tag hangs. A revoked or unknown token
 * answers 404 with one body.
 */
export const publicTagStatusSchema = z.object({
  legend: z.string(),
  facilityName: z.string(),
  timeZone: z.string(),
  number: z.string(),
  stateLabel: z.string(),
  pointCode: z.nullable(z.string()),
  pointLocation: z.nullable(z.string()),
  permitNumber: z.string(),
  permitStatusLabel: z.string(),
  appliedByName: z.nullable(z.string()),
  appliedByDepartment: z
    .nullable(z.string())
    .check(z.describe("The applier's department or crew; null before it is hung")),
  appliedByContact: z.nullable(z.string()).check(z.describe('How to reach the applier (phone, radio channel)')),
  appliedAt: instant,
  plannedEnd: z.string(),
  lastChangedAt: z.string(),
});
export type PublicTagStatus = z.infer<typeof publicTagStatusSchema>;
/** The one answer for a revoked or unknown token (the page shows it as is). */
export const TAG_LINK_GONE_MESSAGE = 'This tag link has been revoked or does not exist.';
