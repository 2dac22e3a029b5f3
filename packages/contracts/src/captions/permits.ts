import { permitHistoryStepLabels } from '../permit-history';
import { permitCommandNotifyTexts, permitRiskLabels } from '../permits';
import { defineCaptions } from './define-captions';

// Captions of the permit page (/Permit/Create/:type, /Permit/Edit/:id; seed: "Permit"), and the
// lifecycle's words every permit screen shares: statuses, commands, risk levels, who is notified.
// The English defaults are the contracts' own labels, so the API's English and the screens' agree.

export const permitsTitles = defineCaptions('Title', 'Permit', {
  page: 'Permit',
  new: 'New',
  edit: 'Edit {{id}}',
});

/**
 * The lifecycle's statuses, keyed by the stored value, and its commands as the buttons and the
 * history name them, keyed by verb: defined in permit-lifecycle.ts, whose refusals name them.
 */
export { permitCommandCaptions, permitStatusCaptions } from '../permit-lifecycle';

/** The risk levels, keyed by the stored value. */
export const permitRiskCaptions = defineCaptions('Label', 'Permit_Risk', permitRiskLabels);

/** Who a command's confirmation says is notified (permits.ts `permitCommandNotifies`), keyed by verb. */
export const permitNotifiesCaptions = defineCaptions('Message', 'Permit_Notifies', permitCommandNotifyTexts);

/** The permit's core fields, keyed as the form holds them (the form, the header and a save's toast). */
export const permitFieldCaptions = defineCaptions('Label', 'Permit_Field', {
  title: 'Title',
  description: 'Description',
  workMethod: 'Work method',
  area: 'Area',
  assets: 'Assets',
  plannedStart: 'Planned start',
  plannedEnd: 'Planned end',
  holder: 'Holder',
  riskLevel: 'Risk',
});

