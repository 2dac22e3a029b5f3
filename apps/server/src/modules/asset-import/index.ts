// Import Manage: CSV/XLSX asset imports with a preview, a row report, an all-or-nothing commit and
// the history.

export { assetImportRoutes } from './import.routes';
