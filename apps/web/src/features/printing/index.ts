// Print Manage: the Print List and Print Settings pages.

// Loaded lazily after sign-in.

export { PrintListPage } from './components/PrintListPage';
export { PrintSettingsPage } from './components/PrintSettingsPage';