export const permitsLabels = defineCaptions('Label', 'Permit', {
  loadingPermit: 'Loading the permit',
  notFound: 'This permit does not exist in this facility, or you may not see it.',
  blockedByEdits: 'Save or discard your edits before the next step.',
  tabPermit: 'Permit',
  tabHistory: 'History',
  details: 'Details',
  approvedWarning: 'This permit is approved. Saving a change sends it back to Requested and clears its approvals.',
  void: 'Void: {{reason}}',
  summary: 'Permit summary',
  number: 'Number',
  notAssessed: 'Not assessed yet',
  validity: 'Validity',
  extended: '(extended {{count}}×)',
  reason: 'Reason',
  people: 'People',
  requester: 'Requester',
  issuer: 'Issuer',
  approvers: 'Approvers',
  holderNotNamed: 'Not named yet',
  notIssued: 'Not issued yet',
  noneYet: 'None yet',
  places: 'Area and assets',
  none: 'None',
  holderDescription: 'The performing authority: the person who will hold the permit and accept it',
  plannedEndLimit: 'This type of permit is valid for at most {{hours}} h: end by {{latest}} at the latest.',
  pickEach: 'Type a number or name, then pick each one',
  pickOne: 'Type a number or name, then pick one',
  removePlace: 'Remove {{name}}',
  placeMatches: '{{label}}: matches',
  noAreaMatch: 'No area matches “{{query}}”.',
  noAssetMatch: 'No asset matches “{{query}}”.',
  personSearching: 'Searching…',
  personNoMatch: 'Nobody of this facility matches',
  lessThanMinute: 'less than a minute',
  days: '{{days}} d',
  daysHours: '{{days}} d {{hours}} h',
  hours: '{{hours}} h',
  hoursMinutes: '{{hours}} h {{minutes}} min',
  minutes: '{{minutes}} min',
  startsIn: 'Starts in {{duration}}',
  awaitingStart: 'Awaiting start: it can be accepted in {{duration}}',
  endedAgo: 'Validity ended {{duration}} ago',
  expiresIn: 'Expires in {{duration}}',
  nextSteps: 'Next steps',
  notOffered: 'Not offered now',
  commandTitle: '{{command}}: {{number}}',
  stays: 'The permit stays {{status}}.',
  goes: 'The permit goes from {{from}} to {{to}}.',
  nobodyNotified: 'Nobody is notified.',
  newPlannedEnd: 'New planned end',
  newEndLimit: 'At most {{hours}} h after the planned start: by {{latest}} at the latest',
  newEndWithin: "Within the type's maximum validity from the planned start",
  newHolder: 'New holder',
  newHolderDescription: 'They accept the permit to make it active again',
  handoverAbnormal: 'Abnormal conditions',
  handoverAbnormalDescription: 'What the next holder must know is not normal. Write None if nothing is.',
  handoverRemaining: 'Work remaining',
  handoverRemainingDescription: 'What is left to do, and where the work stopped. Write None if nothing is.',
  handoverLocksStaying: 'Locks staying on',
  handoverLocksStayingDescription: 'Untick a lock that comes off at the change of shift.',
  handoverNoLocks: 'No locks are on this permit.',
  handoverNotesTitle: 'Handover notes from {{name}}, {{at}}',
  handoverNone: 'None',
  handoverAcknowledge: 'I have read the handover notes',
  handoversTitle: 'Shift handovers',
  handoverFromTo: '{{from}} to {{to}}, handed over by {{by}}',
  handoverAcknowledged: 'Acknowledged by {{name}}, {{at}}, with the signed acceptance',
  handoverPending: 'Not yet acknowledged by the incoming holder',
  noHandovers: 'No handovers yet.',
  dismiss: 'Dismiss',
  conflictTitle: 'Someone else saved this permit first',
  conflictText:
    'Your changes were not saved, and they are still in the form. Someone changed the permit since you opened it. Compare, then reload the latest with your edits kept and save again.',
  conflictTable: 'Saved now and your edits',
  conflictField: 'Field',
  conflictSavedNow: 'Saved now',
  conflictYours: 'Yours',
  conflictNotChanged: 'Not changed by you: the saved value is kept',
  loadingHistory: 'Loading the history',
  historyFailed: 'The history could not be loaded: {{reason}}',
  history: 'Permit history',
  system: 'System',
  created: 'Created',
  leaveTitle: 'Leave without saving?',
  leaveText: 'Your changes to this permit are not saved. If you leave now they are lost.',
  loadingType: 'Loading the permit type',
  cannotCreate: 'You cannot create a permit of type {{code}} in this facility.',
  typeFailed: 'The permit type could not be loaded: {{reason}}',
  newForm: 'New {{type}}',
  rejectionReason: 'Reason',
  rejectionNote: 'Note',
  rejectionNoteDescription: 'What the requester must rework. Required when the reason is “Other”.',
  loadingRejectionReasons: 'Loading the rejection reasons',
  returned: 'Returned for rework by {{name}} at {{time}}: {{reason}}',
  returnedWithNote: 'Returned for rework by {{name}} at {{time}}: {{reason}} — {{note}}',
});

export const permitsButtons = defineCaptions('Button', 'Permit', {
  discardEdits: 'Discard my edits',
  save: 'Save',
  back: 'Back',
  reloadKeepEdits: 'Reload latest, keep my edits',
  stay: 'Stay on this page',
  leave: 'Leave and lose changes',
  create: 'Create permit',
  openTab: 'Open {{tab}}',
  // The confirmation of a step that stops or ends work names it in full: beside Back, a bare
  // "Cancel" reads as "close this dialog".
  confirmCancel: 'Cancel this permit',
  confirmSuspend: 'Suspend this permit',
});

