// The numbering module's public surface: other modules, plugins/, app.ts, server.ts and db/seed
// import only from here (eslint: server module boundaries, decision 0027).
export { numberingRoutes } from './numbering.routes';
export { allocateNumber, type AllocatedNumber } from './allocate-number';
