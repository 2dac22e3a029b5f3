import { defineCaptions } from './define-captions';

// Captions of Print Manage's Print List (`/printlist`) and Print Settings (`/printlist/print-settings`).

export const printingTitles = defineCaptions('Title', 'PrintManage', {
  page: 'Print Manage',
  printList: 'Print List',
  printSettings: 'Print Settings',
  preview: 'Preview',
  reprint: 'Reprint',
});

export const printingLabels = defineCaptions('Label', 'PrintManage', {
  listLead:
    'Tags, permits, lockbox labels and lock labels waiting to print. Print them to one PDF per kind, then mark them printed once they are out of the printer.',
  settingsLead:
    'How each tag size prints: its colours, legend and fields. Each tag type uses the layout its tag report link names.',
  queue: 'Show',
  waiting: 'Waiting to print',
  printed: 'Printed',
  kind: 'Kind',
  allKinds: 'All kinds',
  'kind::tag': 'Tags',
  'kind::permit': 'Permits',
  'kind::lockbox': 'Lockbox labels',
  'kind::lock': 'Lock labels',
  /** On a lock label's line: the lock's kind, colour and owner (a lock is of no permit). */
  lockFacts: '{{kind}} · {{colour}} · {{owner}}',
  noColour: 'No colour',
  noOwner: 'No owner',
  notForLocks: 'Lock labels are of no permit or area: these filters leave them out.',
  printedBy: 'Printed {{at}} by {{name}}',
  permit: 'Permit',
  allPermits: 'All permits',
  area: 'Area',
  allAreas: 'All areas',
  selectAll: 'Select all ({{count}})',
  selected: '{{count}} selected',
  empty: 'Nothing here with these filters.',
  truncated: 'Only the first {{count}} are shown: narrow the filters.',
  point: 'Point',
  legend: 'Legend',
  reprints: 'Reprinted {{count}} times',
  reason: 'Why is it printed again?',
  reasonRequired: 'Give the reason for printing it again.',
  layout: 'Layout',
  name: 'Name',
  bandColour: 'Band colour',
  bandTextColour: 'Band text colour',
  bodyColour: 'Tag colour',
  layoutLegend: 'Legend when the tag has none',
  firstLegend: 'The first of the Tag legends list',
  fields: 'Shown on the tag',
  noLogo: 'The facility has no logo: the logo field prints nothing.',
  unsaved: 'You have unsaved changes.',
  previewing: 'Drawing the preview…',
  'field::logo': 'Facility logo',
  'field::number': 'Tag number',
  'field::point': 'Isolation point',
  'field::permit': 'Permit number',
  'field::applier': "Applier's name",
  'field::department': "Applier's department or crew",
  'field::contact': "Applier's contact (phone, radio)",
  'field::date': 'Date',
  'field::reason': 'Reason',
  'field::qr': 'QR code to the live status',
});

export const printingButtons = defineCaptions('Button', 'PrintManage', {
  print: 'Print to PDF ({{count}})',
  markPrinted: 'Mark printed ({{count}})',
  reprint: 'Reprint',
  confirmReprint: 'Reprint and download',
  cancel: 'Cancel',
  save: 'Save',
  discard: 'Discard changes',
  retry: 'Try again',
});

export const printingMessages = defineCaptions('Message', 'PrintManage', {
  loadFailed: 'The print list could not be loaded.',
  layoutsFailed: 'The tag layouts could not be loaded.',
  printing: 'Making the PDF of {{count}} items…',
  downloaded: '{{name}} is downloaded.',
  printFailed: 'The PDF could not be made: {{reason}}',
  marking: 'Marking printed: {{done}} of {{total}}',
  marked: '{{count}} marked printed.',
  markRefused: '{{count}} not marked: {{reason}}',
  reprinted: '{{number}} reprinted.',
  saved: 'The layout is saved.',
  saveFailed: 'Not saved: {{reason}}',
  previewFailed: 'The preview could not be drawn: {{reason}}',
});

/** The words printed on a lockbox label (the reader's language). */
export const lockboxLabelCaptions = defineCaptions('Label', 'LockboxLabel', {
  title: 'GROUP LOCKBOX',
  lockbox: 'Lockbox',
  permit: 'Permit',
  primary: 'Primary',
  holds: 'Holds',
  noLocks: 'No isolation locks yet',
  scan: 'Scan for the permit',
});

/** The words printed on a tag, in the facility's language (the tag is read at the equipment). */
export const tagPrintCaptions = defineCaptions('Label', 'TagPrint', {
  point: 'Point',
  permit: 'Permit',
  appliedBy: 'Applied by',
  toBeAppliedBy: 'To be applied by',
  department: 'Department/crew',
  contact: 'Contact',
  date: 'Applied',
  expectedEnd: 'Expected end',
  reason: 'Reason',
  scan: 'Scan for live status',
  revoked: 'Status link revoked',
});
