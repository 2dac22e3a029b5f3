// Reports: the Report Settings and Report Files pages.

// What app/ composes (loaded lazily after sign-in).

export { ReportFilesPage } from './components/ReportFilesPage';
export { ReportSettingsPage } from './components/ReportSettingsPage';
