// The printing module's public surface: other modules, plugins/, app.ts, server.ts and db/seed
// import only from here (eslint: server module boundaries, decision 0027).
export { printListRoutes, printSettingsRoutes } from './printing.routes';
export { renderTagPdf, type PrintableTag } from './tag-pdf';
export { lockLabelRoutes } from './lock-label.routes';
// The demo seed records its locks' labels printed through the same commands (decision 0115).
export { recordLockLabelsPrinted } from './lock-label-prints.service';
