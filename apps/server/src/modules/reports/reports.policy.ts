import { rightNavPermission } from '@hasp/contracts';
import { bumpedByTheUseCase, type CommandTarget, type FacilityTargetState, policyTable } from '../../platform';
import { findDefinitionRow, type DefinitionRow } from './reports.repository';

/**
 * A report definition of the actor's facility (another facility's is not found), locked so two
 * saves take turns: the second finds the version the first left and is refused as stale. Its use
 * case moves `version` with its update, so the definition it answers shows the new one.
 */
export const definitionTarget: CommandTarget<DefinitionRow> = {
  noun: 'Report',
  staleMessage: 'Someone else saved this report meanwhile: reload it and make your change again',
  lock: (trx, actor, id) => findDefinitionRow(trx, actor.facilityId, id, true),
  bump: bumpedByTheUseCase,
};

const screen = [rightNavPermission('report-settings')];

/** Who may define reports: Report Settings' permission, in any state. */
export const reportCreatePolicy = policyTable<FacilityTargetState>()({
  'report.create': { permissions: screen },
});

export const definitionPolicy = policyTable<DefinitionRow>()({
  'report.edit': { permissions: screen },
  'report.delete': { permissions: screen },
});
