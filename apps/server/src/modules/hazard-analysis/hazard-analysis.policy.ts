import {
  hazardAnalysisEditableStatuses,
  hazardAnalysisVerbs,
  permitPermission,
  permitStatusLabels,
  type HazardAnalysisVerb,
} from '@hasp/contracts';
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

const editable = hazardAnalysisEditableStatuses.map((s) => permitStatusLabels[s]).join(' or ');

/**
 * Why this person may not change the permit's hazard analysis now, or null: the type uses one, the
 * permit is still Draft or Requested (after approval the analysis is what was approved: decision
 * 0047), and they are its requester holding `permit:create:<CODE>` (the same people as the core
 * `edit`).
 */
export function editRefusal(permit: HazardPermit, userId: number, permissions: ReadonlySet<string>): AppError | null {
  if (!permissions.has(permitPermission('view', permit.typeCode)))
    return new AppError('FORBIDDEN', 403, 'You do not have permission to do this');
  if (!permit.sections.includes('hazard-analysis'))
    return new AppError('CONFLICT', 409, 'This type of permit has no hazard analysis.');
  if (!permissions.has(permitPermission('create', permit.typeCode)))
    return new AppError(
      'FORBIDDEN',
      403,
      `You need the permission ${permitPermission('create', permit.typeCode)} to change this hazard analysis.`,
    );
  if (permit.requesterId !== userId)
    return new AppError('FORBIDDEN', 403, 'Only the requester of the permit can change its hazard analysis.');
  if (!hazardAnalysisEditableStatuses.includes(permit.status))
    return new AppError(
      'CONFLICT',
      409,
      `The hazard analysis can change only while the permit is ${editable}; this permit is ${permitStatusLabels[permit.status]}.`,
    );
  return null;
}

/** One row per verb, all alike: the refusal above decides. */
export const hazardAnalysisPolicy = Object.fromEntries(
  hazardAnalysisVerbs.map((verb): [HazardAnalysisVerb, PolicyRule<HazardState, unknown>] => [
    verb,
    { permissions: [], refuse: (state, actor) => editRefusal(state.permit, actor.userId, state.permissions) },
  ]),
) as Record<HazardAnalysisVerb, PolicyRule<HazardState, unknown>>;
