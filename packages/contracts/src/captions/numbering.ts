import { defineCaptions } from './define-captions';

// Captions of Prefix Manage (`/masterlist/prefix-manage`): numbering patterns of permit types,
// tags and lockboxes, with a preview of the next number.

export const prefixManageTitles = defineCaptions('Title', 'MasterList_PrefixManage', {
  page: 'Master List',
  childPage: 'Prefix Manage',
  patterns: 'Numbering patterns',
  workerPrefixes: 'Prefixes in use',
});

export const prefixManageLabels = defineCaptions('Label', 'MasterList_PrefixManage', {
  lead: 'How permits, tags and lockboxes are numbered. Each pattern mixes fixed text with tokens; the preview shows the next number without using it.',
  tokensHelp:
    'Tokens: {PREFIX} the permit type’s prefix, {FAC} the facility code, {TYPE} the permit type code, {YYYY} or {YY} the year, {MM} the month, {SEQ:n} the sequence number padded to n digits (exactly one).',
  facilityCode: 'Facility code',
  'facilityCode::description': 'What {FAC} stands for: 1 to 10 capital letters, digits or hyphens.',
  subject: 'Numbered item',
  pattern: 'Pattern',
  yearlyReset: 'Start again at 1 each year',
  nextNumber: 'Next number',
  tags: 'Tags',
  lockboxes: 'Lockboxes',
  permitType: 'Permit type {{code}}',
  defaultPattern: 'Default pattern',
  unsaved: 'You have unsaved changes.',
  workerLead: 'The prefix of each permit type, as the background worker fetched it for this facility.',
  workerLoading: 'Fetching the prefixes…',
  workerFailed: 'The prefixes could not be fetched: {{reason}}',
  noPrefixes: 'This facility has no permit types.',
});

export const prefixManageButtons = defineCaptions('Button', 'MasterList_PrefixManage', {
  save: 'Save',
  discard: 'Discard changes',
  retry: 'Try again',
});

export const prefixManageMessages = defineCaptions('Message', 'MasterList_PrefixManage', {
  loadFailed: 'The numbering patterns could not be loaded.',
  saved: 'The numbering patterns are saved.',
  saveFailed: 'Not saved: {{reason}}',
});

/** Why a numbering pattern is refused; `{{token}}` is the part of the pattern at fault. */
export const numberingProblemCaptions = defineCaptions('Message', 'MasterList_PrefixManage_Problem', {
  length: 'A pattern has 1 to 40 characters.',
  unknownToken: '{{token}} is not a token. Use {PREFIX}, {FAC}, {TYPE}, {YYYY}, {YY}, {MM} or {SEQ:n}.',
  permitTypeOnly: '{{token}} can only be used in the pattern of a permit type.',
  sequenceWidth: '{{token}}: the number of digits must be 1 to 12.',
  sequenceMissing: 'Add {SEQ:n}: a pattern needs exactly one sequence number.',
  sequenceRepeated: '{{token}}: a pattern needs exactly one sequence number; remove the second one.',
  unclosed: '{{token}} has no closing brace.',
  character: '“{{token}}” cannot be used. Outside tokens use letters, digits or - _ / . #',
  facilityCode: 'Facility code: use 1 to 10 capital letters, digits or hyphens.',
});
