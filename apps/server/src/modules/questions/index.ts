// Question Manage: questions with immutable versions, their assignment per permit type and stage,
// and evaluateAnswers().

export { insertQuestion, insertVersion, upsertAssignments } from './questions.repository';
export { questionRoutes } from './questions.routes';
export { evaluateAnswers } from './evaluate-answers';
export { findVersions, listCurrentQuestions } from './questions.repository';
