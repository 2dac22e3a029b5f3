import { hazardAnalysisVerbs, hazardEditProblem, type HazardAnalysisVerb } from '@hasp/contracts';
import { AppError } from '../../plugins/app-error';
import { actorPermissions, type CommandTarget, type PolicyRule } from '../../platform';
import { analysisVersion, findHazardPermit, type HazardPermit } from './hazard-analysis.repository';

/** A permit locked for a hazard analysis command; the version is the analysis's (If-Match), not the permit's. */
export interface HazardState {
  version: number;
  permit: HazardPermit;
  permissions: ReadonlySet<string>;
}

/**
 * The permit's row locked FOR UPDATE (the permit first, like every permit command): a line change
 * and the `request` command of one permit run one after the other, so the request guard never
 * passes on lines changing under it.
 */
export const hazardTarget: CommandTarget<HazardState> = {
  noun: 'Permit',
  staleMessage: 'Someone changed this hazard analysis first. Reload it and try again.',
  async lock(trx, actor, id) {
    const permit = await findHazardPermit(trx, actor.facilityId, id, true);
    if (!permit) return undefined;
    const [version, permissions] = await Promise.all([analysisVersion(trx, id), actorPermissions(trx, actor)]);
    return { version, permit, permissions };
  },
  // The use case moved the analysis on by one version already (its answer carries the new one).
  bump: (trx, id) => analysisVersion(trx, id),
};

/**
 * Why this person may not change the permit's hazard analysis now, or null: contracts'
 * `hazardEditProblem` (the offline page decides with it too, decision 0067), as the API answers it.
 */
export function editRefusal(permit: HazardPermit, userId: number, permissions: ReadonlySet<string>): AppError | null {
  const problem = hazardEditProblem(permit, userId, permissions);
  if (!problem) return null;
  const code = problem.status === 403 ? 'FORBIDDEN' : 'CONFLICT';
  return new AppError(code, problem.status, problem.message, undefined, undefined, problem.said);
}

/** One row per verb, all alike: the refusal above decides. */
export const hazardAnalysisPolicy = Object.fromEntries(
  hazardAnalysisVerbs.map((verb): [HazardAnalysisVerb, PolicyRule<HazardState, unknown>] => [
    verb,
    { permissions: [], refuse: (state, actor) => editRefusal(state.permit, actor.userId, state.permissions) },
  ]),
) as Record<HazardAnalysisVerb, PolicyRule<HazardState, unknown>>;
