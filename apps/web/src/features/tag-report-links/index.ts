/** The Tag Report Manage feature's public face: what app/ composes (loaded lazily after sign-in). */
export { TagReportLinksPage } from './components/TagReportLinksPage';
