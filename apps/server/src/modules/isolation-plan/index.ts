// A permit's isolation plan (decision 0038): the points to isolate, locks applied and verified, the
// permit guards, and "held by" for other screens.

// Exports the routes, the commands (the demo seed walks them) and the permit guards it registers.

export { isolationPlanRoutes } from './isolation-plan.routes';
export { isolationPlanCommands } from './isolation-plan-command.service';
export { isolationPlanLifecycle } from './isolation-plan.guards';
export { heldBy } from './isolation-plan.repository';
export { readIsolationPlanSection, readIsolationPlanSectionsForPermits } from './isolation-plan-section';
