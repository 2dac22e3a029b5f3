// Import Manage: upload a CSV/XLSX of assets, preview, commit and see the history.

// What app/ composes (loaded lazily after sign-in).

export { AssetImportPage } from './components/AssetImportPage';
