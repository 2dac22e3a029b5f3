// The simops module's public surface: other modules, plugins/, app.ts, server.ts and db/seed
// import only from here (eslint: server module boundaries, decision 0027).
export { simopsRoutes } from './simops.routes';
export { simopsLifecycle } from './simops-check';
export { setSimopsRule } from './simops-rules.commands';
