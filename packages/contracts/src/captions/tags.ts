import { tagCommandLabels } from '../tags';
import { defineCaptions } from './define-captions';

// Captions of the permit page's Tags section (features/tags). Tag states: isolation-plan.ts' tagStateCaptions.

/** The tag commands as the buttons name them, keyed by verb. */
export const tagCommandCaptions = defineCaptions('Button', 'Tag_Command', tagCommandLabels);

export const tagsLabels = defineCaptions('Label', 'Tags', {
  loading: 'Loading tags',
  loadFailed: 'The tags could not be loaded.',
  none: 'No tags yet: each point of the isolation plan gets one.',
  tag: 'Tag {{number}}',
  personalLock: 'Personal lock',
  reason: 'Reason: {{reason}}',
  appliedBy: 'Applied by {{name}}, {{at}}',
  applierDepartment: 'Department or crew: {{department}}',
  applierContact: 'Contact: {{contact}}',
  verifiedBy: 'Verified by {{name}}, {{at}}',
  removedBy: 'Removed by {{name}}, {{at}}',
  voided: 'Voided: {{reason}}',
  replaces: 'Replaces a missing tag',
  linkRevoked: 'Status link revoked',
  askVoid: 'Why is this tag voided?',
  askMissing: 'What happened to the tag? (optional)',
  askNote: 'Note for the next person at this point',
  note: 'Note by {{name}}, {{at}}: {{text}}',
  commandTitle: '{{command}}: tag {{number}}',
  qrCode: 'QR code for tag {{number}}: opens its status page',
});
