import { sql } from 'kysely';
import type { PermitQuestionStage, QuestionFact } from '@hasp/contracts';
import type { Db } from '../../db/schema';

/**
 * The permit's facts a question may be answered from, now, in one statement (facility-scoped):
 * personal locks still on its plan points; plan points isolated or verified (not removed from the
 * plan); personal locks still on its group lockbox (lock applications on no plan point, as the
 * crew sign-on records them) and the people they belong to.
 */
export async function countPermitFacts(
  db: Db,
  facilityId: number,
  permitId: number,
): Promise<Record<QuestionFact, number>> {
  const { rows } = await sql<Record<QuestionFact, number>>`
    select
      (select count(*) from lock_applications la
        where la.facility_id = ${facilityId} and la.permit_id = ${permitId}
          and la.plan_point_id is not null and la.removed_at is null)::int as "locks-on-points",
      (select count(*) from permit_isolation_points pp
        where pp.facility_id = ${facilityId} and pp.permit_id = ${permitId}
          and pp.removed_at is null and pp.state in ('isolated', 'verified'))::int as "points-isolated",
      (select count(*) from lock_applications la
        where la.facility_id = ${facilityId} and la.permit_id = ${permitId}
          and la.plan_point_id is null and la.removed_at is null)::int as "personal-locks-on-lockbox",
      (select count(distinct la.applied_by) from lock_applications la
        where la.facility_id = ${facilityId} and la.permit_id = ${permitId}
          and la.plan_point_id is null and la.removed_at is null)::int as "crew-signed-on"`.execute(db);
  return rows[0]!;
}

/**
 * The stages with each question that names a fact offered its value now (what the online section
 * shows; the offline copy goes without: see decision 0116). No statement when no question names one.
 */
export async function withFactPrefills(
  db: Db,
  facilityId: number,
  permitId: number,
  stages: PermitQuestionStage[],
): Promise<PermitQuestionStage[]> {
  if (!stages.some((s) => s.questions.some((q) => q.question.fact))) return stages;
  const facts = await countPermitFacts(db, facilityId, permitId);
  return stages.map((stage) => ({
    ...stage,
    questions: stage.questions.map((q) =>
      q.question.fact ? { ...q, prefill: { fact: q.question.fact, value: facts[q.question.fact] } } : q,
    ),
  }));
}
