// Component Manage: an asset's components (server side in the assets module).

// What app/ composes (loaded lazily after sign-in).

export { ComponentManagePage } from './components/ComponentManagePage';
