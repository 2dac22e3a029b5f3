import {
  allowedIsolationPlanVerbs,
  isolationPlanVerbs,
  mayGiveIsolationPlanVerb,
  permitPermission,
  planEditVerbs,
  type IsolationPlanVerb,
} from '@hasp/contracts';
import { AppError } from '../../plugins/app-error';
import { actorPermissions, type CommandTarget, type PolicyRule } from '../../platform';
import { findPlanPermit, planVersion, type PlanPermit } from './isolation-plan.repository';

/** A permit locked for a plan command; the version is the plan's (If-Match), not the permit's. */
export interface PlanState {
  version: number;
  permit: PlanPermit;
  permissions: ReadonlySet<string>;
}

/**
 * The permit's row locked FOR UPDATE (lock order step 1): a plan command and a lifecycle command
 * of one permit run one after another, so `isolate` never passes on a plan changing under it.
 */
export const planTarget: CommandTarget<PlanState> = {
  noun: 'Permit',
  staleMessage: 'Someone changed this isolation plan first. Reload it and try again.',
  async lock(trx, actor, id) {
    const permit = await findPlanPermit(trx, actor.facilityId, id, true);
    if (!permit) return undefined;
    const [version, permissions] = await Promise.all([planVersion(trx, id), actorPermissions(trx, actor)]);
    return { version, permit, permissions };
  },
  // The use case moved the plan on by one version already (its answer carries the new one).
  bump: (trx, id) => planVersion(trx, id),
};

/** Who may give a plan verb: contracts' rule (the offline flags decide with it too). */
export const mayGive = mayGiveIsolationPlanVerb;

const forbidden = (verb: IsolationPlanVerb, typeCode: string) =>
  new AppError(
    'FORBIDDEN',
    403,
    planEditVerbs.includes(verb)
      ? `You need the permission ${permitPermission('create', typeCode)} or ${permitPermission('issue', typeCode)} to change this isolation plan.`
      : `You need the permission ${permitPermission('issue', typeCode)} for this isolation step.`,
  );

/** One row per verb: the type must use the plan; the permission depends on the verb and the type. */
export const isolationPlanPolicy = Object.fromEntries(
  isolationPlanVerbs.map((verb): [IsolationPlanVerb, PolicyRule<PlanState, unknown>] => [
    verb,
    {
      permissions: [],
      refuse: (state) => {
        if (!state.permissions.has(permitPermission('view', state.permit.typeCode)))
          return new AppError('FORBIDDEN', 403, 'You do not have permission to do this');
        if (!state.permit.sections.includes('isolation-plan'))
          return new AppError('CONFLICT', 409, 'This type of permit has no isolation plan.');
        return mayGive(verb, state.permit.typeCode, state.permissions) ? null : forbidden(verb, state.permit.typeCode);
      },
    },
  ]),
) as Record<IsolationPlanVerb, PolicyRule<PlanState, unknown>>;

/** The verbs to offer as buttons: contracts' `allowedIsolationPlanVerbs` (the offline flags decide with it too). */
export const allowedVerbs = allowedIsolationPlanVerbs;
