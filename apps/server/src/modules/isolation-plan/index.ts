// The isolation plan module's public surface (issue 16): routes, commands (the demo seed walks
// them), the permit guards it registers, and "held by" for other screens.
export { isolationPlanRoutes } from './isolation-plan.routes';
export { isolationPlanCommands } from './isolation-plan-command.service';
export { isolationPlanLifecycle } from './isolation-plan.guards';
export { heldBy } from './isolation-plan.repository';
export { readIsolationPlanSection, readIsolationPlanSectionsForPermits } from './isolation-plan-section';
