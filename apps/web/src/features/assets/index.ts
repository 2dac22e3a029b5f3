// Asset Manage: the tree of areas and assets, and an asset's page.

// What app/ composes (loaded lazily after sign-in).

export { AssetManagePage } from './components/AssetManagePage';
export { AssetPage } from './components/AssetPage';