export const permitsMessages = defineCaptions('Message', 'Permit', {
  titleRequired: 'Title is required',
  windowRequired: 'Planned start and end are required',
  endAfterStart: 'Planned end must be after planned start',
  endWithinMax: "Planned end: at most {{hours}} h after the planned start (the type's maximum validity)",
  reasonRequired: 'Reason is required',
  newEndAfter: 'The new end must be after the current planned end',
  pickNewHolder: 'Pick the new holder',
  handoverAbnormalRequired: 'Abnormal conditions: say what is not normal, or write None',
  handoverRemainingRequired: 'Work remaining: say what is left to do, or write None',
  handoverAcknowledgeRequired: 'Confirm you have read the handover notes',
  handoversFailed: 'The handovers could not be loaded: {{reason}}',
  pickRejectionReason: 'Pick a rejection reason',
  rejectionNoteRequired: 'Note is required when the reason is “Other”: say what must be reworked',
  noRejectionReasons:
    'This facility has no rejection reasons yet: an administrator adds them on Master List Manage (Rejection reasons).',
  rejectionReasonsFailed: 'The rejection reasons could not be loaded: {{reason}}',
  stale: 'Someone changed this permit since you opened it. It has been reloaded: check it and try again.',
  notSaved: 'Not saved: {{reason}}',
  notCreated: 'The permit was not created: {{reason}}',
  saved: 'Saved: {{fields}}.',
  commandDone: '{{command}}: the permit is now {{status}}.',
  created: 'Permit created as a draft.',
  changedTitle: 'This permit has changed.',
  changedBody:
    'Someone changed it while you were editing. Your edits are kept: save to compare them with the latest, or discard them.',
});

/**
 * The inbox notifications of permit events (the server writes them in the recipient's language):
 * what happened, keyed by the event's verb, and the title and body around it.
 */
export const permitNotificationCaptions = defineCaptions('Message', 'Permit_Notifications', {
  request: 'approval requested',
  approve: 'approved',
  reject: 'returned for rework',
  issue: 'issued',
  suspend: 'suspended',
  'hand-over': 'handed over',
  close: 'closed',
  expiring: 'expires within the hour',
  expire: 'expired',
  title: '{{number}} {{title}}: {{what}}',
  body: '{{what}}.',
  bodyBy: '{{what}} by {{actor}}.',
  /** A return for rework says why: `details` is the reason and the note. */
  bodyWhy: '{{what}} by {{actor}}: {{details}}',
});

/** The notice of a lock still applied after its permit's planned end (`lock.overdue`; `details` is the lock's serial). */
export const lockOverdueNotificationCaptions = defineCaptions('Message', 'Permit_LockOverdue', {
  title: "{{number}} {{title}}: lock {{details}} still applied after the permit's planned end",
  body: "Lock {{details}} is still applied after the permit's planned end ({{plannedEnd}}). Remove it, or extend the permit.",
});

/** The tabs other features bring to the permit page (app/routes/permit-sections.tsx), keyed by the tab's id. */
export const permitSectionCaptions = defineCaptions('Label', 'Permit_Section', {
  'isolation-plan': 'Isolation',
  tags: 'Tags',
  'crew-sign-on': 'Crew',
  'hazard-analysis': 'Hazards',
  questions: 'Questions',
  'gas-tests': 'Gas tests',
  simops: 'Conflicts',
  approvals: 'Approvals',
  attachments: 'Attachments',
});

/** The isolation steps a permit's history names (permit-history.ts), keyed by kind: the History tab and the PDF. */
export const permitHistoryStepCaptions = defineCaptions('Label', 'Permit_HistoryStep', permitHistoryStepLabels);

/**
 * What a permit's own history entry says under its action (modules/permits permit-history.ts),
 * built from the audit row's data when read, so each reader reads it in their language.
 */
export const permitHistorySummaryCaptions = defineCaptions('Label', 'Permit_HistorySummary', {
  created: 'Created {{number}}',
  edited: '{{fields}}',
  newHolder: 'New holder: {{holder}}',
  handedOverWithNotes:
    'New holder: {{holder}}. Abnormal conditions: {{abnormal}}. Work remaining: {{remaining}}. Locks staying on: {{locks}}',
  noLocks: 'none',
  acknowledged: 'Handover notes from {{name}} acknowledged',
  simopsOverride: 'SIMOPS conflict with {{other}} overridden: {{reason}}',
});
