import { rightNavPermission } from '@hasp/contracts';
import { type CommandTarget, policyTable } from '../../platform';
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

/** The facility's questions and forms, as the target of a creation and of a form's arrangement. */
export interface FacilityQuestionsState {
  facilityId: number;
  version: number;
}

/**
 * The actor's facility (another facility's is not found); no version of its own (0). A creation
 * takes the facility's question-list lock itself (its text and position must stay free).
 */
export const facilityQuestionsTarget: CommandTarget<FacilityQuestionsState> = {
  lock: async (_trx, actor, id) => (id === actor.facilityId ? { facilityId: id, version: 0 } : undefined),
  bump: async () => 0,
};

const screen = [rightNavPermission('question-manage')];

/** Who may create questions and arrange forms: Question Manage's permission, as the routes' preHandler. */
export const facilityQuestionsPolicy = policyTable<FacilityQuestionsState>()({
  'question.create': { permissions: screen },
  'question.form.arrange': { permissions: screen },
});

/** Who may change a question: Question Manage's permission, in any state. */
export const questionPolicy = policyTable<QuestionState>()({
  'question.edit': { permissions: screen },
  'question.set-active': { permissions: screen },
});
