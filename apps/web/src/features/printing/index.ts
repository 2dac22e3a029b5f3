/** Print Manage (issue 19): the Print List and Print Settings pages (loaded lazily after sign-in). */
export { PrintListPage } from './components/PrintListPage';
export { PrintSettingsPage } from './components/PrintSettingsPage';
