import { fillPlaceholders, registerSayable, say } from '../said';
import type { Caption } from './define-captions';
import { defineCaptions } from './define-captions';
import {
  permitCommandCaptions,
  permitFieldCaptions,
  permitHistorySummaryCaptions,
  permitStatusCaptions,
} from './permits';
import {
  permitCommandFromCaptions,
  permitCommandVerbCaptions,
  permitInputProblemCaptions,
  permitLifecycleRuleCaptions,
} from './permit-lifecycle';
import {
  gasAgeCaptions,
  gasFailingReadingCaptions,
  gasVerbCaptions,
  inPlaceCaptions,
  permitGuardCaptions,
  pointGroupCaptions,
} from './permit-guards';

// The words shared rules say (contracts' refusals and next steps; `say` in said.ts): the server
// and the offline page decide with the same rules, and each reader reads the words in their own
// language. A status a rule names is a term (the Permit_Status caption), never English filled in.

/** Why the hazard analysis cannot change (hazard-analysis.ts `hazardEditProblem`). */
export const hazardRuleCaptions = defineCaptions('Message', 'Rules_Hazard_Analysis', {
  noPermission: 'You do not have permission to do this',
  noAnalysis: 'This type of permit has no hazard analysis.',
  needsCreate: 'You need the permission {{permission}} to change this hazard analysis.',
  onlyRequester: 'Only the requester of the permit can change its hazard analysis.',
  notEditable: 'The hazard analysis can change only while the permit is {{editable}}; this permit is {{status}}.',
  draftOrRequested: 'Draft or Requested',
});

/** Why an isolation plan step cannot be given now (contracts' isolation-plan-rules.ts). */
export const isolationPlanRuleCaptions = defineCaptions('Message', 'Rules_Isolation_Plan', {
  changeBeforeIsolation: 'The plan can only be changed before isolation (Draft, Requested or Approved).',
  stepWhile: 'This step is done while the permit is {{status}}.',
  notOnPlan: 'That point is not on this plan.',
  shutDownNoChange: 'The equipment is shut down: the plan can no longer change.',
  onlyPendingRemoved: 'Only a pending point can be removed: {{point}}.',
  reorderEvery: 'Reorder: list every point of the plan once.',
  alreadyNotified: 'The affected employees were already notified.',
  notifyFirst: 'Notify the affected employees first.',
  alreadyShutDown: 'The equipment was already shut down.',
  shutDownFirst: 'Shut down first.',
  already: '{{point}} already.',
  alreadyReleased: 'Stored energy was already released.',
  isolateEvery: 'Isolate every point first: {{points}}.',
  lockAndTagOn: 'Apply the lock and tag on {{points}} first.',
  tagOn: 'Apply the tag on {{points}} first.',
  isolateFirst: 'Isolate {{point}} first.',
  onlyVerifiedTested: 'Only a verified point can be released for test: {{point}}.',
  onlyTestReleasedReverified: 'Only a test-released point is re-verified: {{point}}.',
  alreadyInspected: 'The work area was already inspected.',
  alreadyClear: 'People were already confirmed clear.',
  heldCannotRestore: 'Held by permits {{permits}} — cannot restore.',
  noOtherHolds: 'No other permit holds {{point}}: restore it.',
  removeOn: 'Remove {{things}} on {{point}} first.',
  lockOf: 'lock {{serial}} (applied by {{person}})',
  tagOf: 'tag {{number}}',
  restoreEvery: 'Restore or release every point first: {{points}}.',
  pointRetired: '{{point}} is no longer in use.',
  alreadyOnPlan: '{{point}} is already on the plan.',
  stillApplied: 'A lock or tag is still applied on {{point}}: remove it first.',
});

/** The isolation plan's next step (isolation-plan.ts `isolationPlanNextStep`). */
export const planNextStepCaptions = defineCaptions('Message', 'Rules_Isolation_Next', {
  addPoints: 'Add the isolation points to the plan',
  notify: 'Notify the affected employees',
  shutDown: 'Shut down the equipment',
  isolate: 'Isolate {{point}}',
  lockAndTag: 'Apply the lock and tag on {{point}}',
  tag: 'Apply the tag on {{point}}',
  releaseEnergy: 'Release stored energy',
  verify: 'Verify {{point}} (try-out)',
  allVerified: 'Every point is verified: isolate the permit',
  // After a failed try-out the energy is still there: the isolation is checked before anything else.
  tryOutFailed: 'Try-out failed on {{point}}: the energy is not isolated. Check the isolation and try again',
  reVerify: 'Re-verify {{point}} before the test ends',
  inspect: 'Inspect the work area',
  peopleClear: 'Make sure everyone is clear',
  removeLocks: 'Remove the locks and tags on {{point}}',
  release: 'Release {{point}} (Held by permits {{permits}})',
  restore: 'Restore {{point}}',
  notifyRelease: 'Notify the affected employees that the isolation is removed',
  close: 'Close the permit',
  crewOneSignedOn: '{{names}} is still signed on: they sign off before the permit can be closed',
  crewSignedOn: '{{names}} are still signed on: they sign off before the permit can be closed',
});

