import type { Kysely, Transaction } from 'kysely';
import {
  questionChoiceCaption,
  questionTextCaption,
  type QuestionAnswerInput,
  type QuestionAssignmentsInput,
  type QuestionDetail,
  type QuestionForm,
  type QuestionFormQuery,
  type QuestionInput,
  type QuestionListQuery,
  type QuestionSummary,
  type QuestionVersion,
} from '@hasp/contracts';
import { lockOrderedList } from '../../db/ordered-list-lock';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { recordAudit } from '../audit';
import { insertMissingCaptions } from '../translations';
import { evaluateAnswers } from './evaluate-answers';
import { isSameAsVersion, normalizeQuestionInput, questionInputProblems } from './question-rules';
import {
  deleteAssignments,
  findActiveQuestionIds,
  findCurrentQuestion,
  findPermitType,
  findVersions,
  insertAnswers,
  insertQuestion,
  insertVersion,
  isTextTaken,
  listActiveFormAssignments,
  listAssignments,
  listCurrentQuestions,
  listVersions,
  lockQuestion,
  updateQuestionActive,
  upsertAssignments,
} from './questions.repository';
import type { Actor } from '../../platform';

type Db = Kysely<Database>;

/** Who asks: the signed-in user in the signed-in facility. */
/** Who acts: the platform's actor, as far as this module needs it. */
export type Caller = Pick<Actor, 'facilityId' | 'userId'>;

const audit = (caller: Caller, action: string, entityId: number | string) => ({
  userId: caller.userId,
  facilityId: caller.facilityId,
  action,
  entityType: 'question',
  entityId,
});

/** What the audit trail keeps of a version. */
const auditedVersion = (v: QuestionVersion | QuestionInput, version: number) => ({
  version,
  text: v.text,
  answerType: v.answerType,
  choices: v.choices,
  isMandatory: v.isMandatory,
  blockingAnswer: v.blockingAnswer,
  minValue: v.minValue,
  maxValue: v.maxValue,
  fact: v.fact ?? null,
});

/**
 * The input, normalized, once it is valid and its text free. Takes the facility's question-list lock
 * first, so a concurrent create or edit cannot take the same text (nor, for a create, the same
 * position) before this transaction commits.
 */
async function checkInput(trx: Transaction<Database>, caller: Caller, raw: QuestionInput, exceptId?: number) {
  const input = normalizeQuestionInput(raw);
  const problems = questionInputProblems(input);
  if (problems.length) throw AppError.validation(problems);
  await lockOrderedList(trx, 'questions', caller.facilityId);
  if (await isTextTaken(trx, caller.facilityId, input.text, exceptId)) {
    throw new AppError('CONFLICT', 409, 'A question with this text already exists in this facility', [
      { field: 'text', message: 'A question with this text already exists in this facility' },
    ]);
  }
  return input;
}

/** Registers the version's text (and choices) as captions, so the translations screen can translate them. */
async function registerCaptions(trx: Transaction<Database>, questionId: number, version: number, input: QuestionInput) {
  const at = { questionID: questionId, version };
  await insertMissingCaptions(trx, [
    questionTextCaption({ ...at, text: input.text }),
    ...input.choices.map((choice, index) => questionChoiceCaption(at, index, choice)),
  ]);
}

export async function listQuestions(db: Db, caller: Caller, query: QuestionListQuery): Promise<QuestionSummary[]> {
  const rows = await listCurrentQuestions(db, caller.facilityId, {
    permitTypeId: query.permitTypeId,
    stage: query.stage,
    includeInactive: query.includeInactive === 'true',
  });
  const assignments = await listAssignments(
    db,
    caller.facilityId,
    rows.map((r) => r.current.questionID),
  );
  return rows.map((r) => ({
    ID: r.current.questionID,
    isActive: r.isActive,
    current: r.current,
    assignments: assignments.get(r.current.questionID) ?? [],
  }));
}

export async function getQuestion(db: Db, caller: Caller, id: number): Promise<QuestionDetail> {
  const found = await findCurrentQuestion(db, caller.facilityId, id);
  if (!found) throw AppError.notFound('Question');
  const assignments = await listAssignments(db, caller.facilityId, [id]);
  return {
    ID: id,
    isActive: found.isActive,
    current: found.current,
    assignments: assignments.get(id) ?? [],
    versions: await listVersions(db, id),
  };
}

export async function createQuestion(db: Db, caller: Caller, raw: QuestionInput): Promise<QuestionDetail> {
  const id = await db.transaction().execute(async (trx) => {
    const input = await checkInput(trx, caller, raw);
    const questionId = await insertQuestion(trx, caller.facilityId);
    await insertVersion(trx, questionId, 1, input, caller.userId);
    await registerCaptions(trx, questionId, 1, input);
    await recordAudit(trx, {
      ...audit(caller, 'question.create', questionId),
      before: null,
      after: auditedVersion(input, 1),
    });
    return questionId;
  });
  return getQuestion(db, caller, id);
}

/**
 * Edits a question by adding a version (the old ones stay as they were, for the answers that
 * refer to them). An edit that changes nothing adds no version.
 */
export async function editQuestion(db: Db, caller: Caller, id: number, raw: QuestionInput): Promise<QuestionDetail> {
  await db.transaction().execute(async (trx) => {
    if (!(await lockQuestion(trx, caller.facilityId, id))) throw AppError.notFound('Question');
    const current = (await findCurrentQuestion(trx, caller.facilityId, id))!.current;
    const input = await checkInput(trx, caller, raw, id);
    if (isSameAsVersion(input, current)) return;
    const version = current.version + 1;
    await insertVersion(trx, id, version, input, caller.userId);
    await registerCaptions(trx, id, version, input);
    await recordAudit(trx, {
      ...audit(caller, 'question.update', id),
      before: auditedVersion(current, current.version),
      after: auditedVersion(input, version),
    });
  });
  return getQuestion(db, caller, id);
}

