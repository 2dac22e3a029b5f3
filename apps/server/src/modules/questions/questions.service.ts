import type { Caller } from '../../platform';
import type { Transaction } from 'kysely';
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
import type { Database, Db } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
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
  updateQuestionActive,
  upsertAssignments,
} from './questions.repository';
import { defineCommand, actorFacilityTarget, type CommandRun, type FacilityTargetState } from '../../platform';
import { facilityQuestionsPolicy, questionPolicy, questionTarget, type QuestionState } from './questions.policy';

/** Who acts: the platform's actor, as far as this module needs it. */
export type { Caller } from '../../platform';

const entityType = 'question';
type QuestionRun<I> = CommandRun<I, QuestionState>;
type Recorder = Pick<QuestionRun<unknown>, 'audit' | 'event'>;

/** Audits the change with the same action as ever and announces it (entity `question`). */
function record(
  run: Recorder,
  change: { action: string; event: string; entityId: number | string; before: unknown; after: unknown },
) {
  const { action, event, entityId, before, after } = change;
  run.audit({ action, entityType, entityId, before, after });
  run.event({ name: event, entityType, entityId });
}

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

/** Creates a question, its version 1 (audited `question.create`, announced `question.created`). */
export const createQuestion = defineCommand({
  name: 'question.create',
  target: actorFacilityTarget,
  policy: facilityQuestionsPolicy['question.create'],
  async apply({ trx, ctx, input: raw, ...run }: CommandRun<QuestionInput, FacilityTargetState>) {
    const caller = ctx.actor;
    const input = await checkInput(trx, caller, raw);
    const questionId = await insertQuestion(trx, caller.facilityId);
    await insertVersion(trx, questionId, 1, input, caller.userId);
    await registerCaptions(trx, questionId, 1, input);
    record(run, {
      action: 'question.create',
      event: 'question.created',
      entityId: questionId,
      before: null,
      after: auditedVersion(input, 1),
    });
    return getQuestion(trx, caller, questionId);
  },
});

/**
 * Edits a question by adding a version (the old ones stay as they were, for the answers that
 * refer to them). An edit that changes nothing adds no version and records nothing.
 */
export const editQuestion = defineCommand({
  name: 'question.edit',
  target: questionTarget,
  policy: questionPolicy['question.edit'],
  async apply({ trx, ctx, input: raw, state, ...run }: QuestionRun<QuestionInput>): Promise<QuestionDetail> {
    const caller = ctx.actor;
    const id = state.id;
    const current = (await findCurrentQuestion(trx, caller.facilityId, id))!.current;
    const input = await checkInput(trx, caller, raw, id);
    if (isSameAsVersion(input, current)) {
      run.unchanged();
      return getQuestion(trx, caller, id);
    }
    const version = current.version + 1;
    await insertVersion(trx, id, version, input, caller.userId);
    await registerCaptions(trx, id, version, input);
    record(run, {
      action: 'question.update',
      event: 'question.changed',
      entityId: id,
      before: auditedVersion(current, current.version),
      after: auditedVersion(input, version),
    });
    return getQuestion(trx, caller, id);
  },
});

/**
 * Deactivates (or reactivates) a question: an inactive one is asked on no form, its assignments
 * kept. Audited `question.deactivate` / `question.activate`, announced `question.deactivated` /
 * `question.activated`; the state it has already records nothing.
 */
export const setQuestionActive = defineCommand({
  name: 'question.set-active',
  target: questionTarget,
  policy: questionPolicy['question.set-active'],
  async apply({ trx, ctx, input, state, ...run }: QuestionRun<{ isActive: boolean }>): Promise<QuestionDetail> {
    const caller = ctx.actor;
    const { id } = state;
    const { isActive } = input;
    if (state.is_active === isActive) {
      run.unchanged();
      return getQuestion(trx, caller, id);
    }
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
    const done = isActive ? 'activate' : 'deactivate';
    record(run, {
      action: `question.${done}`,
      event: `question.${done}d`,
      entityId: id,
      before: { isActive: state.is_active },
      after: { isActive },
    });
    return getQuestion(trx, caller, id);
  },
});

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
 * Audited `question.assignments.update`, announced `question.assignments.changed`; the order the
 * form has already records nothing.
 */
export const setFormAssignments = defineCommand({
  name: 'question.form.arrange',
  target: actorFacilityTarget,
  policy: facilityQuestionsPolicy['question.form.arrange'],
  async apply({
    trx,
    ctx,
    input,
    ...run
  }: CommandRun<QuestionAssignmentsInput, FacilityTargetState>): Promise<QuestionForm> {
    const caller = ctx.actor;
    const query = { permitTypeId: input.permitTypeId, stage: input.stage };
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
    if (beforeIds.length === wanted.length && beforeIds.every((id, index) => id === wanted[index])) {
      run.unchanged();
      return questionsForForm(trx, caller, query);
    }
    await deleteAssignments(
      trx,
      before.filter((a) => !wanted.includes(a.question_id)).map((a) => a.id),
    );
    await upsertAssignments(trx, caller.facilityId, input.permitTypeId, input.stage, wanted);
    record(run, {
      action: 'question.assignments.update',
      event: 'question.assignments.changed',
      entityId: `${type.code}:${input.stage}`,
      before: { permitType: type.code, stage: input.stage, questionIDs: beforeIds },
      after: { permitType: type.code, stage: input.stage, questionIDs: wanted },
    });
    return questionsForForm(trx, caller, query);
  },
});

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
  // One insert of every answer: all of them are recorded, or none.
  await insertAnswers(
    db,
    caller.facilityId,
    subject,
    answers.map((a) => ({ questionVersionId: a.questionVersionID, answer: a.answer?.trim() || null })),
    caller.userId,
  );
  return evaluation;
}
