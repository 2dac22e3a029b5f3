import { defineCaptions } from './define-captions';

// Captions of Tag Report Manage (`/configuration/tag-report-links`): the print layout and report
// of each tag type and permit type.

export const tagReportTitles = defineCaptions('Title', 'MasterList_TagReportManage', {
  page: 'Master List',
  childPage: 'Tag Report Manage',
  tags: 'Tags',
  permitTypes: 'Permit types',
});

export const tagReportLabels = defineCaptions('Label', 'MasterList_TagReportManage', {
  lead: 'The print layout and the report each tag and each permit type uses. The layouts themselves come with printing.',
  layout: 'Print layout',
  report: 'Report',
  notLinked: 'Not linked',
  unsaved: 'You have unsaved changes.',
  bothRequired: 'Choose both a layout and a report, or neither.',
});

/** Names of the tag types (contracts' tagTypes). */
export const tagTypeCaptions = defineCaptions('Label', 'TagType', {
  'lock-tag': 'Lock tag',
  'isolation-point-tag': 'Isolation point tag',
  'lockbox-tag': 'Lockbox tag',
  'permit-tag': 'Permit tag',
});

/** Names of the print layouts (contracts' printLayouts). */
export const printLayoutCaptions = defineCaptions('Label', 'PrintLayout', {
  'tag-standard-3x5': 'Standard tag, 3 × 5 in',
  'tag-small-2x4': 'Small tag, 2 × 4 in',
  'tag-large-4x6': 'Large tag, 4 × 6 in',
  'permit-a4': 'Permit, A4',
  'permit-letter': 'Permit, US Letter',
});

/** Names of the reports (contracts' printReports). */
export const printReportCaptions = defineCaptions('Label', 'PrintReport', {
  'tag-summary': 'Tag summary',
  'isolation-point-list': 'Isolation point list',
  'lockbox-contents': 'Lockbox contents',
  'permit-summary': 'Permit summary',
  'permit-full-record': 'Full permit record',
});

export const tagReportButtons = defineCaptions('Button', 'MasterList_TagReportManage', {
  save: 'Save',
  discard: 'Discard changes',
  retry: 'Try again',
});

export const tagReportMessages = defineCaptions('Message', 'MasterList_TagReportManage', {
  loadFailed: 'The tag report links could not be loaded.',
  saved: 'The tag report links are saved.',
  saveFailed: 'Not saved: {{reason}}',
});
