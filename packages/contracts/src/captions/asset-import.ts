import { defineCaptions } from './define-captions';

// Captions of Import Manage (`/assets/import-files`): CSV/XLSX imports of areas, assets,
// components, energy sources and isolation points, with templates, preview, report and history.

export const assetImportTitles = defineCaptions('Title', 'Asset_ImportManage', {
  page: 'Asset',
  childPage: 'Import Manage',
  templates: 'Templates',
  upload: 'Upload a file',
  current: 'File: {{name}}',
  preview: 'Preview',
  report: 'Validation report',
  history: 'Import history',
});

export const assetImportKindLabels = defineCaptions('Label', 'Asset_ImportManage_Kind', {
  areas: 'Areas',
  assets: 'Assets',
  components: 'Components',
  'energy-sources': 'Energy sources',
  'isolation-points': 'Isolation points',
});

export const assetImportStatusLabels = defineCaptions('Label', 'Asset_ImportManage_Status', {
  uploaded: 'Uploaded',
  invalid: 'Has problems',
  valid: 'Ready to import',
  committed: 'Imported',
  failed: 'Failed',
});

export const assetImportLabels = defineCaptions('Label', 'Asset_ImportManage', {
  lead: 'Upload areas, assets, components, energy sources and isolation points from CSV or XLSX. Every row is checked before anything is written; an import is all or nothing and matches existing records by number.',
  templatesLead:
    'A CSV file holds one kind of row; the XLSX workbook holds every kind, one sheet each. The second row of each template is an example to replace.',
  csvTemplate: '{{kind}} (CSV)',
  workbookTemplate: 'Workbook with every sheet (XLSX)',
  kind: 'What the CSV file holds',
  'kind::description':
    'Needed for a CSV file. An XLSX workbook names its sheets: Areas, Assets, Components, EnergySources, IsolationPoints.',
  kindPlaceholder: 'Choose a kind',
  dropZone: 'Drop a CSV or XLSX file here, or choose one',
  'dropZone::limit': 'At most 20 MB.',
  chosenFile: 'Chosen: {{name}} ({{size}})',
  sheetRows: '{{kind}}: {{count}} rows',
  previewRows: 'The first {{shown}} of {{count}} rows.',
  previewTable: 'Preview of {{kind}}',
  row: 'Row',
  column: 'Column',
  value: 'Value',
  message: 'Message',
  sheet: 'Sheet',
  emptyValue: '(empty)',
  issueCount: '{{count}} problem(s) found. Nothing was written; fix the file and upload it again.',
  issuesTruncated: 'The report lists the first {{shown}} of {{count}} problems.',
  issueSummary: '{{kind}} · {{column}}: {{count}}',
  reportTable: 'Problems, row by row',
  reportPage: 'Problems {{from}}–{{to}} of {{count}}',
  valid: 'Every row is valid. Import writes it all in one step.',
  wouldChange: '{{kind}}: {{created}} new, {{updated}} updated',
  committed: 'Imported {{when}}.',
  counts: '{{kind}}: {{created}} created, {{updated}} updated',
  historyTable: 'Earlier imports',
  noHistory: 'No files have been imported yet.',
  uploadedAt: 'When',
  uploadedBy: 'Who',
  fileName: 'File',
  countsColumn: 'Rows',
  resultColumn: 'Result',
  actions: 'Actions',
  historyPage: 'Page {{page}} of {{pages}}',
});

export const assetImportButtons = defineCaptions('Button', 'Asset_ImportManage', {
  chooseFile: 'Choose a file',
  clearFile: 'Clear the file',
  upload: 'Upload and check',
  commit: 'Import',
  open: 'Open',
  'open::named': 'Open the report of {{name}}',
  download: 'Download',
  'download::named': 'Download {{name}}',
  close: 'Close the file',
});

export const assetImportMessages = defineCaptions('Message', 'Asset_ImportManage', {
  noFile: 'Choose a CSV or XLSX file first.',
  kindRequired: 'Choose what the CSV file holds.',
  tooLarge: 'The file is larger than 20 MB; split it into smaller files.',
  uploading: 'Uploading and checking the file…',
  committing: 'Importing…',
  commitRefused: 'Nothing was imported: {{reason}}',
  imported: 'The file was imported.',
  historyFailed: 'The import history could not be loaded.',
  fileFailed: 'The import file could not be loaded.',
  downloadFailed: 'The download failed: {{reason}}',
});
