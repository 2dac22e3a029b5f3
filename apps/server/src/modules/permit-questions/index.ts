// Questions on permits (decision 0048): a permit's answers to its type's questions, and the guards
// and signed content they add.

// Exports the routes, the commands (the demo seed answers through them), the guards and signed
// content it registers.

export { permitQuestionRoutes } from './permit-questions.routes';
export { permitQuestionCommands } from './permit-questions-command.service';
export { permitQuestionsLifecycle } from './permit-questions.guards';
export { loadPermitQuestionStages } from './permit-questions.view';
export { countPermitFacts } from './question-facts.repository';
export { readPermitQuestionsSection, readPermitQuestionsSectionsForPermits } from './permit-questions-section';
