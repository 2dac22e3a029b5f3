import { defineCaptions } from './define-captions';

// Captions of SIMOPS (decision 0098; features/simops): the rules screen, the permit page's Conflicts
// section and its notice, and the override in the Approve and Issue dialog. A refusal is the
// server's words, shown as it words them.

export const simopsRulesLabels = defineCaptions('Label', 'Admin_SimopsRules', {
  title: 'SIMOPS rules',
  lead: 'What happens when two live permits meet in the same area at overlapping times, per pair of permit types. Without a rule the conflict is shown for information only.',
  loading: 'Loading the SIMOPS rules',
  loadFailed: 'The SIMOPS rules could not be loaded: {{reason}}',
  none: 'No rule yet: every conflict is shown for information only.',
  firstType: 'Type A',
  secondType: 'Type B',
  mode: 'Rule',
  typeOption: '{{code}} — {{name}}',
  pair: '{{first}} with {{second}}',
  addRule: 'Add a rule',
  changeRule: 'Change the rule of {{pair}}',
  pickTypes: 'Choose both permit types.',
  failed: 'Not saved: {{reason}}',
  removeFailed: 'Not removed: {{reason}}',
  actions: 'Actions',
});

export const simopsRulesButtons = defineCaptions('Button', 'Admin_SimopsRules', {
  open: 'SIMOPS rules',
  add: 'Add rule',
  save: 'Save',
  change: 'Change',
  remove: 'Remove',
  cancel: 'Cancel',
});

/** A rule's mode, in the rules table, the form and beside each conflict. */
export const simopsModeCaptions = defineCaptions('Label', 'Simops_Mode', {
  block: 'Block',
  warn: 'Warn',
  none: 'No rule — information',
});

export const simopsLabels = defineCaptions('Label', 'Permit_Simops', {
  loading: 'Loading the SIMOPS conflicts',
  loadFailed: 'The SIMOPS conflicts could not be loaded: {{reason}}',
  conflicts: 'Conflicts now ({{count}})',
  noConflicts: 'No other live permit is in this area at an overlapping time.',
  permit: 'Permit',
  type: 'Type',
  window: 'Valid',
  windowRange: '{{start}} to {{end}}',
  area: 'Area',
  rule: 'Rule',
  overrides: 'Overrides ({{count}})',
  noOverrides: 'No override recorded.',
  override: '{{command}} of {{permit}} despite {{other}}',
  overrideBy: '{{at}} by {{name}}',
  openPermit: 'Open {{number}}',
  commandApprove: 'Approval',
  commandIssue: 'Issue',
  noticeBlockOne: 'SIMOPS: a conflicting permit blocks approval and issue unless overridden.',
  noticeBlock: 'SIMOPS: {{count}} conflicting permits block approval and issue unless overridden.',
  noticeWarnOne: 'SIMOPS: another permit in this area at an overlapping time.',
  noticeWarn: 'SIMOPS: {{count}} other permits in this area at overlapping times.',
  showConflicts: 'See the conflicts',
});

export const simopsOverrideLabels = defineCaptions('Label', 'Permit_SimopsOverride', {
  blocking: 'The SIMOPS rules block this beside:',
  warning: 'Other permits in this area at overlapping times:',
  override: 'Override the SIMOPS block',
  'override::description': 'Recorded with your name on both permits.',
  reason: 'Reason for the override',
  password: 'Your password',
  'password::description': 'Signs the override.',
  passwordAbove: 'Signed with the password you type below.',
  reasonRequired: 'SIMOPS override: a reason is required',
  passwordRequired: 'SIMOPS override: enter your password to sign it',
});
