/** The reports feature's public face: what app/ composes (loaded lazily after sign-in). */
export { ReportFilesPage } from './components/ReportFilesPage';
export { ReportSettingsPage } from './components/ReportSettingsPage';
