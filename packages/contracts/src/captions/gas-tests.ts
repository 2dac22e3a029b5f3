import { defineCaptions } from './define-captions';

// Captions of the permit page's Gas tests section and the Gas tests configuration screen
// (features/gas-tests). The rules' refusals are the server's words, shown as it words them.

export const gasTestLabels = defineCaptions('Label', 'GasTests', {
  loading: 'Loading the gas tests',
  loadFailed: 'The gas tests could not be loaded: {{reason}}',
  blocked: 'Not ready to issue',
  ready: 'Gas test in limits',
  readySince: 'Latest test {{at}}. Test again within {{minutes}} minutes of issue or revalidation.',
  recordTitle: 'Record a gas test',
  reading: '{{code}} ({{unit}})',
  limits: 'Limits: {{limits}}',
  outOfLimits: 'Out of limits ({{limits}})',
  inLimits: 'In limits',
  instrument: 'Instrument',
  instrumentOption: '{{name}} ({{serial}}), calibration due {{due}}',
  testerIsYou: 'Tester: {{name}} (you). Whoever took the readings records them, signed in as themselves.',
  location: 'Location',
  testedAt: 'Tested at (leave empty for now)',
  noParameters: 'This facility has no gas parameters yet: an administrator adds them under Permit types › Gas tests.',
  noInstruments: 'This facility has no gas instrument yet: an administrator adds one under Permit types › Gas tests.',
  history: 'Tests ({{count}})',
  none: 'No gas test recorded yet.',
  testedBy: '{{at}} by {{tester}}',
  recorded: 'Received {{at}}, recorded by {{name}}',
  where: '{{location}} · {{instrument}} ({{serial}})',
  voided: 'Voided {{at}} by {{name}}: {{reason}}',
  voidReason: 'Why is this test void?',
  parameter: 'Gas',
  value: 'Reading',
  result: 'Result',
  failed: 'Not saved: {{reason}}',
});

export const gasTestButtons = defineCaptions('Button', 'GasTests', {
  record: 'Record gas test',
  void: 'Void',
  confirmVoid: 'Void this test',
  cancel: 'Cancel',
});

export const gasConfigLabels = defineCaptions('Label', 'Admin_GasTests', {
  title: 'Gas tests',
  lead: 'What gas tests measure in this facility, the limits a permit is issued within, and the instruments that measure them.',
  parameters: 'Gas parameters',
  instruments: 'Instruments',
  code: 'Code',
  name: 'Name',
  unit: 'Unit',
  lowLimit: 'Low limit',
  highLimit: 'High limit',
  serial: 'Serial',
  calibrationDue: 'Calibration due',
  active: 'Active',
  inactive: 'Inactive',
  overdue: 'Calibration overdue',
  addParameter: 'Add a gas parameter',
  editParameter: 'Edit {{code}}',
  addInstrument: 'Add an instrument',
  editInstrument: 'Edit {{name}}',
  saved: 'Saved.',
  failed: 'Not saved: {{reason}}',
  loadFailed: 'The gas configuration could not be loaded: {{reason}}',
});

export const gasConfigButtons = defineCaptions('Button', 'Admin_GasTests', {
  add: 'Add',
  save: 'Save',
  edit: 'Edit',
  cancel: 'Cancel',
  open: 'Gas tests',
});

/** The issuer's inbox, written in each recipient's language (decision 0043); the readings are the server's words. */
export const gasTestNotificationCaptions = defineCaptions('Message', 'GasTests_Notifications', {
  title: '{{number}} {{title}}: gas test out of limits',
  body: 'Gas test out of limits: {{readings}}. Recorded by {{actor}}.',
});
