// The printing module's public surface: other modules, plugins/, app.ts, server.ts and db/seed
// import only from here (eslint: server module boundaries, decision 0027).
export { printListRoutes, printSettingsRoutes } from './printing.routes';
export { renderTagPdf, type PrintableTag } from './tag-pdf';
export { lockLabelRoutes } from './lock-label.routes';