/** Why the crew's sign-on or sign-off button cannot be pressed (lockbox-rules.ts `lockboxRefusal`). */
export const lockboxRuleCaptions = defineCaptions('Message', 'Rules_Lockbox', {
  keysNotDeposited:
    'The isolation keys are not in the lockbox yet: the primary authorized employee records them first.',
  lastMember:
    'You are the only person signed on while the work is under way: the lockbox is never left without a lock. Another crew member signs on first; then you can sign off.',
  notSelf: 'Only the crew member who signed on can sign off: each person removes their own lock.',
  alreadySignedOn: 'You are already signed on to this lockbox.',
  signOnOpensIsolated: 'Sign-on opens once the permit is isolated.',
  nobodySignsOn: 'Nobody signs on any more: the permit is {{status}}.',
  notSignedOn: 'You are not signed on to this lockbox.',
  needsView: "You need the permission {{permission}} to use this permit's lockbox.",
  noCrewSignOn: '{{type}} permits have no crew sign-on: their type does not use a group lockbox.',
  needsIssue: 'You need the permission {{permission}} to open a lockbox.',
  alreadyOpen: 'This permit already has an open lockbox.',
  openWindow: 'A lockbox is opened once the permit is approved and before the work is complete (it is {{status}}).',
  noOpenLockbox: 'This permit has no open lockbox.',
  notPrimary: 'Only the primary authorized employee can {{verb}}.',
  keysAlreadyIn: 'The keys are already recorded in the lockbox.',
  depositWindow: 'Keys are deposited before the work is complete (the permit is {{status}}).',
  notThisLockbox: 'That lock is not signed on to this lockbox (it may have signed off already).',
  membersSignedOn: 'The lockbox cannot be released while people are signed on: {{members}}.',
  member: '{{person}} (lock {{serial}})',
  workUnderWay: 'The lockbox stays until the work is complete: release it after Complete work.',
});

/** What only the lockbox's primary authorized employee does (a term of `notPrimary`). */
export const lockboxPrimaryVerbCaptions = defineCaptions('Label', 'Rules_Lockbox_Primary', {
  depositKeys: 'record the keys in the lockbox',
  release: 'release the lockbox',
});

/** The reason a tag planned with its point is given (modules/isolation-plan), kept on the tag as printed. */
export const tagReasonCaptions = defineCaptions('Message', 'Rules_Tag_Reason', {
  isolatedFor: 'Isolated for permit {{number}}',
});

/** The reason a tag planned with its point gets, in English as stored and printed. */
export const plannedTagReason = (permitNumber: string) => say(tagReasonCaptions.isolatedFor, { number: permitNumber });

/**
 * A tag's reason in the reader's words: the reason a tag planned with its point gets is recognized
 * by being exactly that text for the tag's own permit (the structured data: its number), and said
 * again from its caption; a reason a person wrote is theirs, shown as written.
 */
export function tagReasonIn(
  reason: string,
  permitNumber: string,
  t: (caption: Caption, values?: Record<string, string | number>) => string,
): string {
  const planned = tagReasonCaptions.isolatedFor;
  return reason === fillPlaceholders(planned.defaultCaption, { number: permitNumber })
    ? t(planned, { number: permitNumber })
    : reason;
}

registerSayable(
  tagReasonCaptions,
  hazardRuleCaptions,
  planNextStepCaptions,
  lockboxRuleCaptions,
  lockboxPrimaryVerbCaptions,
  isolationPlanRuleCaptions,
  permitStatusCaptions,
  permitHistorySummaryCaptions,
  permitFieldCaptions,
  permitLifecycleRuleCaptions,
  permitGuardCaptions,
  pointGroupCaptions,
  inPlaceCaptions,
  gasAgeCaptions,
  gasFailingReadingCaptions,
  gasVerbCaptions,
  permitCommandVerbCaptions,
  permitCommandFromCaptions,
  permitInputProblemCaptions,
  permitCommandCaptions,
);
