import {
  permitPermission,
  permitStatusLabels,
  questionStageWindows,
  stageWindowWords,
  type PermitQuestionInput,
  type PermitQuestionVerb,
} from '@hasp/contracts';
import { AppError } from '../../plugins/app-error';
import { actorPermissions, type CommandTarget, type PolicyRule } from '../../platform';
import { answersVersion, findQuestionsPermit, type QuestionsPermit } from './permit-questions.repository';
import { mayAnswer } from './permit-questions.view';

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

const conflict = (message: string) => new AppError('CONFLICT', 409, message);

/**
 * Who may answer: the requester side or the issuers of the type (`permit:create:<CODE>` or
 * `permit:issue:<CODE>`), and the permit's holder for the acceptance questions. Only while the
 * type asks questions and the stage's window is open (`questionStageWindows`).
 */
const answerRule: PolicyRule<QuestionsState, PermitQuestionInput> = {
  permissions: [],
  refuse: (state, actor, input) => {
    const { permit, permissions } = state;
    if (!permissions.has(permitPermission('view', permit.typeCode)))
      return new AppError('FORBIDDEN', 403, 'You do not have permission to do this');
    if (!permit.sections.includes('questions')) return conflict('This type of permit asks no questions.');
    const holderAccepting = input.stage === 'acceptance' && actor.userId === permit.holderId;
    if (!holderAccepting && !mayAnswer(permit.typeCode, permissions))
      return new AppError(
        'FORBIDDEN',
        403,
        `You need the permission ${permitPermission('create', permit.typeCode)} or ${permitPermission('issue', permit.typeCode)} to answer this permit's questions.`,
      );
    if (!questionStageWindows[input.stage].includes(permit.status))
      return conflict(
        `The ${input.stage} questions can be answered only while the permit is ${stageWindowWords(input.stage, permitStatusLabels)}; it is ${permitStatusLabels[permit.status]}.`,
      );
    return null;
  },
};

export const permitQuestionsPolicy: Record<PermitQuestionVerb, PolicyRule<QuestionsState, PermitQuestionInput>> = {
  answer: answerRule,
  'change-answer': answerRule,
};
