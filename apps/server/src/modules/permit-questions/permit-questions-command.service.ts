import {
  answerValueProblem,
  permitQuestionVerbs,
  type AnswerQuestionInput,
  type ChangeAnswerInput,
  type PermitQuestionInput,
  type PermitQuestionVerb,
  type PermitQuestions,
  type QuestionVersion,
} from '@hasp/contracts';
import { AppError } from '../../plugins/app-error';
import { defineCommand, type CommandDefinition, type CommandRun } from '../../platform';
import { findVersions, listCurrentQuestions } from '../questions';
import { permitQuestionsPolicy, questionsTarget, type QuestionsState } from './permit-questions.policy';
import { insertPermitAnswer, listCurrentAnswers } from './permit-questions.repository';
import { permitQuestionsView } from './permit-questions.view';
import { countPermitFacts } from './question-facts.repository';

const conflict = (message: string) => new AppError('CONFLICT', 409, message);

/** Refuses an answer that is not one of its question's type, or a number outside its range (contracts' rule). */
function checkAnswer(question: QuestionVersion, answer: string): void {
  const problem = answerValueProblem(question, answer);
  if (problem) throw AppError.validation([{ field: 'answer', message: problem }]);
}

/**
 * The one use case of both verbs: the permit is locked (the target); the question must be asked
 * at the stage (a change: answered there, with the answer the sender saw); the answer is checked
 * against the version it answers and added as a new row (a change keeps the wording first
 * answered). Audited and evented as `permit-questions.<verb>`.
 */
async function applyAnswer(
  verb: PermitQuestionVerb,
  { trx, ctx, input, state, ...run }: CommandRun<PermitQuestionInput, QuestionsState>,
): Promise<PermitQuestions> {
  const { permit, permissions } = state;
  const { facilityId, userId } = ctx.actor;
  const answers = await listCurrentAnswers(trx, facilityId, permit.id);
  const current = answers.find((a) => a.questionId === input.questionId && a.stage === input.stage) ?? null;
  const answer = input.answer.trim();
  let version: QuestionVersion;

  if (verb === 'answer') {
    const { questionVersionId } = input as AnswerQuestionInput;
    const asked = await listCurrentQuestions(trx, facilityId, {
      permitTypeId: permit.permitTypeId,
      stage: input.stage,
      includeInactive: false,
    });
    if (!asked.some((q) => q.current.questionID === input.questionId))
      throw AppError.validation([
        { field: 'questionId', message: `This permit asks no such question at the ${input.stage} stage.` },
      ]);
    const [found] = await findVersions(trx, facilityId, [questionVersionId]);
    if (!found || found.questionID !== input.questionId)
      throw AppError.validation([{ field: 'questionVersionId', message: 'Not a version of this question.' }]);
    if (current)
      throw conflict(
        `"${found.text}" is already answered ("${current.value}", by ${current.answeredBy.displayName}): change the answer instead.`,
      );
    version = found;
  } else {
    const { answerId } = input as ChangeAnswerInput;
    if (!current) throw conflict('This question is not answered yet: answer it first.');
    [version] = (await findVersions(trx, facilityId, [current.questionVersionId])) as [QuestionVersion];
    if (current.id !== answerId)
      throw conflict(
        `Someone changed the answer to "${version.text}" first: it is now "${current.value}". Reload and try again.`,
      );
    if (current.value === answer) {
      run.unchanged();
      return permitQuestionsView(trx, permit, { userId, permissions }, { prefill: true });
    }
  }

  checkAnswer(version, answer);
  const answerId = await insertPermitAnswer(trx, {
    facilityId,
    permitId: permit.id,
    number: permit.number,
    questionId: input.questionId,
    stage: input.stage,
    questionVersionId: version.ID,
    answer,
    userId,
    at: ctx.now,
  });
  const about = { question: version.text, questionVersion: version.version, stage: input.stage };
  // What the record said when they answered: whoever reads the trail sees a confirmed value from a corrected one.
  const offered = version.fact
    ? { fromRecord: { fact: version.fact, value: (await countPermitFacts(trx, facilityId, permit.id))[version.fact] } }
    : {};
  run.audit({
    action: `permit-questions.${verb}`,
    // Its own entity type: the permit's History tab tells the lifecycle (like the isolation plan's rows).
    entityType: 'permit-questions',
    entityId: permit.id,
    before: current ? { ...about, answer: current.value } : null,
    after: { ...about, answer, ...offered },
  });
  run.event({
    name: `permit-questions.${verb}`,
    entityType: 'permit',
    entityId: permit.id,
    payload: { permitId: permit.id, number: permit.number, questionId: input.questionId, stage: input.stage, answerId },
  });
  return permitQuestionsView(trx, permit, { userId, permissions }, { prefill: true });
}

/** `permit-questions.answer` and `permit-questions.change-answer`, on the permit's row. */
export const permitQuestionCommands = Object.fromEntries(
  permitQuestionVerbs.map((verb) => [
    verb,
    defineCommand<PermitQuestionInput, QuestionsState, PermitQuestions>({
      name: `permit-questions.${verb}`,
      target: questionsTarget,
      policy: permitQuestionsPolicy[verb],
      apply: (run) => applyAnswer(verb, run),
    }),
  ]),
) as Record<PermitQuestionVerb, CommandDefinition<PermitQuestionInput, QuestionsState, PermitQuestions>>;
