import { rightNavPermission } from '@hasp/contracts';
import { type CommandTarget, type FacilityTargetState, policyTable } from '../../platform';
import { bumpQuestionVersion, lockQuestion } from './questions.repository';

/** A question as its commands lock it: whether it is active, and the row's version. */
export interface QuestionState {
  id: number;
  is_active: boolean;
  version: number;
}

/**
 * A question of the actor's facility (another facility's is not found), locked so two edits do
 * not both make text version n+1. Its version is the row's: an edit and an activation both move it.
 */
export const questionTarget: CommandTarget<QuestionState> = {
  noun: 'Question',
  staleMessage: 'This question was changed by someone else. Reload it and make your change again.',
  lock: (trx, actor, id) => lockQuestion(trx, actor.facilityId, id),
  bump: (trx, id) => bumpQuestionVersion(trx, id),
};

const screen = [rightNavPermission('question-manage')];

/**
 * Who may create questions and arrange forms (the target: the actor's facility): Question Manage's
 * permission, as the routes' preHandler. A creation takes the facility's question-list lock itself.
 */
export const facilityQuestionsPolicy = policyTable<FacilityTargetState>()({
  'question.create': { permissions: screen },
  'question.form.arrange': { permissions: screen },
});

/** Who may change a question: Question Manage's permission, in any state. */
export const questionPolicy = policyTable<QuestionState>()({
  'question.edit': { permissions: screen },
  'question.set-active': { permissions: screen },
});
