import { sql, type Transaction } from 'kysely';
import type {
  QuestionAssignment,
  QuestionInput,
  QuestionPermitType,
  QuestionStage,
  QuestionVersion,
} from '@hasp/contracts';
import type { Database, Db } from '../../db/schema';

const versionColumns = [
  'v.id',
  'v.question_id',
  'v.version',
  'v.text',
  'v.answer_type',
  'v.choices',
  'v.is_mandatory',
  'v.blocking_answer',
  'v.min_value',
  'v.max_value',
  'v.fact',
  'v.created_at',
  'u.display_name as created_by_name',
] as const;

interface VersionRow {
  id: number;
  question_id: number;
  version: number;
  text: string;
  answer_type: QuestionVersion['answerType'];
  choices: string[];
  is_mandatory: boolean;
  blocking_answer: string | null;
  min_value: string | null;
  max_value: string | null;
  fact: string | null;
  created_at: Date;
  created_by_name: string;
}

const numberOrNull = (value: string | null) => (value === null ? null : Number(value));

function toVersion(r: VersionRow): QuestionVersion {
  return {
    ID: r.id,
    questionID: r.question_id,
    version: r.version,
    text: r.text,
    answerType: r.answer_type,
    choices: r.choices,
    isMandatory: r.is_mandatory,
    blockingAnswer: r.blocking_answer,
    minValue: numberOrNull(r.min_value),
    maxValue: numberOrNull(r.max_value),
    fact: r.fact as QuestionVersion['fact'],
    createdBy: r.created_by_name,
    createdAt: r.created_at.toISOString(),
  };
}

/** Questions of the facility with their current version (the caller filters and orders). */
const currentQuestions = (db: Db, facilityId: number) =>
  db
    .selectFrom('questions as q')
    .innerJoin('question_versions as v', 'v.id', 'q.current_version_id')
    .innerJoin('users as u', 'u.id', 'v.created_by')
    .select(['q.is_active', 'q.sort_order', ...versionColumns])
    .where('q.facility_id', '=', facilityId);

export interface CurrentQuestionRow {
  isActive: boolean;
  current: QuestionVersion;
}

/**
 * The facility's questions with their current versions. With a permit type (and stage), only
 * those asked there, in the form's order when both are given.
 */
export async function listCurrentQuestions(
  db: Db,
  facilityId: number,
  filter: { permitTypeId?: number | undefined; stage?: QuestionStage | undefined; includeInactive: boolean },
): Promise<CurrentQuestionRow[]> {
  let query = currentQuestions(db, facilityId);
  if (!filter.includeInactive) query = query.where('q.is_active', '=', true);
  if (filter.permitTypeId !== undefined || filter.stage !== undefined) {
    query = query.where((eb) => {
      let sub = eb
        .selectFrom('question_assignments as a')
        .select('a.id')
        .whereRef('a.question_id', '=', 'q.id')
        .where('a.facility_id', '=', facilityId);
      if (filter.permitTypeId !== undefined) sub = sub.where('a.permit_type_id', '=', filter.permitTypeId);
      if (filter.stage !== undefined) sub = sub.where('a.stage', '=', filter.stage);
      return eb.exists(sub);
    });
  }
  if (filter.permitTypeId !== undefined && filter.stage !== undefined) {
    const { permitTypeId, stage } = filter;
    query = query.orderBy(
      (eb) =>
        eb
          .selectFrom('question_assignments as a')
          .select('a.sort_order')
          .whereRef('a.question_id', '=', 'q.id')
          .where('a.permit_type_id', '=', permitTypeId)
          .where('a.stage', '=', stage),
      'asc',
    );
  }
  const rows = await query.orderBy('q.sort_order').orderBy('q.id').execute();
  return rows.map((r) => ({ isActive: r.is_active, current: toVersion(r) }));
}

export async function findCurrentQuestion(
  db: Db,
  facilityId: number,
  id: number,
): Promise<CurrentQuestionRow | undefined> {
  const row = await currentQuestions(db, facilityId).where('q.id', '=', id).executeTakeFirst();
  return row && { isActive: row.is_active, current: toVersion(row) };
}

/** Every version of a question, newest first. */
export async function listVersions(db: Db, questionId: number): Promise<QuestionVersion[]> {
  const rows = await db
    .selectFrom('question_versions as v')
    .innerJoin('users as u', 'u.id', 'v.created_by')
    .select(versionColumns)
    .where('v.question_id', '=', questionId)
    .orderBy('v.version', 'desc')
    .execute();
  return rows.map(toVersion);
}

