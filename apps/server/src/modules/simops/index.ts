// SIMOPS (decision 0098): rules for simultaneous operations and the conflicts between a permit and
// others in force nearby.

export { simopsRoutes } from './simops.routes';
export { simopsLifecycle } from './simops-check';
export { setSimopsRule } from './simops-rules.commands';
