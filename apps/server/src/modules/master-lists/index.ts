// The master-lists module's public surface: other modules, plugins/, app.ts, server.ts and db/seed
// import only from here (eslint: server module boundaries, decision 0027).
export { itemCaptionSql } from './item-caption';
export { masterListRoutes } from './master-list.routes';
