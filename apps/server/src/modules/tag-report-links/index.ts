// Tag Report Manage: the print layout and report for each tag type and permit type.

export { tagReportLinkRoutes } from './tag-report-links.routes';
