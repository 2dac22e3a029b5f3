/** The Import Manage feature's public face: what app/ composes (loaded lazily after sign-in). */
export { AssetImportPage } from './components/AssetImportPage';
