import * as z from 'zod/mini';
import { PG_INT_MAX, idSchema } from './ids';
import { permitPermission, type PermitTypeAction } from './permissions';
import { defineCaptions, type Caption } from './captions/define-captions';
import {
  permitCommandFromCaptions,
  permitCommandVerbCaptions,
  permitInputProblemCaptions,
  permitLifecycleRuleCaptions as words,
} from './captions/permit-lifecycle';
import { permitCommands, type PermitCommand } from './permit-commands';
import { say, sayTogether, type Said, type Spoken } from './said';
import { sealedSignatureSchema } from './signature-seal';
import { localTimeWithOffset } from './wall-clock';

/**
 * The permit lifecycle as a pure state machine (decision 0030). The server's command
 * runner asks `decide` before a lifecycle command runs; the web asks `allowedCommands` which buttons
 * to show. Both read the same table, so a button is never offered that the server would refuse for
 * state, permission or person (input-dependent refusals, like a missing reason, come at submit).
 */

/** Stored status values (snake_case: they are column values). */
export const permitStatuses = [
  'draft',
  'requested',
  'approved',
  'isolated',
  'issued',
  'active',
  'suspended',
  'live_for_test',
  'work_complete',
  'de_isolation',
  'closed',
  'cancelled',
  'expired',
] as const;
export type PermitStatus = (typeof permitStatuses)[number];

