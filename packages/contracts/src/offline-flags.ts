import * as z from 'zod/mini';
import { attachProblem, mayRemoveOthersAttachments, removeAttachmentProblem, type AttachmentList } from './attachments';
import {
  gasTestCommandProblem,
  gasTestStanding,
  gasTestStandingSchema,
  gasTestsRefusalFields,
  gasTestsSectionRefusalSaid,
  type GasTestsView,
} from './gas-tests';
import { hazardEditProblem, type HazardAnalysis } from './hazard-analysis';
import { isolationPlanSchema, type IsolationPlan } from './isolation-plan';
import { allowedIsolationPlanVerbs } from './isolation-plan-rules';
import { lockboxCallerView, type LockboxRuleState } from './lockbox-rules';
import { lockboxMemberSchema, type LockboxView } from './lockboxes';
import type { OfflinePermit } from './offline';
import {
  allowedCommands,
  permitStatuses,
  type PermitCommand,
  type PermitFacts,
  type PermitGuardHooks,
} from './permit-lifecycle';
import type { Permit } from './permits';
import { mayAnswerPermitQuestions } from './question-answers';
import { allowedTagCommands, tagStates, type Tag, type TagCommand, type TagFacts } from './tags';

/**
 * The offline permit's flags (decision 0085): the fields of an offline permit that depend on who
 * looks (their user ID and permissions, their locks) or on the time, computed by pure functions from
 * a small record read once for everybody (`OfflineFlagInputs`), so the rest of the permit's offline
 * JSON can be kept as it is for every viewer and the flags written into a copy of it per download.
 * Every flag is decided by the same contracts function the server's section answers with, so the two
 * never differ (apps/server/test/offline-flags.test.ts compares them for every demo permit).
 */

/** A lock as the crew section lists it (its ID and serial). */
interface LockRef {
  ID: number;
  serial: string;
}

/** What a permit's flags are computed from: nothing of it depends on who looks or on the time. */
export const offlineFlagInputsSchema = z.object({
  /** The permit's ID and its type's sections (a section's flags exist when the type enables it). */
  permitId: z.int(),
  sections: z.array(z.string()),
  /**
   * The lifecycle's facts with every guard plugin's (isolation, questions, lockboxes, hazard analysis,
   * signatures, gas tests), as `loadPermitFactsForPermits` reads them, without `now`: what
   * `allowedCommands` and the registered guards read for the permit's buttons.
   */
  guardFacts: z.looseObject({
    status: z.enum(permitStatuses),
    typeCode: z.string(),
    requesterId: z.int(),
    holderId: z.nullable(z.int()),
    issuerId: z.nullable(z.int()),
  }),
  /** The isolation plan as its section shows it, without its buttons; null when the type has no plan. */
  plan: z.nullable(z.omit(isolationPlanSchema, { allowedVerbs: true })),
  /** Each tag's state, who applied it and whether its status link is revoked (its buttons' rule). */
  tags: z.array(
    z.object({
      ID: z.int(),
      state: z.enum(tagStates),
      appliedBy: z.nullable(z.int()),
      linkRevoked: z.boolean(),
      lockApplierId: z.nullable(z.int()),
    }),
  ),
  /**
   * The crew section: the open lockbox (its primary, keys deposited, who is signed on now) or null
   * when none is open; the whole null when the type has no crew sign-on. A released lockbox decides
   * like none (lockboxRefusal).
   */
  crew: z.nullable(
    z.object({
      open: z.nullable(
        z.object({ primaryId: z.int(), keysDeposited: z.boolean(), signedOn: z.array(lockboxMemberSchema) }),
      ),
    }),
  ),
  /** The type's re-test interval and what its tests leave standing; null when the type has no gas tests. */
  gas: z.nullable(z.object({ retestMinutes: z.int(), standing: gasTestStandingSchema })),
  /** Each attachment's author and whether it was removed (who may remove it). */
  attachments: z.array(z.object({ ID: z.int(), attachedBy: z.int(), removed: z.boolean() })),
});
export type OfflineFlagInputs = z.infer<typeof offlineFlagInputsSchema>;

/** A lock someone could sign on with: their own (`assignedPermitId` null), or a pool lock assigned to that permit. */
export interface SignOnLockRef extends LockRef {
  assignedPermitId: number | null;
}

/** The locks of `signOnLocksOf`'s list that may go on this permit's lockbox (as the crew section lists them). */
export const signOnLocksFor = (locks: readonly SignOnLockRef[], permitId: number): LockRef[] =>
  locks
    .filter((l) => l.assignedPermitId === null || l.assignedPermitId === permitId)
    .map(({ ID, serial }) => ({ ID, serial }));

/** Who looks, and when; `signOnLocks`: their locks they could sign on with (`listSignOnLocks`), for any permit. */
export interface OfflineFlagViewer {
  userId: number;
  permissions: ReadonlySet<string>;
  now: Date;
  signOnLocks: SignOnLockRef[];
}

