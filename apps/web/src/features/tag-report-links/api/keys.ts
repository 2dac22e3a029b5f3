/** Tag Report Manage query keys. */
export const tagReportLinkKeys = {
  all: ['tag-report-links'] as const,
};
