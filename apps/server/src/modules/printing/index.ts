// Print Manage: Print Settings (tag layouts) and the Print List of tags, permit copies, lockbox and
// lock labels as PDFs.

export { printListRoutes, printSettingsRoutes } from './printing.routes';
export { renderTagPdf, type PrintableTag } from './tag-pdf';
export { lockLabelRoutes } from './lock-label.routes';
// The demo seed records its locks' labels printed through the same commands (decision 0115).
export { recordLockLabelsPrinted } from './lock-label-prints.service';