/** Deactivates (or reactivates) a question: an inactive one is asked on no form, its assignments kept. */
export async function setQuestionActive(
  db: Db,
  caller: Caller,
  id: number,
  isActive: boolean,
): Promise<QuestionDetail> {
  await db.transaction().execute(async (trx) => {
    const question = await lockQuestion(trx, caller.facilityId, id);
    if (!question) throw AppError.notFound('Question');
    if (question.is_active === isActive) return;
    if (isActive) {
      const current = (await findCurrentQuestion(trx, caller.facilityId, id))!.current;
      await lockOrderedList(trx, 'questions', caller.facilityId);
      if (await isTextTaken(trx, caller.facilityId, current.text, id)) {
        throw new AppError('CONFLICT', 409, 'An active question with this text already exists in this facility', [
          { field: 'text', message: 'An active question with this text already exists in this facility' },
        ]);
      }
    }
    await updateQuestionActive(trx, id, isActive);
    await recordAudit(trx, {
      ...audit(caller, isActive ? 'question.activate' : 'question.deactivate', id),
      before: { isActive: question.is_active },
      after: { isActive },
    });
  });
  return getQuestion(db, caller, id);
}

async function permitTypeOf(db: Db | Transaction<Database>, caller: Caller, permitTypeId: number) {
  const type = await findPermitType(db, caller.facilityId, permitTypeId);
  if (!type) throw AppError.notFound('Permit type');
  return type;
}

/** The active questions a permit type asks at a stage, in order, each as its current version. */
export async function questionsForForm(db: Db, caller: Caller, query: QuestionFormQuery): Promise<QuestionForm> {
  await permitTypeOf(db, caller, query.permitTypeId);
  const rows = await listCurrentQuestions(db, caller.facilityId, {
    permitTypeId: query.permitTypeId,
    stage: query.stage,
    includeInactive: false,
  });
  return { permitTypeID: query.permitTypeId, stage: query.stage, questions: rows.map((r) => r.current) };
}

/**
 * Sets the active questions of a form, in order: questions left out are unassigned, new ones
 * assigned, all renumbered. Inactive questions keep their assignments for when they return.
 */
export async function setFormAssignments(
  db: Db,
  caller: Caller,
  input: QuestionAssignmentsInput,
): Promise<QuestionForm> {
  const query = { permitTypeId: input.permitTypeId, stage: input.stage };
  await db.transaction().execute(async (trx) => {
    const type = await permitTypeOf(trx, caller, input.permitTypeId);
    const wanted = input.questionIDs;
    if (new Set(wanted).size !== wanted.length) {
      throw AppError.validation([{ field: 'questionIDs', message: 'Questions: a question is listed twice' }]);
    }
    const active = await findActiveQuestionIds(trx, caller.facilityId, wanted);
    const unknown = wanted.filter((id) => !active.has(id));
    if (unknown.length) {
      throw AppError.validation([
        { field: 'questionIDs', message: `Questions: not an active question of this facility: ${unknown.join(', ')}` },
      ]);
    }
    const before = await listActiveFormAssignments(trx, caller.facilityId, input.permitTypeId, input.stage);
    const beforeIds = before.map((a) => a.question_id);
    if (beforeIds.length === wanted.length && beforeIds.every((id, index) => id === wanted[index])) return;
    await deleteAssignments(
      trx,
      before.filter((a) => !wanted.includes(a.question_id)).map((a) => a.id),
    );
    await upsertAssignments(trx, caller.facilityId, input.permitTypeId, input.stage, wanted);
    await recordAudit(trx, {
      ...audit(caller, 'question.assignments.update', `${type.code}:${input.stage}`),
      before: { permitType: type.code, stage: input.stage, questionIDs: beforeIds },
      after: { permitType: type.code, stage: input.stage, questionIDs: wanted },
    });
  });
  return questionsForForm(db, caller, query);
}

/**
 * Records the answers given for a subject (a permit number) against the versions the form showed,
 * and answers how they stand against the rules (what blocks the step and why). An answer that is
 * not one of its question's type is refused. The permit screens call this; the wording answered
 * stays with the record whatever edits follow.
 */
export async function recordAnswers(
  db: Db,
  caller: Caller,
  subject: string,
  answers: QuestionAnswerInput[],
): Promise<ReturnType<typeof evaluateAnswers>> {
  const ids = [...new Set(answers.map((a) => a.questionVersionID))];
  if (ids.length !== answers.length) {
    throw AppError.validation([{ field: 'answers', message: 'Answers: a question is answered twice' }]);
  }
  const versions = await findVersions(db, caller.facilityId, ids);
  if (versions.length !== ids.length) throw AppError.notFound('Question');
  const evaluation = evaluateAnswers(versions, answers);
  const invalid = evaluation.problems.filter((p) => p.kind === 'invalid');
  if (invalid.length) {
    throw AppError.validation(invalid.map((p) => ({ field: `answers.${p.questionVersionID}`, message: p.message })));
  }
  await db.transaction().execute((trx) =>
    insertAnswers(
      trx,
      caller.facilityId,
      subject,
      answers.map((a) => ({ questionVersionId: a.questionVersionID, answer: a.answer?.trim() || null })),
      caller.userId,
    ),
  );
  return evaluation;
}
