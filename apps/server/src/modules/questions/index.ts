// The questions module's public surface: other modules, plugins/, app.ts, server.ts and db/seed
// import only from here (eslint: server module boundaries, decision 0027).
export { insertQuestion, insertVersion, upsertAssignments } from './questions.repository';
export { questionRoutes } from './questions.routes';
export { evaluateAnswers } from './evaluate-answers';
export { findVersions, listCurrentQuestions } from './questions.repository';
