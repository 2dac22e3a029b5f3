// Tag Report Manage: the print layout and report per tag type and permit type.

// What app/ composes (loaded lazily after sign-in).

export { TagReportLinksPage } from './components/TagReportLinksPage';
