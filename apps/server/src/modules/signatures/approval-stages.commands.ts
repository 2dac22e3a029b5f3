import { permitRiskLevels, rightNavPermission, type ApprovalStages, type ApprovalStagesUpdate } from '@hasp/contracts';
import { AppError } from '../../plugins/app-error';
import { defineCommand, policyTable, type CommandRun, type CommandTarget } from '../../platform';
import { listApprovalStages } from './approval-stages.repository';

/** A facility's approval stage configuration, as its commands lock it. */
export interface StageConfigState {
  facilityId: number;
  version: number;
}

/** The actor's facility's stage configuration (created at version 0 on first use); any other facility's is not found. */
export const stageConfigTarget: CommandTarget<StageConfigState> = {
  noun: 'Approval stages',
  async lock(trx, actor, id) {
    if (id !== actor.facilityId) return undefined;
    await trx
      .insertInto('approval_stage_configs')
      .values({ facility_id: id })
      .onConflict((oc) => oc.column('facility_id').doNothing())
      .execute();
    const row = await trx
      .selectFrom('approval_stage_configs')
      .select('version')
      .where('facility_id', '=', id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    return { facilityId: id, version: row.version };
  },
  async bump(trx, id) {
    const row = await trx
      .updateTable('approval_stage_configs')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('facility_id', '=', id)
      .returning('version')
      .executeTakeFirstOrThrow();
    return row.version;
  },
};

/** Approval stages are facility configuration: the Facility Settings permission edits them (decision 0050). */
export const approvalStagesPolicy = policyTable<StageConfigState>()({
  'approval-stages.update': { permissions: [rightNavPermission('facility-settings')] },
});

/**
 * Replaces the facility's approval stages of every risk level (the admin screen saves all three
 * lists at once). A stage's group must be one of the facility's. Permits already part-signed keep
 * their signatures; their remaining stages follow the new configuration.
 */
export const updateApprovalStages = defineCommand({
  name: 'approval-stages.update',
  target: stageConfigTarget,
  policy: approvalStagesPolicy['approval-stages.update'],
  async apply({
    trx,
    input,
    state,
    ...run
  }: CommandRun<ApprovalStagesUpdate, StageConfigState>): Promise<ApprovalStages> {
    const { facilityId } = state;
    const groupIds = [...new Set(permitRiskLevels.flatMap((l) => input[l].map((s) => s.groupId)))].filter(
      (id): id is number => id !== null,
    );
    const known = groupIds.length
      ? await trx
          .selectFrom('groups')
          .select('id')
          .where('facility_id', '=', facilityId)
          .where('id', 'in', groupIds)
          .execute()
      : [];
    const problems = permitRiskLevels.flatMap((level) =>
      input[level].flatMap((stage, i) =>
        stage.groupId !== null && !known.some((g) => g.id === stage.groupId)
          ? [{ field: `${level}.${i}.groupId`, message: 'Group: choose one of this facility’s groups' }]
          : [],
      ),
    );
    if (problems.length) throw AppError.validation(problems);
    const before = await listApprovalStages(trx, facilityId);
    await trx.deleteFrom('approval_stages').where('facility_id', '=', facilityId).execute();
    const rows = permitRiskLevels.flatMap((level) =>
      input[level].map((stage, i) => ({
        facility_id: facilityId,
        risk_level: level,
        position: i + 1,
        name: stage.name,
        meaning: stage.meaning,
        group_id: stage.groupId,
      })),
    );
    // Never empty: the route's schema keeps at least one stage a level.
    await trx.insertInto('approval_stages').values(rows).execute();
    const after = await listApprovalStages(trx, facilityId);
    const plain = (s: ApprovalStages) => ({ low: s.low, medium: s.medium, high: s.high });
    run.audit({
      action: 'approval-stages.update',
      entityType: 'approval_stages',
      entityId: facilityId,
      before: plain(before),
      after: plain(after),
    });
    run.event({ name: 'approval-stages.update', entityType: 'facility', entityId: facilityId });
    return { ...after, version: state.version + 1 };
  },
});
