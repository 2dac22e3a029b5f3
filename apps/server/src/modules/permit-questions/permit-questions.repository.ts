import { sql, type Transaction } from 'kysely';
import type { QuestionStage } from '@hasp/contracts';
import type { Database, Db } from '../../db/schema';
import { findSectionPermit, type SectionPermit } from '../permits';

/** What the questions section reads of a permit (locked FOR UPDATE for a command). */
export type QuestionsPermit = Pick<
  SectionPermit,
  'id' | 'facilityId' | 'number' | 'status' | 'permitTypeId' | 'typeCode' | 'sections' | 'holderId'
>;
export { findSectionPermit as findQuestionsPermit };

/** How many answers the permit has recorded: the section's version (each command adds one row). */
export async function answersVersion(db: Db, facilityId: number, permitId: number): Promise<number> {
  const row = await db
    .selectFrom('question_answers')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('facility_id', '=', facilityId)
    .where('permit_id', '=', permitId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface AnswerRow {
  id: number;
  questionId: number;
  stage: QuestionStage;
  questionVersionId: number;
  value: string;
  answeredBy: { ID: number; displayName: string };
  answeredAt: string;
}

/** answersVersion for many permits of the facility in one statement, by permit ID (0: none answered). */
export async function answersVersionsForPermits(
  db: Db,
  facilityId: number,
  permitIds: readonly number[],
): Promise<Map<number, number>> {
  const rows = permitIds.length
    ? await db
        .selectFrom('question_answers')
        .select((eb) => ['permit_id', eb.fn.countAll<string>().as('n')])
        .where('facility_id', '=', facilityId)
        .where('permit_id', 'in', [...permitIds])
        .groupBy('permit_id')
        .execute()
    : [];
  const counts = new Map(rows.map((r) => [r.permit_id, Number(r.n)]));
  return new Map(permitIds.map((id) => [id, counts.get(id) ?? 0]));
}

/** The permit's current answers: the newest row per question and stage, oldest answer first. */
export async function listCurrentAnswers(db: Db, facilityId: number, permitId: number): Promise<AnswerRow[]> {
  return (await listCurrentAnswersForPermits(db, facilityId, [permitId])).get(permitId) ?? [];
}

/** listCurrentAnswers for many permits of the facility in one statement, by permit ID (none answered: absent). */
export async function listCurrentAnswersForPermits(
  db: Db,
  facilityId: number,
  permitIds: readonly number[],
): Promise<Map<number, AnswerRow[]>> {
  const byPermit = new Map<number, AnswerRow[]>();
  if (!permitIds.length) return byPermit;
  const { rows } = await sql<{
    permit_id: number;
    id: number;
    question_id: number;
    stage: QuestionStage;
    question_version_id: number;
    answer: string;
    answered_by: number;
    display_name: string;
    answered_at: Date;
  }>`
    select a.*, u.display_name from (
      select distinct on (permit_id, question_id, stage)
        permit_id, id, question_id, stage, question_version_id, answer, answered_by, answered_at
      from question_answers
      where facility_id = ${facilityId} and permit_id = any(${[...permitIds]}::int[])
      order by permit_id, question_id, stage, id desc
    ) a join users u on u.id = a.answered_by
    order by a.id`.execute(db);
  for (const r of rows) {
    const answer: AnswerRow = {
      id: r.id,
      questionId: r.question_id,
      stage: r.stage,
      questionVersionId: r.question_version_id,
      value: r.answer,
      answeredBy: { ID: r.answered_by, displayName: r.display_name },
      answeredAt: r.answered_at.toISOString(),
    };
    const list = byPermit.get(r.permit_id);
    if (list) list.push(answer);
    else byPermit.set(r.permit_id, [answer]);
  }
  return byPermit;
}

/** Records an answer (a first one or a change: every answer is a new row); answers its ID. */
export async function insertPermitAnswer(
  trx: Transaction<Database>,
  values: {
    facilityId: number;
    permitId: number;
    number: string;
    questionId: number;
    stage: QuestionStage;
    questionVersionId: number;
    answer: string;
    userId: number;
    at: Date;
  },
): Promise<number> {
  const row = await trx
    .insertInto('question_answers')
    .values({
      facility_id: values.facilityId,
      permit_id: values.permitId,
      subject: values.number,
      question_id: values.questionId,
      stage: values.stage,
      question_version_id: values.questionVersionId,
      answer: values.answer,
      answered_by: values.userId,
      answered_at: values.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The questions the permit type asks, every stage at once, each as its current version's ID:
 * active questions only, in each form's order (stage, position, question order).
 */
export async function listAskedVersionIds(
  db: Db,
  facilityId: number,
  permitTypeId: number,
): Promise<{ stage: QuestionStage; versionId: number }[]> {
  const rows = await db
    .selectFrom('question_assignments as a')
    .innerJoin('questions as q', (join) =>
      join.onRef('q.id', '=', 'a.question_id').onRef('q.facility_id', '=', 'a.facility_id'),
    )
    .select(['a.stage', 'q.current_version_id'])
    .where('a.facility_id', '=', facilityId)
    .where('a.permit_type_id', '=', permitTypeId)
    .where('q.is_active', '=', true)
    .orderBy(sql`array_position(array['request', 'issue', 'acceptance', 'close-out'], a.stage)`)
    .orderBy('a.sort_order')
    .orderBy('q.sort_order')
    .orderBy('q.id')
    .execute();
  return rows.flatMap((r) =>
    r.current_version_id === null ? [] : [{ stage: r.stage, versionId: r.current_version_id }],
  );
}
