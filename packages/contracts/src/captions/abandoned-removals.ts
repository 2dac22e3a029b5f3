import { contactMethodLabels } from '../abandoned-removals';
import { defineCaptions } from './define-captions';

// Captions of the (e)(3) abandoned lock and tag removal (features/abandoned-removals): the
// supervisor's wizard on the permit page and the applier's acknowledgement at sign-in.

/** How the supervisor tried to reach the applier, keyed by the stored value. */
export const contactMethodCaptions = defineCaptions('Label', 'AbandonedRemoval_ContactMethod', contactMethodLabels);

/** Words shared by the wizard and the acknowledgement: what was removed and where it was. */
export const abandonedRemovalLabels = defineCaptions('Label', 'AbandonedRemoval', {
  lockAndTag: 'Lock {{serial}} and tag {{number}}',
  lock: 'Lock {{serial}}',
  tag: 'Tag {{number}}',
  pointAt: '{{code}} — {{location}}',
  lockbox: 'Group lockbox',
  attempt: '{{at}} · {{method}} · {{outcome}}',
  // The entry on the permit page.
  entryRegion: 'Abandoned locks and tags',
  entryOne: 'A lock or tag applied by someone else is still on this permit.',
  entryMany: '{{count}} locks or tags applied by others are still on this permit.',
  entryWhy: 'If its applier has left the site, you may remove it under OSHA 1910.147 (e)(3).',
  wizardTitle: 'Remove an abandoned lock or tag',
  // The wizard.
  stepOf: 'Step {{step}} of {{count}}',
  stepWhat: 'What to remove',
  stepNotOnSite: 'Not on site',
  stepAttempts: 'Attempts to reach them',
  stepReason: 'Reason',
  stepConfirm: 'Confirm',
  candidates: 'Locks and tags applied by others',
  appliedByAt: 'Applied by {{name}}, {{at}}',
  theApplier: 'the person who applied it',
  notOnSite: 'I have verified that {{name}} is not at the facility',
  notOnSiteRule: 'OSHA 1910.147 (e)(3)(i)',
  attemptsRecorded: 'Attempts recorded',
  when: 'When',
  how: 'How',
  outcome: 'Outcome',
  outcomePlaceholder: 'No answer; voicemail left',
  reasonForRemoving: 'Reason for removing it',
  remove: 'Remove',
  removeAt: '{{what}} at {{where}}',
  appliedBy: 'Applied by',
  notOnSiteVerified: '{{name}} — not on site (verified)',
  attemptsToReach: 'Attempts to reach them',
  reason: 'Reason',
  removedTitle: 'Removed',
  removedText: '{{what}} is removed and recorded. {{name}} is notified and must acknowledge it at their next sign-in.',
  // The acknowledgement at sign-in.
  ackTitle: 'Your lock or tag was removed while you were away',
  ackLead:
    'A supervisor removed it under OSHA 1910.147 (e)(3). Read what happened and acknowledge it before you continue.',
  ackWaiting: '{{count}} removals wait for you; this is the oldest.',
  permit: 'Permit',
  removedBy: 'Removed by',
  removedWhen: 'When',
  why: 'Why',
  attemptsToReachYou: 'Attempts to reach you',
  checkFailed: 'Could not check for removed locks and tags',
  loading: 'Loading',
});

export const abandonedRemovalButtons = defineCaptions('Button', 'AbandonedRemoval', {
  open: 'Remove an abandoned lock or tag',
  close: 'Close',
  done: 'Done',
  addAttempt: 'Add this attempt',
  cancel: 'Cancel',
  back: 'Back',
  next: 'Next',
  removeLockAndTag: 'Remove lock and tag',
  removeLock: 'Remove lock',
  removeTag: 'Remove tag',
  signOut: 'Sign out',
  acknowledge: 'I acknowledge',
  tryAgain: 'Try again',
});

export const abandonedRemovalMessages = defineCaptions('Message', 'AbandonedRemoval', {
  chooseWhat: 'Choose the lock or tag to remove',
  confirmNotOnSite: 'Confirm that {{name}} is not on site',
  recordAttempt: 'Record at least one attempt to reach {{name}}',
  reasonRequired: 'Reason is required',
  outcomeRequired: 'Outcome is required: what came of this attempt',
  whenRequired: 'When: a date and time',
  notRemoved: 'Not removed: {{reason}}',
  notRecorded: 'Not recorded: {{reason}}',
});
