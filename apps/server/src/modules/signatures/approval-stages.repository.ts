import {
  defaultApprovalStage,
  permitRiskLevels,
  type ApprovalStage,
  type ApprovalStages,
  type PermitRiskLevel,
} from '@hasp/contracts';
import type { Db } from '../../db/schema';

/** A facility's configured stages of every risk level, in order, with the signing group's name. */
export async function listApprovalStages(db: Db, facilityId: number): Promise<ApprovalStages> {
  const [config, rows, groups] = await Promise.all([
    db.selectFrom('approval_stage_configs').select('version').where('facility_id', '=', facilityId).executeTakeFirst(),
    db
      .selectFrom('approval_stages as s')
      .leftJoin('groups as g', (join) =>
        join.onRef('g.id', '=', 's.group_id').onRef('g.facility_id', '=', 's.facility_id'),
      )
      .select(['s.risk_level', 's.position', 's.name', 's.meaning', 's.group_id', 'g.name as group_name'])
      .where('s.facility_id', '=', facilityId)
      .orderBy('s.risk_level')
      .orderBy('s.position')
      .execute(),
    db
      .selectFrom('groups')
      .select(['id as ID', 'name'])
      .where('facility_id', '=', facilityId)
      .orderBy('name')
      .execute(),
  ]);
  const stages: ApprovalStages = { version: config?.version ?? 0, low: [], medium: [], high: [], groups };
  for (const row of rows) {
    stages[row.risk_level].push({
      position: row.position,
      name: row.name,
      meaning: row.meaning,
      groupId: row.group_id,
      groupName: row.group_name,
    });
  }
  return stages;
}

/** The stages a permit of this risk level goes through; a level with none configured has one plain approval. */
export async function stagesOfLevel(db: Db, facilityId: number, level: PermitRiskLevel): Promise<ApprovalStage[]> {
  const stages = (await listApprovalStages(db, facilityId))[level];
  return stages.length ? stages : [defaultApprovalStage];
}

/** The members of a security group (who may sign a stage given to that group). */
export async function groupMemberIds(db: Db, groupId: number): Promise<number[]> {
  const rows = await db.selectFrom('user_groups').select('user_id').where('group_id', '=', groupId).execute();
  return rows.map((r) => r.user_id);
}

export const riskLevels: readonly PermitRiskLevel[] = permitRiskLevels;