/**
 * What is the same for every permit and viewer of the facility: the lockbox devices free to hold a
 * new lockbox's keys (`listFreeLockboxDevices`), and the guards the server registered on the
 * lifecycle (`permitGuardHooks()`: they live in the server's modules, with their facts' readers).
 */
export interface OfflineFlagContext {
  freeLockboxDevices: LockRef[];
  hooks: PermitGuardHooks;
}

/** Every flag of one offline permit, by section name (a section the type does not enable: absent). */
export interface OfflineFlags {
  permit: { allowedCommands: PermitCommand[] };
  tags: { ID: number; allowedCommands: TagCommand[] }[];
  'isolation-plan'?: Pick<IsolationPlan, 'allowedVerbs'>;
  questions?: { canAnswer: boolean };
  'crew-sign-on'?: Pick<LockboxView, 'mySignOn' | 'myLocks' | 'devices' | 'allowed' | 'blocked' | 'blockedSaid'>;
  'gas-tests'?: Pick<GasTestsView, 'refusal' | 'refusalSaid' | 'canRecord' | 'canVoid'>;
  'hazard-analysis'?: Pick<HazardAnalysis, 'canEdit' | 'editRefusal' | 'editRefusalSaid'>;
  attachments: { canAttach: boolean; canRemove: { ID: number; canRemove: boolean }[] };
}

/** The flags of one permit for this viewer at `viewer.now`. */
export function offlineFlags(
  inputs: OfflineFlagInputs,
  viewer: OfflineFlagViewer,
  context: OfflineFlagContext,
): OfflineFlags {
  const { userId, permissions, now } = viewer;
  const facts = inputs.guardFacts;
  const permit = { typeCode: facts.typeCode, sections: inputs.sections, status: facts.status };
  const tagPermit = { typeCode: facts.typeCode, issuerId: facts.issuerId, holderId: facts.holderId };
  const flags: OfflineFlags = {
    permit: {
      allowedCommands: allowedCommands(
        { ...(facts as unknown as PermitFacts), now },
        { userId, permissions, isSystem: false },
        context.hooks,
      ),
    },
    tags: inputs.tags.map((tag) => ({
      ID: tag.ID,
      allowedCommands: allowedTagCommands({ ...tag, permitClosed: facts.status === 'closed' }, tagPermit, {
        userId,
        permissions,
      }),
    })),
    attachments: attachmentFlags(inputs, viewer),
  };
  if (inputs.plan)
    flags['isolation-plan'] = { allowedVerbs: allowedIsolationPlanVerbs(inputs.plan, facts.typeCode, permissions) };
  if (inputs.sections.includes('questions'))
    flags.questions = { canAnswer: mayAnswerPermitQuestions(facts.typeCode, permissions) || userId === facts.holderId };
  if (inputs.crew) flags['crew-sign-on'] = crewFlags(inputs.crew, { ...permit, ID: inputs.permitId }, viewer, context);
  if (inputs.gas)
    flags['gas-tests'] = {
      ...gasTestsRefusalFields(
        gasTestsSectionRefusalSaid({
          permit,
          standing: inputs.gas.standing,
          retestMinutes: inputs.gas.retestMinutes,
          now,
        }),
      ),
      canRecord: gasTestCommandProblem(permit, permissions, userId, 'record') === null,
      canVoid: gasTestCommandProblem(permit, permissions, userId, 'void') === null,
    };
  if (inputs.sections.includes('hazard-analysis')) {
    const problem = hazardEditProblem({ ...permit, requesterId: facts.requesterId }, userId, permissions);
    flags['hazard-analysis'] = {
      canEdit: problem === null,
      editRefusal: problem?.message ?? null,
      editRefusalSaid: problem?.said ?? null,
    };
  }
  return flags;
}

function crewFlags(
  crew: NonNullable<OfflineFlagInputs['crew']>,
  permit: LockboxRuleState['permit'] & { ID: number },
  viewer: OfflineFlagViewer,
  context: OfflineFlagContext,
): NonNullable<OfflineFlags['crew-sign-on']> {
  const { open } = crew;
  const state: LockboxRuleState = {
    permit,
    lockbox: open
      ? { primary: { ID: open.primaryId }, keysDepositedAt: open.keysDeposited || null, releasedAt: null }
      : undefined,
    members: open?.signedOn ?? [],
    permissions: viewer.permissions,
  };
  const { mySignOn, allowed, blocked, blockedSaid } = lockboxCallerView(state, viewer.userId);
  return {
    mySignOn,
    myLocks: allowed.includes('sign-on') ? signOnLocksFor(viewer.signOnLocks, permit.ID) : [],
    devices: allowed.includes('open') ? context.freeLockboxDevices : [],
    allowed,
    blocked,
    blockedSaid,
  };
}

