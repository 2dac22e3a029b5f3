// The permit questions module's public surface (issue 17 part 2): routes, commands (the demo seed
// answers through them) and the guards and signed content it registers.
export { permitQuestionRoutes } from './permit-questions.routes';
export { permitQuestionCommands } from './permit-questions-command.service';
export { permitQuestionsLifecycle } from './permit-questions.guards';
export { loadPermitQuestionStages } from './permit-questions.view';
export { countPermitFacts } from './question-facts.repository';
export { readPermitQuestionsSection, readPermitQuestionsSectionsForPermits } from './permit-questions-section';
