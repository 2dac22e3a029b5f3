import type { PermitCommand } from '../permit-commands';
import { defineCaptions } from './define-captions';

// The lifecycle's refusals (permit-lifecycle.ts), said as captions so each reader reads them in their
// own language. The lifecycle imports these catalogs: this file names only the command verbs
// (permit-commands.ts), never the lifecycle itself.

/** Why the lifecycle refuses a command (`decide`, `allowedCommands`, `commandRefusals`). */
export const permitLifecycleRuleCaptions = defineCaptions('Message', 'Rules_Permit_Lifecycle', {
  needsPermission: 'You need the permission {{permission}} to {{command}} this permit.',
  needsEitherPermission: 'You need the permission {{approve}} or {{issue}} to {{command}} this permit.',
  onlyRequester: "Only the permit's requester can {{command}} it.",
  onlyHolder: "Only the permit's named holder can {{command}} it.",
  requesterApproves: 'You requested this permit: another person approves it.',
  requesterMustNot: 'You requested this permit: another person must {{command}} it.',
  holderMustNot: 'The holder of a permit cannot {{command}} it: the issuing authority must be another person.',
  nameHolder: 'Name the holder (performing authority) before issuing the permit.',
  validFrom: 'The permit is valid from {{start}}: it can be accepted, and work can start, from then.',
  holderIssued: 'The holder cannot accept a permit they issued: another person must issue it.',
  onlyRequesterOrApprover: 'Only the requester or someone who may approve this type of permit can cancel it.',
  onlyHolderOrIssuer: 'Only the current holder or the issuing authority can hand over the permit.',
  readHandover: 'Read the handover notes and confirm you have read them: the hand-over completes with your acceptance.',
  newHolderIsHolder: 'The new holder must be someone other than the current holder.',
  issuerCannotHold: 'The issuer of a permit cannot become its holder.',
  extensionsUsed: 'This permit has been extended {{count}} times, the most its type allows ({{max}}).',
  extendLater: 'An extension must move the planned end later than it is now.',
  beyondMaxValidity:
    "The planned end cannot be more than {{hours}} hours after the planned start (the type's maximum validity).",
  systemCannot: 'The system cannot {{command}} a permit: a person must.',
  onlyExpiryJob: 'Only the scheduled expiry job can expire a permit, when its validity has ended.',
  validityNotEnded: "The permit's validity has not ended yet.",
  noLongerChanges: 'The permit is {{status}}: it can no longer change.',
  cannotBeEdited: 'A permit that is {{status}} cannot be edited; only a permit that is {{from}} can.',
  cannotBeGiven:
    'A permit that is {{status}} cannot be given the command "{{command}}"; only a permit that is {{from}} can.',
  invalidInput: '{{command}}: {{problem}}.',
});

/**
 * A command as a sentence names it, lower case ("Only the permit's named holder can close it"):
 * the English is the button's caption in lower case, so the English refusals read as before.
 */
export const permitCommandVerbCaptions = defineCaptions('Label', 'Rules_Permit_Verb', {
  request: 'request',
  edit: 'edit',
  approve: 'approve',
  reject: 'reject',
  isolate: 'isolate',
  issue: 'issue',
  accept: 'accept',
  suspend: 'suspend',
  revalidate: 'revalidate',
  'start-test': 'start live test',
  'end-test': 'end live test',
  extend: 'extend',
  'hand-over': 'hand over',
  'complete-work': 'complete work',
  'de-isolate': 'de-isolate',
  close: 'close',
  cancel: 'cancel',
  expire: 'expire',
} satisfies Record<PermitCommand, string>);

/**
 * The statuses a command is given from, as a refusal lists them ("only a permit that is Draft or
 * Requested or Approved can"), by command: the lifecycle's table, said whole so each language
 * joins the list its own way. A test holds them to the table.
 */
export const permitCommandFromCaptions = defineCaptions('Label', 'Rules_Permit_From', {
  request: 'Draft',
  edit: 'Draft or Requested or Approved',
  approve: 'Requested',
  reject: 'Requested or Approved',
  isolate: 'Approved',
  issue: 'Isolated',
  accept: 'Issued',
  suspend: 'Active or Live for test',
  revalidate: 'Suspended',
  'start-test': 'Active',
  'end-test': 'Live for test',
  extend: 'Active or Suspended',
  'hand-over': 'Active',
  'complete-work': 'Active',
  'de-isolate': 'Isolated or Work complete or Expired',
  close: 'De-isolation',
  cancel: 'Draft or Requested or Approved',
  expire: 'Isolated or Issued or Active or Live for test or Suspended',
} satisfies Record<PermitCommand, string>);

/** The problems a command's input is refused for (permit-lifecycle.ts's input schemas), said as terms. */
export const permitInputProblemCaptions = defineCaptions('Message', 'Rules_Permit_Input', {
  reasonRequired: 'Reason is required',
  enterPassword: 'Enter your password to sign',
  pickRejectionReason: 'Pick a rejection reason',
  noteTooLong: 'Note: at most 2000 characters',
  abnormalConditions: 'Abnormal conditions: say what is not normal, or write None',
  abnormalConditionsTooLong: 'Abnormal conditions: at most 2000 characters',
  workRemaining: 'Work remaining: say what is left to do, or write None',
  workRemainingTooLong: 'Work remaining: at most 2000 characters',
  locksStayingTooMany: 'Locks staying on: at most 500',
});
