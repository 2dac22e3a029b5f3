import type { PermitIndexColumn } from '../permit-index';
import type { ReportColumn } from '../reports';
import { defineCaptions, type Caption } from './define-captions';
import { permitIndexColumnCaptions } from './permit-index';

// Captions of Report Settings (`/report/report-settings`) and Report Files (`/report/report-files`),
// and the headings of the generated files.

export const reportTitles = defineCaptions('Title', 'Report', {
  newReport: 'New report',
  editReport: 'Edit report',
  deleteReport: 'Delete report',
});

/** Names of the report kinds (contracts' reportKinds). */
export const reportKindCaptions = defineCaptions('Label', 'Report_Kind', {
  'permit-register': 'Permit register',
  'tag-register': 'Tag register',
  'open-isolations': 'Open isolations',
  'lock-inventory': 'Lock inventory',
  'overdue-items': 'Overdue permits',
  'permits-by-state-type': 'KPI: permits by state and type',
  'time-to-approve': 'KPI: mean time to approve',
  'long-open-isolations': 'KPI: isolations open longer than N days',
});

/** Column headings of the files and the column picker beyond the permit index's own (reportColumnCaption). */
export const reportColumnCaptions = defineCaptions('Label', 'Report_Column', {
  permit: 'Permit',
  state: 'State',
  reason: 'Reason',
  appliedBy: 'Applied by',
  appliedAt: 'Applied',
  printedAt: 'Printed',
  removedAt: 'Removed',
  permitStatus: 'Permit status',
  point: 'Isolation point',
  location: 'Location',
  isolatedBy: 'Isolated by',
  isolatedAt: 'Isolated',
  serial: 'Serial',
  kind: 'Kind',
  owner: 'Owner',
  hoursOverdue: 'Hours overdue',
  count: 'Permits',
  approved: 'Approved permits',
  meanHours: 'Mean hours to approve',
  daysOpen: 'Days open',
});

/** A column's heading: the permit index's caption for its columns (one wording, one translation), else the report's. */
export function reportColumnCaption(column: ReportColumn): Caption {
  return column in permitIndexColumnCaptions
    ? permitIndexColumnCaptions[column as PermitIndexColumn]
    : reportColumnCaptions[column as keyof typeof reportColumnCaptions];
}

export const reportLabels = defineCaptions('Label', 'Report', {
  settingsLead: 'Reports of this facility: what each contains, its format, and when it is e-mailed to whom.',
  filesLead: 'Generated reports, newest first. Files are deleted after {{days}} days.',
  mailOff: 'E-mail is off on this server (HASP_SMTP_URL is not set): scheduled reports are generated but not sent.',
  name: 'Name',
  nameRequired: 'Enter a name.',
  kind: 'Report',
  columns: 'Columns',
  columnsHint: 'None chosen: every column.',
  format: 'Format',
  filters: 'Filters',
  permitType: 'Permit type',
  everyType: 'Every type',
  status: 'Permit statuses',
  from: 'From (day)',
  to: 'To (day)',
  days: 'Open longer than (days)',
  schedule: 'Schedule',
  scheduleNone: 'Not scheduled',
  daily: 'Daily',
  weekly: 'Weekly',
  weekday: 'Day of the week',
  time: 'Time ({{timeZone}})',
  recipients: 'Recipients (e-mail)',
  recipientsHint: 'Press Enter after each address.',
  nextRun: 'Next run: {{at}}',
  noReports: 'No reports yet. Add one with New report.',
  noFiles: 'No report files yet. Generate a report from Report Settings.',
  generatedBy: 'By {{name}}',
  bySchedule: 'By its schedule',
  rows: '{{count}} rows',
  queued: 'Waiting to start',
  running: 'Generating: {{count}} rows so far',
  done: 'Ready',
  failed: 'Failed: {{reason}}',
  mailPending: 'E-mail: sending',
  mailSent: 'E-mail: sent',
  mailFailed: 'E-mail failed: {{reason}}',
  mailOffShort: 'E-mail: off',
  expires: 'Kept until {{at}}',
});

export const reportWeekdayCaptions = defineCaptions('Label', 'Report_Weekday', {
  '0': 'Sunday',
  '1': 'Monday',
  '2': 'Tuesday',
  '3': 'Wednesday',
  '4': 'Thursday',
  '5': 'Friday',
  '6': 'Saturday',
});

export const reportButtons = defineCaptions('Button', 'Report', {
  newReport: 'New report',
  edit: 'Edit',
  delete: 'Delete',
  generate: 'Generate now',
  download: 'Download',
  openFiles: 'Open Report Files',
  retry: 'Try again',
  cancel: 'Cancel',
  close: 'Close',
  save: 'Save',
});

export const reportMessages = defineCaptions('Message', 'Report', {
  loadFailed: 'The reports could not be loaded.',
  saved: 'The report is saved.',
  deleted: 'The report is deleted.',
  saveFailed: 'Not saved: {{reason}}',
  generating: 'Generating {{name}}: follow it in Report Files.',
  confirmDelete: 'Delete the report {{name}}? Its files stay until they expire.',
  mailSubject: 'Report: {{name}}',
  mailBody: 'The report {{name}} generated at {{at}} is attached ({{count}} rows).',
});