/** Versions by ID, limited to the facility (answers and forms refer to versions). */
export async function findVersions(db: Db, facilityId: number, ids: number[]): Promise<QuestionVersion[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('question_versions as v')
    .innerJoin('questions as q', 'q.id', 'v.question_id')
    .innerJoin('users as u', 'u.id', 'v.created_by')
    .select(versionColumns)
    .where('q.facility_id', '=', facilityId)
    .where('v.id', 'in', ids)
    .execute();
  return rows.map(toVersion);
}

/** Where each question is asked, by question ID. */
export async function listAssignments(
  db: Db,
  facilityId: number,
  questionIds: number[],
): Promise<Map<number, QuestionAssignment[]>> {
  const byQuestion = new Map<number, QuestionAssignment[]>();
  if (!questionIds.length) return byQuestion;
  const rows = await db
    .selectFrom('question_assignments as a')
    .innerJoin('permit_types as p', 'p.id', 'a.permit_type_id')
    .select(['a.question_id', 'a.permit_type_id', 'p.code', 'p.name', 'a.stage', 'a.sort_order'])
    .where('a.facility_id', '=', facilityId)
    .where('a.question_id', 'in', questionIds)
    .orderBy('p.sort_order')
    .orderBy('p.code')
    .orderBy(sql`array_position(array['request', 'issue', 'acceptance', 'close-out'], a.stage)`)
    .execute();
  for (const r of rows) {
    const list = byQuestion.get(r.question_id) ?? [];
    list.push({
      permitTypeID: r.permit_type_id,
      permitTypeCode: r.code,
      permitTypeName: r.name,
      stage: r.stage,
      sortOrder: r.sort_order,
    });
    byQuestion.set(r.question_id, list);
  }
  return byQuestion;
}

export async function listPermitTypes(db: Db, facilityId: number): Promise<QuestionPermitType[]> {
  // In the left sidebar's order: by group, then by type.
  const rows = await db
    .selectFrom('permit_types as p')
    .innerJoin('permit_groups as g', 'g.id', 'p.permit_group_id')
    .select(['p.id', 'p.code', 'p.name', 'p.is_active'])
    .where('p.facility_id', '=', facilityId)
    .orderBy('g.sort_order')
    .orderBy('p.sort_order')
    .orderBy('p.code')
    .execute();
  return rows.map((r) => ({ ID: r.id, code: r.code, name: r.name, isActive: r.is_active }));
}

