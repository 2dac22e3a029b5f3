import { sql } from 'kysely';
import {
  decide,
  permitCommands,
  permitDenialHttpStatus,
  permitPermission,
  refusalTab,
  type GuardContext,
  type PermitCommand,
  type PermitDecision,
  type PermitFacts,
  type PermitRefusalTab,
} from '@hasp/contracts';
import { AppError } from '../../plugins/app-error';
import { actorPermissions, type Actor, type CommandTarget, type PolicyRule, policyTable } from '../../platform';
import { findPermit, type PermitRecord } from './permit.repository';
import { loadPermitFacts, permitGuardHooks, permitGuardTab } from './permit-guards';

/** The permit type a new permit is created under, as the create command reads it. */
export interface PermitTypeState {
  id: number;
  code: string;
  isActive: boolean;
  maxValidityHours: number;
  /** Permit types carry no version: a creation does not change its type (the ETag is the new permit's 0). */
  version: number;
}

/**
 * A permit type of the actor's facility (another facility's is "not found"), held FOR SHARE while a
 * permit is created under it: an edit of the type (its validity, deactivation) waits for the
 * creation, while creations of one type only queue at the type's number counter.
 */
export const permitTypeTarget: CommandTarget<PermitTypeState> = {
  noun: 'Permit type',
  lock: async (trx, actor, id) =>
    (
      await sql<PermitTypeState>`
        select id, code, is_active as "isActive", max_validity_hours as "maxValidityHours", 0 as version
        from permit_types where id = ${id} and facility_id = ${actor.facilityId} for share`.execute(trx)
    ).rows[0],
  bump: async (_trx, _id, state) => state.version,
};

/**
 * Who may do what to permits, by command: the type's permission (`permit:<action>:<CODE>`), read in
 * the command's transaction. Lifecycle commands join this table with their states and people.
 */
export const permitsPolicy = policyTable<PermitTypeState>()({
  'permit.create': {
    permissions: (_input: unknown, type: PermitTypeState) => [permitPermission('create', type.code)],
    refuse: (type) =>
      type.isActive
        ? null
        : AppError.validation([{ field: 'permitTypeId', message: 'Permit type: this type is no longer in use' }]),
  },
});

/** A permit locked for a lifecycle command: the record, its facts and the actor's permissions, all read after the lock. */
export interface PermitState {
  version: number;
  record: PermitRecord;
  facts: PermitFacts;
  /** The actor's, read in the command's transaction (the lifecycle table checks them per command and person). */
  permissions: ReadonlySet<string>;
}

/**
 * A permit of the actor's facility (another facility's is "not found"), locked FOR UPDATE so its
 * commands run one after another, read whole after the lock: the decision is taken on exactly the
 * row the command changes.
 */
export const permitTarget: CommandTarget<PermitState> = {
  noun: 'Permit',
  staleMessage:
    'Someone changed this permit while you were editing it. Your changes are kept: reload the permit and apply them again.',
  async lock(trx, actor, id, ctx) {
    const record = await findPermit(trx, actor.facilityId, id, { lock: true });
    if (!record) return undefined;
    const [facts, permissions] = await Promise.all([
      loadPermitFacts(trx, record, ctx.now),
      actorPermissions(trx, actor),
    ]);
    return { version: record.version, record, facts, permissions };
  },
  // The use case's one update of the permit moved it on by one version (updatePermit): no second write.
  bump: async (_trx, _id, state) => state.version + 1,
};

/** The lifecycle's decision for this actor on the locked permit, with every registered guard. */
export function decidePermit(state: PermitState, actor: Actor, command: PermitCommand, input: unknown): PermitDecision {
  const who = { userId: actor.system ? null : actor.userId, permissions: state.permissions, isSystem: !!actor.system };
  return decide(state.facts, who, command, input, permitGuardHooks());
}

const refusalCodes = { 403: 'FORBIDDEN', 409: 'CONFLICT', 422: 'VALIDATION_FAILED' } as const;

/**
 * A refusal as the API answers it: the lifecycle's status and reason (`said` too, for the reader's
 * language), its code in details (`field: 'code'`), and the permit page's tab that resolves it
 * (`field: 'tab'`) when a tab does.
 */
export function permitRefusal(decision: PermitDecision, tab: PermitRefusalTab = 'none'): AppError | null {
  if (decision.ok) return null;
  const status = permitDenialHttpStatus[decision.code];
  return new AppError(
    refusalCodes[status],
    status,
    decision.reason,
    [{ field: 'code', message: decision.code }, ...(tab === 'none' ? [] : [{ field: 'tab', message: tab }])],
    undefined,
    decision.said,
  );
}

/** A person's refusal with the tab that resolves it (the web links it there). */
function refuseWithTab(state: PermitState, actor: Actor, command: PermitCommand, input: unknown): AppError | null {
  const decision = decidePermit(state, actor, command, input);
  if (decision.ok || actor.system) return permitRefusal(decision);
  const who = { userId: actor.userId, permissions: state.permissions, isSystem: false };
  // The input as decide checked it: it parsed (an input refusal has no tab), so its shape is the command's.
  const parsed = decision.code === 'INVALID_INPUT' ? undefined : ((input ?? {}) as GuardContext['input']);
  const tab = parsed && refusalTab(state.facts, who, command, parsed, permitGuardHooks(), permitGuardTab);
  return permitRefusal(decision, tab || 'none');
}

/**
 * The lifecycle commands' rows: the permission each needs depends on the command, the permit's
 * state and the person (the contracts' transition table, `decide`), so the rule asks for none
 * up front and refuses by the decision.
 */
export const permitLifecyclePolicy = Object.fromEntries(
  permitCommands.map((command): [PermitCommand, PolicyRule<PermitState, unknown>] => [
    command,
    { permissions: [], refuse: (state, actor, input) => refuseWithTab(state, actor, command, input) },
  ]),
) as Record<PermitCommand, PolicyRule<PermitState, unknown>>;