export const permitStatusLabels: Record<PermitStatus, string> = {
  draft: 'Draft',
  requested: 'Requested',
  approved: 'Approved',
  isolated: 'Isolated',
  issued: 'Issued',
  active: 'Active',
  suspended: 'Suspended',
  live_for_test: 'Live for test',
  work_complete: 'Work complete',
  de_isolation: 'De-isolation',
  closed: 'Closed',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

/**
 * The statuses as captions, keyed by the stored value. Defined here, beside their labels, since the
 * lifecycle's refusals name them as terms (captions/permits.ts exports them with the permit page's).
 */
export { permitCommands, type PermitCommand };

export const permitStatusCaptions = defineCaptions('Label', 'Permit_Status', permitStatusLabels);

/** Terminal statuses: nothing changes a closed or cancelled permit. */
export const terminalPermitStatuses: readonly PermitStatus[] = ['closed', 'cancelled'];

export const permitCommandLabels: Record<PermitCommand, string> = {
  request: 'Request',
  edit: 'Edit',
  approve: 'Approve',
  reject: 'Reject',
  isolate: 'Isolate',
  issue: 'Issue',
  accept: 'Accept',
  suspend: 'Suspend',
  revalidate: 'Revalidate',
  'start-test': 'Start live test',
  'end-test': 'End live test',
  extend: 'Extend',
  'hand-over': 'Hand over',
  'complete-work': 'Complete work',
  'de-isolate': 'De-isolate',
  close: 'Close',
  cancel: 'Cancel',
  expire: 'Expire',
};

/** The commands as the buttons and the history name them, keyed by verb (captions as `permitStatusCaptions`). */
export const permitCommandCaptions = defineCaptions('Button', 'Permit_Command', permitCommandLabels);

const reasonSchema = z.string().check(z.trim(), z.minLength(1, 'Reason is required'), z.maxLength(2000));
/** Approving signs a stage: the signer types their password again (decision 0051). Never trimmed. */
const signingPasswordSchema = z
  .string('Enter your password to sign')
  .check(z.minLength(1, 'Enter your password to sign'), z.maxLength(1024));

/**
 * What proves the signer is who they say, just now (decision 0051): the password typed again, or,
 * for a single sign-on user, the one-time token the identity provider's forced login returned the
 * browser with (decision 0059), or, signed offline, the password sealed to the server's key for the
 * one queued command it signs (decision 0102), so no outbox holds it plainly.
 */
export const signingProof = {
  password: signingPasswordSchema,
  signingIntent: z.string().check(z.minLength(16), z.maxLength(100)),
  sealedSignature: sealedSignatureSchema,
} as const;

/** A verb's body that carries a signature: its own fields and one proof (password, intent or sealed password). */
export const signedBody = <S extends z.core.$ZodLooseShape>(shape: S) =>
  z.union(
    [
      z.object({ ...shape, password: signingProof.password }),
      z.object({ ...shape, signingIntent: signingProof.signingIntent }),
      z.object({ ...shape, sealedSignature: signingProof.sealedSignature }),
    ],
    // Neither: the password is what most signers are missing.
    { error: 'Enter your password to sign' },
  );

/**
 * The verbs that hand over responsibility, each electronically signed (HSG250: issue and acceptance
 * by different people, each signed; Part 11: name, time and meaning on every signature).
 */
export const signedPermitCommands = ['approve', 'issue', 'accept', 'hand-over', 'complete-work'] as const;
export type SignedPermitCommand = (typeof signedPermitCommands)[number];
export const isSignedPermitCommand = (command: string): command is SignedPermitCommand =>
  (signedPermitCommands as readonly string[]).includes(command);

/**
 * Returning for rework names why: an item of the facility's "Rejection reasons" master list (the
 * server checks it is one, and active) and a note, which the item "Other" requires.
 */
export const REJECTION_NOTE_MAX = 2000;
const rejectSchema = z.object({
  reasonId: z.int('Pick a rejection reason').check(z.positive('Pick a rejection reason'), z.lte(PG_INT_MAX)),
  note: z.optional(
    z.string().check(z.trim(), z.maxLength(REJECTION_NOTE_MAX, `Note: at most ${REJECTION_NOTE_MAX} characters`)),
  ),
});

/**
 * Shift change (1910.147 (f)(4)): the outgoing holder's notes, which the incoming holder reads and
 * acknowledges with the signature of their acceptance. Both texts are required: "None" is an answer,
 * an empty box is not (a handover log that is silent cannot be told from one that was skipped).
 */
export const HANDOVER_NOTE_MAX = 2000;
export const handoverNotesShape = {
  abnormalConditions: z
    .string('Abnormal conditions: say what is not normal, or write None')
    .check(
      z.trim(),
      z.minLength(1, 'Abnormal conditions: say what is not normal, or write None'),
      z.maxLength(HANDOVER_NOTE_MAX, `Abnormal conditions: at most ${HANDOVER_NOTE_MAX} characters`),
    ),
  workRemaining: z
    .string('Work remaining: say what is left to do, or write None')
    .check(
      z.trim(),
      z.minLength(1, 'Work remaining: say what is left to do, or write None'),
      z.maxLength(HANDOVER_NOTE_MAX, `Work remaining: at most ${HANDOVER_NOTE_MAX} characters`),
    ),
  /** The locks on the permit that stay on through the handover (the server checks each is on it now). */
  locksStaying: z.array(idSchema).check(z.maxLength(500, 'Locks staying on: at most 500')),
} as const;

/** The body each command takes; commands not listed take none. */
export const permitCommandInputSchemas = {
  suspend: z.object({ reason: reasonSchema }),
  cancel: z.object({ reason: reasonSchema }),
  extend: z.object({ plannedEnd: z.iso.datetime({ offset: true }) }),
  'hand-over': signedBody({ newHolderId: idSchema, ...handoverNotesShape }),
  reject: rejectSchema,
  // The signed verbs (signedPermitCommands): the password again, or a single sign-on user's intent.
  approve: signedBody({}),
  issue: signedBody({}),
  // After a hand-over the incoming holder confirms they have read its notes (the pending handover).
  accept: signedBody({ acknowledgesHandover: z.optional(z.literal(true)) }),
  'complete-work': signedBody({}),
} as const;
type InputCommand = keyof typeof permitCommandInputSchemas;
export type PermitCommandInput<C extends PermitCommand = PermitCommand> = C extends InputCommand
  ? z.infer<(typeof permitCommandInputSchemas)[C]>
  : Record<string, never>;
type AnyInput = {
  reason?: string;
  plannedEnd?: string;
  newHolderId?: number;
  password?: string;
  signingIntent?: string;
  sealedSignature?: { keyId: number; ciphertext: string };
  reasonId?: number;
  note?: string;
  acknowledgesHandover?: true;
};

type Instant = Date | string;
const ms = (t: Instant) => (t instanceof Date ? t.getTime() : Date.parse(t));

/** What the machine needs to know about a permit (the server reads it from the locked row). */
export interface PermitFacts {
  status: PermitStatus;
  typeCode: string;
  requesterId: number;
  holderId: number | null;
  issuerId: number | null;
  approverIds: readonly number[];
  plannedStart: Instant | null;
  plannedEnd: Instant | null;
  extensionCount: number;
  /** From the permit type: how many extensions, and the longest validity (start → end). */
  maxExtensions: number;
  maxValidityHours: number;
  now: Instant;
  /**
   * The facility's IANA time zone, for the times a refusal names (the permit's start). Absent (a
   * device offline does not know it): UTC, still with its offset, so the time is never misread.
   */
  timeZone?: string;
  /**
   * Approval stages not yet signed for the permit's risk level, counting the one the next approval
   * signs (decision 0050). Absent: one (a single approval approves).
   */
  approvalStagesLeft?: number;
  /**
   * A hand-over whose notes the incoming holder has not yet acknowledged (its ID), null or absent
   * when none: accepting then needs the acknowledgment.
   */
  pendingHandoverId?: number | null;
}

/** Who asks. Permissions are the actor's for this permit's facility (`permit:approve:LOTO`, ...). */
export interface PermitActor {
  userId: number | null;
  permissions: ReadonlySet<string>;
  /**
   * The system (the expiry job, the gas test suspension). A system actor is no person: it may only
   * expire a permit, and suspend one (a gas reading out of limits stops the work).
   */
  isSystem: boolean;
}

export type PermitDenialCode =
  | 'NOT_ALLOWED_FROM_STATE'
  | 'FORBIDDEN'
  | 'NOT_THE_RIGHT_PERSON'
  | 'SEPARATION_OF_DUTIES'
  | 'INVALID_INPUT'
  | 'LIMIT_REACHED'
  | 'PRECONDITION_FAILED';

/** Suggested HTTP status for each refusal (409: the permit's state; 422: the input; 403: who). */
export const permitDenialHttpStatus: Record<PermitDenialCode, 403 | 409 | 422> = {
  NOT_ALLOWED_FROM_STATE: 409,
  FORBIDDEN: 403,
  NOT_THE_RIGHT_PERSON: 403,
  SEPARATION_OF_DUTIES: 403,
  INVALID_INPUT: 422,
  LIMIT_REACHED: 422,
  PRECONDITION_FAILED: 409,
};

export interface PermitDenial {
  ok: false;
  code: PermitDenialCode;
  /** In English, for the API's callers and a screen whose captions have not loaded. */
  reason: string;
  /** The same words as a caption and its values, so each reader reads them in their language. */
  said: Said;
}

/** What the use case must apply besides `status = to`. */
export interface PermitEffects {
  clearsApprovals?: true;
  addsApprover?: number;
  setsIssuer?: number;
  setsHolder?: number;
  extensionCount?: number;
  plannedEnd?: string;
  reason?: string;
  /** Returned for rework: the rejection reason's master-list item and the note (the server checks the item). */
  returnsForRework?: { reasonId: number; note: string };
}

export type PermitDecision = { ok: true; from: PermitStatus; to: PermitStatus; effects: PermitEffects } | PermitDenial;

export interface GuardContext<F extends PermitFacts = PermitFacts> {
  facts: F;
  actor: PermitActor;
  command: PermitCommand;
  /** Undefined when `allowedCommands` asks: guards on input then pass, `decide` checks them. */
  input: AnyInput | undefined;
}
/** A guard answers null when satisfied, or the refusal. */
export type PermitGuard<F extends PermitFacts = PermitFacts> = (
  ctx: GuardContext<F>,
) => Omit<PermitDenial, 'ok'> | null;

/**
 * Guards later issues add (isolation complete, no crew signed on, all tags removed, signatures),
 * keyed by command, so they plug in without editing the table. Their facts extend `PermitFacts`.
 */
export type PermitGuardHooks<F extends PermitFacts = PermitFacts> = Partial<Record<PermitCommand, PermitGuard<F>[]>>;

/**
 * A refusal: its code, and its words in English (`reason`) and as a caption (`said`). Given as a
 * function, the words are said only when read: the buttons ask only whether a guard refuses, for
 * every row of thousands of permits at once (the offline download), and never read them.
 */
export const deny = (code: PermitDenialCode, spoken: Spoken | (() => Spoken)): Omit<PermitDenial, 'ok'> =>
  typeof spoken === 'function' ? new UnsaidDenial(code, spoken) : { code, reason: spoken.message, said: spoken.said };

/** A refusal whose words are said when first read (a class: its getters cost nothing to create). */
class UnsaidDenial implements Omit<PermitDenial, 'ok'> {
  private words: Spoken | undefined;
  constructor(
    readonly code: PermitDenialCode,
    private readonly speak: () => Spoken,
  ) {}
  get reason(): string {
    return (this.words ??= this.speak()).message;
  }
  get said(): Said {
    return (this.words ??= this.speak()).said;
  }
}

/** A command as a sentence names it ("close"), a term the reader's language says. */
const verb = (c: PermitCommand): Record<'command', Caption> => ({ command: permitCommandVerbCaptions[c] });

// ---- Guards (each reads like its name in the table below) ----

/** The permit-type permission the command needs. */
const can =
  (action: PermitTypeAction): PermitGuard =>
  ({ facts, actor, command }) =>
    actor.permissions.has(permitPermission(action, facts.typeCode))
      ? null
      : deny('FORBIDDEN', () =>
          say(words.needsPermission, { permission: permitPermission(action, facts.typeCode) }, verb(command)),
        );

const isRequester: PermitGuard = ({ facts, actor, command }) =>
  actor.userId === facts.requesterId
    ? null
    : deny('NOT_THE_RIGHT_PERSON', () => say(words.onlyRequester, {}, verb(command)));

const isHolder: PermitGuard = ({ facts, actor, command }) =>
  facts.holderId !== null && actor.userId === facts.holderId
    ? null
    : deny('NOT_THE_RIGHT_PERSON', () => say(words.onlyHolder, {}, verb(command)));

const notRequester: PermitGuard = ({ facts, actor, command }) =>
  actor.userId !== facts.requesterId
    ? null
    : // Said to the requester (the one person it refuses), where the button would be.
      deny('SEPARATION_OF_DUTIES', () =>
        command === 'approve' ? say(words.requesterApproves) : say(words.requesterMustNot, {}, verb(command)),
      );

/** Those who judge a permit before work (its approvers and issuing authorities) may send it back. */
const approverOrIssuer: PermitGuard = ({ facts, actor, command }) =>
  actor.permissions.has(permitPermission('approve', facts.typeCode)) ||
  actor.permissions.has(permitPermission('issue', facts.typeCode))
    ? null
    : deny('FORBIDDEN', () =>
        say(
          words.needsEitherPermission,
          { approve: permitPermission('approve', facts.typeCode), issue: permitPermission('issue', facts.typeCode) },
          verb(command),
        ),
      );

/** The issuing authority never holds the permit it issues (HSG250: issuer ≠ holder). */
const notHolder: PermitGuard = ({ facts, actor, command }) =>
  actor.userId !== facts.holderId
    ? null
    : deny('SEPARATION_OF_DUTIES', () => say(words.holderMustNot, {}, verb(command)));

const holderIsNamed: PermitGuard = ({ facts }) =>
  facts.holderId !== null ? null : deny('PRECONDITION_FAILED', () => say(words.nameHolder));

/**
 * Nobody accepts a permit, and so starts work under it, before its validity starts: until then it
 * is Issued and awaiting its start (the page counts down to it).
 */
const startReached: PermitGuard = ({ facts }) => {
  const start = facts.plannedStart;
  if (start === null || ms(facts.now) >= ms(start)) return null;
  return deny('PRECONDITION_FAILED', () =>
    say(words.validFrom, { start: localTimeWithOffset(new Date(ms(start)), facts.timeZone ?? 'UTC') }),
  );
};

const holderNotIssuer: PermitGuard = ({ facts }) =>
  facts.holderId !== facts.issuerId ? null : deny('SEPARATION_OF_DUTIES', () => say(words.holderIssued));

const requesterOrApprover: PermitGuard = (ctx) => {
  const { facts, actor } = ctx;
  if (actor.userId === facts.requesterId && actor.permissions.has(permitPermission('create', facts.typeCode)))
    return null;
  if (actor.permissions.has(permitPermission('approve', facts.typeCode))) return null;
  return deny('FORBIDDEN', () => say(words.onlyRequesterOrApprover));
};

/** Hand-over is started by the outgoing holder or by the issuing authority (not both the same). */
const holderOrIssuer: PermitGuard = ({ facts, actor }) => {
  if (facts.holderId !== null && actor.userId === facts.holderId) return null;
  if (actor.permissions.has(permitPermission('issue', facts.typeCode))) return null;
  return deny('NOT_THE_RIGHT_PERSON', () => say(words.onlyHolderOrIssuer));
};

/** The incoming holder accepts only having confirmed the handover notes were read ((f)(4)). */
const handoverAcknowledged: PermitGuard = ({ facts, input }) => {
  if (!input || facts.pendingHandoverId == null || input.acknowledgesHandover === true) return null;
  return deny('INVALID_INPUT', () => say(words.readHandover));
};

const newHolderValid: PermitGuard = ({ facts, input }) => {
  if (!input) return null;
  if (input.newHolderId === facts.holderId) return deny('INVALID_INPUT', () => say(words.newHolderIsHolder));
  if (input.newHolderId === facts.issuerId) return deny('SEPARATION_OF_DUTIES', () => say(words.issuerCannotHold));
  return null;
};

const extensionsLeft: PermitGuard = ({ facts }) =>
  facts.extensionCount < facts.maxExtensions
    ? null
    : deny('LIMIT_REACHED', () => say(words.extensionsUsed, { count: facts.extensionCount, max: facts.maxExtensions }));

const withinMaxValidity: PermitGuard = ({ facts, input }) => {
  if (!input?.plannedEnd) return null;
  const end = ms(input.plannedEnd);
  if (facts.plannedEnd !== null && end <= ms(facts.plannedEnd))
    return deny('INVALID_INPUT', () => say(words.extendLater));
  if (facts.plannedStart !== null && end > ms(facts.plannedStart) + facts.maxValidityHours * 3_600_000)
    return deny('LIMIT_REACHED', () => say(words.beyondMaxValidity, { hours: facts.maxValidityHours }));
  return null;
};

const personOnly: PermitGuard = ({ actor, command }) =>
  actor.isSystem ? deny('FORBIDDEN', () => say(words.systemCannot, {}, verb(command))) : null;

/** The system may give the command whatever it holds; a person needs what `guard` asks. */
const systemOr =
  (guard: PermitGuard): PermitGuard =>
  (ctx) =>
    ctx.actor.isSystem ? null : guard(ctx);

const systemOnly: PermitGuard = ({ actor }) =>
  actor.isSystem ? null : deny('FORBIDDEN', () => say(words.onlyExpiryJob));

const validityEnded: PermitGuard = ({ facts }) =>
  facts.plannedEnd !== null && ms(facts.now) >= ms(facts.plannedEnd)
    ? null
    : deny('PRECONDITION_FAILED', () => say(words.validityNotEnded));

export interface PermitTransition {
  from: PermitStatus;
  command: PermitCommand;
  to: PermitStatus;
  guards: PermitGuard[];
  /** A command that is one step of several (signing one approval stage): while true, the status stays `from`. */
  staysWhile?: (facts: PermitFacts) => boolean;
}

/** More than the stage this approval signs is left: the permit stays Requested. */
const otherStagesLeft = (facts: PermitFacts) => (facts.approvalStagesLeft ?? 1) > 1;

const t = (
  from: PermitStatus,
  command: PermitCommand,
  to: PermitStatus,
  ...guards: PermitGuard[]
): PermitTransition => ({
  from,
  command,
  to,
  // Every command but these is a person's act.
  guards: systemCommands.includes(command) ? guards : [personOnly, ...guards],
});

/**
 * What the system gives on its own: `expire` (the expiry job) and `suspend` (a gas test with a
 * reading out of limits recorded on an active permit stops the work at once).
 */
export const systemCommands: readonly PermitCommand[] = ['expire', 'suspend'];

/** The policy table: one row per (from, command). No row, no transition. */
export const permitTransitions: readonly PermitTransition[] = [
  t('draft', 'edit', 'draft', can('create'), isRequester),
  t('draft', 'request', 'requested', can('create'), isRequester),
  t('draft', 'cancel', 'cancelled', can('create'), isRequester),
  t('requested', 'edit', 'requested', can('create'), isRequester),
  // Each approval signs the next stage of the permit's risk level; the last one approves it.
  { ...t('requested', 'approve', 'approved', can('approve'), notRequester), staysWhile: otherStagesLeft },
  t('requested', 'cancel', 'cancelled', requesterOrApprover),
  // Returned for rework to its requester, with the reason; approvals so far stop counting (effect:
  // clearsApprovals). Not once Isolated: points are isolated then, and a return would leave them so.
  t('requested', 'reject', 'draft', approverOrIssuer, notRequester),
  // A core edit after approval sends the permit back for approval (effect: clearsApprovals).
  t('approved', 'edit', 'requested', can('create'), isRequester),
  t('approved', 'isolate', 'isolated', can('issue')),
  t('approved', 'cancel', 'cancelled', requesterOrApprover),
  t('approved', 'reject', 'draft', approverOrIssuer, notRequester),
  t('isolated', 'issue', 'issued', can('issue'), holderIsNamed, notHolder),
  // Once isolated, the only way out is de-isolation (isolations must be restored).
  t('isolated', 'de-isolate', 'de_isolation', can('issue')),
  t('isolated', 'expire', 'expired', systemOnly, validityEnded),
  t('issued', 'accept', 'active', can('view'), isHolder, holderNotIssuer, handoverAcknowledged, startReached),
  t('issued', 'expire', 'expired', systemOnly, validityEnded),
  t('active', 'suspend', 'suspended', systemOr(can('issue'))),
  t('active', 'start-test', 'live_for_test', can('issue'), notHolder),
  t('active', 'extend', 'active', can('issue'), notHolder, extensionsLeft, withinMaxValidity),
  // Hand-over names the new holder and returns to Issued; the new holder's `accept` makes it Active.
  t('active', 'hand-over', 'issued', holderOrIssuer, newHolderValid),
  t('active', 'complete-work', 'work_complete', can('view'), isHolder),
  t('active', 'expire', 'expired', systemOnly, validityEnded),
  t('live_for_test', 'end-test', 'active', can('issue'), notHolder),
  t('live_for_test', 'suspend', 'suspended', systemOr(can('issue'))),
  t('live_for_test', 'expire', 'expired', systemOnly, validityEnded),
  t('suspended', 'revalidate', 'active', can('issue'), notHolder),
  t('suspended', 'extend', 'suspended', can('issue'), notHolder, extensionsLeft, withinMaxValidity),
  t('suspended', 'expire', 'expired', systemOnly, validityEnded),
  t('work_complete', 'de-isolate', 'de_isolation', can('issue')),
  // An expired permit's isolations stay in force until it is handed back through de-isolation.
  t('expired', 'de-isolate', 'de_isolation', can('issue')),
  t('de_isolation', 'close', 'closed', can('issue')),
];

/** The permission action each command needs (for docs, the matrix test and the catalogue). */
export const permitCommandAction: Record<
  PermitCommand,
  PermitTypeAction | 'system' | 'holder-or-issue' | 'requester-or-approve' | 'approve-or-issue'
> = {
  request: 'create',
  edit: 'create',
  approve: 'approve',
  reject: 'approve-or-issue',
  isolate: 'issue',
  issue: 'issue',
  accept: 'view',
  suspend: 'issue',
  revalidate: 'issue',
  'start-test': 'issue',
  'end-test': 'issue',
  extend: 'issue',
  'hand-over': 'holder-or-issue',
  'complete-work': 'view',
  'de-isolate': 'issue',
  close: 'issue',
  cancel: 'requester-or-approve',
  expire: 'system',
};

const findTransition = (from: PermitStatus, command: PermitCommand) =>
  permitTransitions.find((row) => row.from === from && row.command === command);

/** The statuses a command is given from, in the table's order. */
export const permitCommandFromStates = (command: PermitCommand): PermitStatus[] =>
  permitTransitions.filter((row) => row.command === command).map((row) => row.from);

function effectsOf(facts: PermitFacts, actor: PermitActor, row: PermitTransition, input: AnyInput): PermitEffects {
  switch (row.command) {
    case 'edit':
      return row.from === 'approved' ? { clearsApprovals: true } : {};
    case 'approve':
      return actor.userId === null ? {} : { addsApprover: actor.userId };
    case 'issue':
    case 'revalidate':
      return actor.userId === null ? {} : { setsIssuer: actor.userId };
    case 'extend':
      return { extensionCount: facts.extensionCount + 1, plannedEnd: input.plannedEnd };
    case 'hand-over':
      return { setsHolder: input.newHolderId };
    case 'suspend':
    case 'cancel':
      return { reason: input.reason };
    case 'reject':
      return { clearsApprovals: true, returnsForRework: { reasonId: input.reasonId!, note: input.note ?? '' } };
    default:
      return {};
  }
}

/**
 * The refusal of the transition's own guards, then the plugins' (null: all pass). A refusal of who
 * may act (permission, person, separation of duties) or of the input comes first and alone: it is
 * the one thing to fix. Otherwise every guard runs and each PRECONDITION_FAILED is named, in guard
 * order, in one reason, so a worker sees all that blocks at once (stored energy and the points
 * left to verify, the questions and the gas test) instead of clearing one and being refused for
 * the next. `firstOnly` stops at the first refusal: the buttons only ask whether any guard refuses.
 */
export function runGuards<F extends PermitFacts>(
  row: PermitTransition,
  ctx: GuardContext<F>,
  hooks: PermitGuardHooks<F> | undefined,
  firstOnly: boolean,
): Omit<PermitDenial, 'ok'> | null {
  // The table's guards, then the plugins': two loops, without a list of both built for every call,
  // and no array until a precondition fails (the offline download asks for 10,000 permits' buttons at once).
  let unmet: Spoken[] | null = null;
  for (const guard of row.guards as PermitGuard<F>[]) {
    const denial = guard(ctx);
    if (!denial) continue;
    if (firstOnly || denial.code !== 'PRECONDITION_FAILED') return denial;
    (unmet ??= []).push({ message: denial.reason, said: denial.said });
  }
  for (const guard of hooks?.[row.command] ?? []) {
    const denial = guard(ctx);
    if (!denial) continue;
    if (firstOnly || denial.code !== 'PRECONDITION_FAILED') return denial;
    (unmet ??= []).push({ message: denial.reason, said: denial.said });
  }
  // Each reason is a sentence of its own: one said, the sentences after the first in its `then`.
  return unmet && deny('PRECONDITION_FAILED', sayTogether(unmet));
}

/** The input schemas' messages by their English, as `decide` says them. */
const inputProblems = new Map(Object.values(permitInputProblemCaptions).map((c) => [c.defaultCaption, c]));

/**
 * May this actor run this command on this permit now? `ok` carries the new status and the effects
 * the use case applies; a refusal carries a stable code and an English sentence for the response.
 */
export function decide<F extends PermitFacts>(
  facts: F,
  actor: PermitActor,
  command: PermitCommand,
  input?: unknown,
  hooks?: PermitGuardHooks<F>,
): PermitDecision {
  const status = { status: permitStatusCaptions[facts.status] };
  if (terminalPermitStatuses.includes(facts.status))
    return { ok: false, ...deny('NOT_ALLOWED_FROM_STATE', say(words.noLongerChanges, {}, status)) };
  const row = findTransition(facts.status, command);
  if (!row) {
    // Every command has a row from some status: the table's statuses, said whole (permitCommandFromCaptions).
    const from = { ...status, from: permitCommandFromCaptions[command] };
    return {
      ok: false,
      ...deny(
        'NOT_ALLOWED_FROM_STATE',
        command === 'edit'
          ? say(words.cannotBeEdited, {}, from)
          : say(words.cannotBeGiven, {}, { ...from, command: permitCommandCaptions[command] }),
      ),
    };
  }
  let parsed: AnyInput = {};
  const schema = (permitCommandInputSchemas as Partial<Record<PermitCommand, z.ZodMiniType>>)[command];
  if (schema) {
    const result = schema.safeParse(input ?? {});
    if (!result.success) {
      const message = result.error.issues[0]?.message ?? 'invalid';
      // The schemas' own messages are terms; zod's (a value of the wrong type) stay as written.
      const known = inputProblems.get(message);
      return {
        ok: false,
        ...deny(
          'INVALID_INPUT',
          say(
            words.invalidInput,
            known ? {} : { problem: message },
            known
              ? { command: permitCommandCaptions[command], problem: known }
              : { command: permitCommandCaptions[command] },
          ),
        ),
      };
    }
    parsed = result.data as AnyInput;
  }
  const denial = runGuards(row, { facts, actor, command, input: parsed }, hooks, false);
  // Read one by one: a refusal's words may be getters (`deny` given a function), which a spread skips.
  if (denial) return { ok: false, code: denial.code, reason: denial.reason, said: denial.said };
  const to = row.staysWhile?.(facts) ? row.from : row.to;
  return { ok: true, from: facts.status, to, effects: effectsOf(facts, actor, row, parsed) };
}

/** The commands to offer as buttons: every guard that does not depend on the input passes. */
export function allowedCommands<F extends PermitFacts>(
  facts: F,
  actor: PermitActor,
  hooks?: PermitGuardHooks<F>,
): PermitCommand[] {
  if (terminalPermitStatuses.includes(facts.status)) return [];
  return (
    permitTransitions
      .filter((row) => row.from === facts.status)
      // Whether any guard refuses is all a button needs: the first refusal ends the check.
      .filter((row) => runGuards(row, { facts, actor, command: row.command, input: undefined }, hooks, true) === null)
      .map((row) => row.command)
  );
}