function attachmentFlags(inputs: OfflineFlagInputs, viewer: OfflineFlagViewer): OfflineFlags['attachments'] {
  const { status, typeCode } = inputs.guardFacts;
  const removesOthers = mayRemoveOthersAttachments(viewer.permissions, typeCode);
  return {
    canAttach: attachProblem(status) === null,
    canRemove: inputs.attachments.map((a) => ({
      ID: a.ID,
      canRemove:
        removeAttachmentProblem({
          status,
          removed: a.removed,
          attachedBy: a.attachedBy,
          userId: viewer.userId,
          removesOthers,
        }) === null,
    })),
  };
}

/**
 * The inputs of a permit's flags from its offline JSON (whoever it was read for: only what no flag
 * is) and its guard facts (`now` dropped). The server reads them so; the next step keeps them with
 * the permit's stored JSON.
 */
export function offlineFlagInputsOf(base: OfflinePermit, guardFacts: PermitFacts): OfflineFlagInputs {
  const { now: _now, ...facts } = guardFacts;
  const s = base.sections as Partial<{
    'isolation-plan': IsolationPlan;
    tags: Tag[];
    'crew-sign-on': LockboxView;
    'gas-tests': GasTestsView;
    attachments: AttachmentList;
  }>;
  const plan = s['isolation-plan'];
  const crew = s['crew-sign-on'];
  const lockAppliers = tagLockAppliers(crew);
  const open = crew?.lockbox && !crew.lockbox.releasedAt ? crew.lockbox : null;
  const gas = s['gas-tests'];
  return {
    permitId: base.permit.ID,
    sections: [...base.permit.permitType.sections],
    guardFacts: facts,
    plan: plan ? withoutKey(plan, 'allowedVerbs') : null,
    tags: (s.tags ?? []).map((t) => ({ ID: t.ID, ...tagFactsOf(t, lockAppliers) })),
    crew: crew
      ? {
          open: open && {
            primaryId: open.primary.ID,
            keysDeposited: open.keysDepositedAt !== null,
            signedOn: open.members,
          },
        }
      : null,
    gas: gas
      ? {
          retestMinutes: gas.retestMinutes,
          standing: gasTestStanding(gas.tests),
        }
      : null,
    attachments: (s.attachments?.attachments ?? []).map((a) => ({
      ID: a.ID,
      attachedBy: a.attachedBy.ID,
      removed: a.removed !== null,
    })),
  };
}

/**
 * Who applied each personal lock still on the permit's lockbox, by lock application: the tag rules'
 * `lockApplierId` of a tag on one (the server reads the same from lock_applications).
 */
export function tagLockAppliers(crew: Pick<LockboxView, 'lockbox'> | undefined): Map<number, number> {
  const members = crew?.lockbox?.members ?? [];
  return new Map(members.filter((m) => m.signedOffAt === null).map((m) => [m.applicationId, m.user.ID]));
}

/** What the tag rules know of a tag as its section shows it, with its lock's applier from tagLockAppliers. */
export function tagFactsOf(
  tag: Pick<Tag, 'state' | 'appliedBy' | 'statusToken' | 'lockApplicationId'>,
  lockAppliers: ReadonlyMap<number, number>,
): Required<Omit<TagFacts, 'permitClosed'>> {
  return {
    state: tag.state,
    appliedBy: tag.appliedBy?.ID ?? null,
    // The token is never null in the table: the section hides it once revoked.
    linkRevoked: tag.statusToken === null,
    lockApplierId: tag.lockApplicationId === null ? null : (lockAppliers.get(tag.lockApplicationId) ?? null),
  };
}

const withoutKey = <T extends object, K extends keyof T>(value: T, key: K): Omit<T, K> => {
  const { [key]: _dropped, ...rest } = value;
  return rest;
};

/**
 * The offline permit with these flags written into a copy of `base` (its other fields as they are,
 * in their order): what the server's sections answer this viewer.
 */
export function withOfflineFlags(base: OfflinePermit, flags: OfflineFlags): OfflinePermit {
  const permit: Permit = { ...base.permit, allowedCommands: flags.permit.allowedCommands };
  const sections: Record<string, unknown> = { ...base.sections };
  const tagCommands = new Map(flags.tags.map((t) => [t.ID, t.allowedCommands]));
  sections.tags = ((base.sections.tags ?? []) as Tag[]).map((t) => ({ ...t, allowedCommands: tagCommands.get(t.ID)! }));
  for (const name of ['isolation-plan', 'questions', 'crew-sign-on', 'gas-tests', 'hazard-analysis'] as const) {
    const section = base.sections[name];
    if (section && flags[name]) sections[name] = { ...section, ...flags[name] };
  }
  const list = base.sections.attachments as AttachmentList | undefined;
  if (list) {
    const canRemove = new Map(flags.attachments.canRemove.map((a) => [a.ID, a.canRemove]));
    sections.attachments = {
      ...list,
      attachments: list.attachments.map((a) => ({ ...a, canRemove: canRemove.get(a.ID)! })),
      canAttach: flags.attachments.canAttach,
    };
  }
  return { permit, sections, versions: base.versions };
}
