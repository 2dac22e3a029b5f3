/** The Asset Manage feature's public face: what app/ composes (loaded lazily after sign-in). */
export { AssetManagePage } from './components/AssetManagePage';
export { AssetPage } from './components/AssetPage';
