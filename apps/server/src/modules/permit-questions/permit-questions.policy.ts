import { permitAnswerProblem, type PermitQuestionInput, type PermitQuestionVerb } from '@hasp/contracts';
import { AppError } from '../../plugins/app-error';
import { actorPermissions, type CommandTarget, type PolicyRule } from '../../platform';
import { answersVersion, findQuestionsPermit, type QuestionsPermit } from './permit-questions.repository';

/** A permit locked for an answer; the version is the count of its answers (If-Match), not the permit's. */
export interface QuestionsState {
  version: number;
  permit: QuestionsPermit;
  permissions: ReadonlySet<string>;
}

/**
 * The permit's row locked FOR UPDATE: an answer and a lifecycle command of one permit run one after
 * another, so `request` never passes on an answer changing under it.
 */
export const questionsTarget: CommandTarget<QuestionsState> = {
  noun: 'Permit',
  staleMessage: "Someone answered this permit's questions first. Reload them and try again.",
  async lock(trx, actor, id) {
    const permit = await findQuestionsPermit(trx, actor.facilityId, id, true);
    if (!permit) return undefined;
    const [version, permissions] = await Promise.all([
      answersVersion(trx, actor.facilityId, id),
      actorPermissions(trx, actor),
    ]);
    return { version, permit, permissions };
  },
  bump: (trx, id, state) => answersVersion(trx, state.permit.facilityId, id),
};

/**
 * Who may answer: the requester side or the issuers of the type (`permit:create:<CODE>` or
 * `permit:issue:<CODE>`), and the permit's holder for the acceptance questions. Only while the
 * type asks questions and the stage's window is open (`questionStageWindows`).
 */
const answerRule: PolicyRule<QuestionsState, PermitQuestionInput> = {
  permissions: [],
  refuse: (state, actor, input) => {
    // The rule is contracts' (decision 0064): the offline permit page answers by the same one.
    const problem = permitAnswerProblem(state.permit, state.permissions, actor.userId, input.stage);
    if (!problem) return null;
    return new AppError(problem.status === 403 ? 'FORBIDDEN' : 'CONFLICT', problem.status, problem.message);
  },
};

export const permitQuestionsPolicy: Record<PermitQuestionVerb, PolicyRule<QuestionsState, PermitQuestionInput>> = {
  answer: answerRule,
  'change-answer': answerRule,
};