export function findPermitType(db: Db, facilityId: number, id: number) {
  return db
    .selectFrom('permit_types')
    .select(['id', 'code', 'name'])
    .where('facility_id', '=', facilityId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The question, locked for the rest of the transaction so two edits do not both make version n+1. */
export function lockQuestion(trx: Transaction<Database>, facilityId: number, id: number) {
  return trx
    .selectFrom('questions')
    .select(['id', 'is_active', 'current_version_id', 'version'])
    .where('facility_id', '=', facilityId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Moves the question row's version on (a command changed it); returns the new one. */
export async function bumpQuestionVersion(db: Db, id: number): Promise<number> {
  const row = await db
    .updateTable('questions')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .returning('version')
    .executeTakeFirstOrThrow();
  return row.version;
}

/** Whether another active question of the facility already reads the same (ignoring case and spaces). */
export async function isTextTaken(db: Db, facilityId: number, text: string, exceptId?: number): Promise<boolean> {
  let query = db
    .selectFrom('questions as q')
    .innerJoin('question_versions as v', 'v.id', 'q.current_version_id')
    .select('q.id')
    .where('q.facility_id', '=', facilityId)
    .where('q.is_active', '=', true)
    .where(sql<boolean>`lower(btrim(v.text)) = lower(btrim(${text}))`);
  if (exceptId !== undefined) query = query.where('q.id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Adds a question after the facility's last one; the caller holds lockOrderedList(trx, 'questions', …). */
export async function insertQuestion(trx: Transaction<Database>, facilityId: number): Promise<number> {
  const next = await trx
    .selectFrom('questions')
    .select((eb) => eb.fn.coalesce(eb.fn.max('sort_order'), sql<number>`-1`).as('max'))
    .where('facility_id', '=', facilityId)
    .executeTakeFirstOrThrow();
  const row = await trx
    .insertInto('questions')
    .values({ facility_id: facilityId, sort_order: Number(next.max) + 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Adds version `version` of the question and makes it the current one. */
export async function insertVersion(
  trx: Transaction<Database>,
  questionId: number,
  version: number,
  input: QuestionInput,
  userId: number,
): Promise<number> {
  const row = await trx
    .insertInto('question_versions')
    .values({
      question_id: questionId,
      version,
      text: input.text,
      answer_type: input.answerType,
      choices: JSON.stringify(input.choices),
      is_mandatory: input.isMandatory,
      blocking_answer: input.blockingAnswer,
      min_value: input.minValue,
      max_value: input.maxValue,
      fact: input.fact ?? null,
      created_by: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('questions')
    .set({ current_version_id: row.id, updated_at: sql`now()` })
    .where('id', '=', questionId)
    .execute();
  return row.id;
}

export async function updateQuestionActive(trx: Db, id: number, isActive: boolean): Promise<void> {
  await trx
    .updateTable('questions')
    .set({ is_active: isActive, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** The form's assignments of active questions, in order (inactive ones keep theirs untouched). */
export async function listActiveFormAssignments(
  db: Db,
  facilityId: number,
  permitTypeId: number,
  stage: QuestionStage,
) {
  return db
    .selectFrom('question_assignments as a')
    .innerJoin('questions as q', 'q.id', 'a.question_id')
    .select(['a.id', 'a.question_id'])
    .where('a.facility_id', '=', facilityId)
    .where('a.permit_type_id', '=', permitTypeId)
    .where('a.stage', '=', stage)
    .where('q.is_active', '=', true)
    .orderBy('a.sort_order')
    .orderBy('a.id')
    .execute();
}

/** IDs among these that are active questions of the facility. */
export async function findActiveQuestionIds(db: Db, facilityId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .selectFrom('questions')
    .select('id')
    .where('facility_id', '=', facilityId)
    .where('is_active', '=', true)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.id));
}

export async function deleteAssignments(trx: Db, ids: number[]): Promise<void> {
  if (ids.length) await trx.deleteFrom('question_assignments').where('id', 'in', ids).execute();
}

/** Puts each question on the form at its position (inserted, or moved). */
export async function upsertAssignments(
  trx: Db,
  facilityId: number,
  permitTypeId: number,
  stage: QuestionStage,
  questionIds: number[],
): Promise<void> {
  if (!questionIds.length) return;
  await trx
    .insertInto('question_assignments')
    .values(
      questionIds.map((questionId, index) => ({
        facility_id: facilityId,
        question_id: questionId,
        permit_type_id: permitTypeId,
        stage,
        sort_order: index,
      })),
    )
    .onConflict((oc) =>
      oc
        .columns(['question_id', 'permit_type_id', 'stage'])
        .doUpdateSet({ sort_order: (eb) => eb.ref('excluded.sort_order') }),
    )
    .execute();
}

export async function insertAnswers(
  trx: Db,
  facilityId: number,
  subject: string,
  answers: { questionVersionId: number; answer: string | null }[],
  userId: number,
): Promise<void> {
  if (!answers.length) return;
  await trx
    .insertInto('question_answers')
    .values(
      answers.map((a) => ({
        facility_id: facilityId,
        question_version_id: a.questionVersionId,
        subject,
        answer: a.answer,
        answered_by: userId,
      })),
    )
    .execute();
}

/** The answers recorded for a subject (e.g. a permit number), each with the wording it answered. */
export async function listAnswersOf(db: Db, facilityId: number, subject: string) {
  const rows = await db
    .selectFrom('question_answers as a')
    .innerJoin('question_versions as v', 'v.id', 'a.question_version_id')
    .innerJoin('users as u', 'u.id', 'v.created_by')
    .innerJoin('users as by', 'by.id', 'a.answered_by')
    .select([...versionColumns, 'a.answer', 'a.answered_at', 'by.display_name as answered_by_name'])
    .where('a.facility_id', '=', facilityId)
    .where('a.subject', '=', subject)
    .orderBy('a.id')
    .execute();
  return rows.map((r) => ({
    question: toVersion(r),
    answer: r.answer,
    answeredBy: r.answered_by_name,
    answeredAt: r.answered_at.toISOString(),
  }));
}
