import { lockKindLabels, lockStatusCommandLabels, lockStatusLabels } from '../locks';
import { defineCaptions } from './define-captions';

// Captions of Lock Manage (`/assets/locks`, features/locks). The kinds, statuses and commands take
// their English from the contracts' labels, so the API's English and the screen's agree.

/** A lock's kinds, keyed by the stored value. */
export const lockKindCaptions = defineCaptions('Label', 'Lock_Kind', lockKindLabels);

/** A lock's statuses, keyed by the stored value. */
export const lockStatusCaptions = defineCaptions('Label', 'Lock_Status', lockStatusLabels);

/** The inventory's status commands as their buttons name them, keyed by verb. */
export const lockCommandCaptions = defineCaptions('Button', 'Lock_Command', lockStatusCommandLabels);

export const lockManageLabels = defineCaptions('Label', 'Lock_Manage', {
  lead: "The facility's locks: who holds each one, and where each lock in use is now.",
  search: 'Search',
  searchPlaceholder: 'Serial, note or owner',
  status: 'Status',
  allStatuses: 'All statuses',
  kind: 'Kind',
  allKinds: 'All kinds',
  owner: 'Owner',
  anyone: 'Anyone',
  loadFailed: 'The locks could not be loaded. Reload the page to try again.',
  loading: 'Loading locks…',
  count: '{{count}} locks',
  'count::one': '1 lock',
  noMatch: 'No lock matches these filters.',
  printFailed: 'The labels could not be printed: {{reason}}',
  list: 'Locks',
  serial: 'Serial',
  colour: 'Colour',
  noColour: 'No colour',
  nobody: 'Nobody',
  where: 'Where',
  whereNow: 'Where is it now',
  actions: 'Actions',
  actionsFor: 'Actions for lock {{serial}}',
  wherePoint: '{{permit}} · point {{code}}',
  wherePointAt: '{{permit}} · point {{code}} ({{location}})',
  whereLockbox: '{{permit}} · lockbox {{number}}',
  appliedBy: ' · applied by {{name}}',
  // A pool lock handed to one permit (decision 0114): only that permit's people apply it.
  assignedTo: 'Assigned to',
  assignedPermit: 'Permit {{number}}',
  // The form (register or edit).
  formRegister: 'Register a lock',
  formEdit: 'Edit lock {{serial}}',
  note: 'Note',
  serialRequired: 'Serial is required',
  // A status command's confirmation.
  commandTitle: '{{command}}: lock {{serial}}',
  issueTo: 'Issue to',
  choosePerson: 'Choose a person',
  choosePersonProblem: 'Choose who gets the lock',
  reasonOptional: 'Reason (optional)',
  issueFromOwner: 'Lock {{serial}} goes from {{owner}} to the person you choose: only they apply it.',
  issueNew: 'Lock {{serial}} becomes the personal lock of the person you choose: only they apply it.',
  returnFromOwner: 'Lock {{serial}} comes back from {{owner}}: it is available to anyone.',
  returnNoOwner: 'Lock {{serial}} comes back from its owner: it is available to anyone.',
  reportLost: 'Lock {{serial}} is marked lost: nobody can apply it until it is found.',
  foundToOwner: 'Lock {{serial}} is found: it goes back to {{owner}}.',
  foundAvailable: 'Lock {{serial}} is found: it is available again.',
  retire: 'Lock {{serial}} is retired for good: it can never be applied again.',
});

export const lockManageButtons = defineCaptions('Button', 'Lock_Manage', {
  register: 'Register a lock',
  printLabels: 'Print QR labels',
  printLabel: 'Print QR label',
  actions: 'Actions',
  edit: 'Edit',
  issueToSomeoneElse: 'Issue to someone else',
  cancel: 'Cancel',
  save: 'Save',
  registerSubmit: 'Register',
  dismiss: 'Dismiss',
  releaseFromPermit: 'Release from permit {{number}}',
});

export const lockManageMessages = defineCaptions('Message', 'Lock_Manage', {
  toastTitle: 'Lock {{serial}}',
  saved: 'Saved.',
  registered: 'Registered: it is available.',
  commandDone: '{{command}}: done.',
});
