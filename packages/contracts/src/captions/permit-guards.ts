import { defineCaptions } from './define-captions';

// The words of the guards server modules plug into the permit lifecycle (and the contracts' rules
// they call: gas tests, hazard analysis, questions). A leaf: it imports nothing of the rules, so the
// rules' modules can import it whatever the order the lifecycle's modules load in.

/**
 * Why a module's guard on the permit lifecycle refuses a command (the server's guard plugins:
 * isolation plan, lockbox, approval stages, hazard analysis, gas tests).
 */
export const permitGuardCaptions = defineCaptions('Message', 'Rules_Permit_Guards', {
  addPoints: 'Add the isolation points to the plan first.',
  releaseEnergy: 'Release stored energy first.',
  verifyPoints: 'Verify every isolation point first: {{points}}.',
  reVerifyPoints: 'Re-verify every point released for the test first: {{points}}.',
  inspect: 'Inspect the work area first.',
  peopleClear: 'Make sure everyone is clear first.',
  restorePoints: 'Restore or release every isolation point first: {{points}}.',
  notifyRelease: 'Notify the affected employees that the isolation is removed first.',
  inPlace: 'The permit cannot close while these are in place: {{things}}.',
  lockboxNotReleased:
    'Lockbox {{number}} is not released: its primary authorized employee releases it before the permit closes.',
  alreadySigned: 'You have already signed a stage of this permit: another person must sign the stage "{{stage}}".',
  alreadySignedApproval:
    'You have already signed a stage of this permit: another person must sign the stage "Approval".',
  groupSigns: 'The next approval stage is "{{stage}}": only members of the group "{{group}}" can sign it.',
  hazardNoLines: 'Hazard analysis: add at least one line before the permit is requested.',
  hazardNoControl: 'Hazard analysis: line {{line}} ("{{jobStep}}") needs at least one control.',
  hazardNoResidual: 'Hazard analysis: line {{line}} ("{{jobStep}}") needs its residual risk.',
  gasFailingOne:
    'Gas test: {{failing}}. A passing re-test measured and recorded after it must clear it before the permit is {{verb}}.',
  gasFailingMany:
    'Gas test: {{failing}}. A passing re-test measured and recorded after them must clear them before the permit is {{verb}}.',
  gasNone: 'Gas test: record a gas test before the permit is {{verb}}.',
  gasStale:
    'Gas test: the latest test is {{age}} old; this permit type needs a test within {{minutes}} minutes. Test again.',
  questionMissing: 'Question "{{question}}" must be answered before the permit is {{step}}.',
  questionBlocks: 'Question "{{question}}" is answered "{{answer}}": this answer stops the permit from being {{step}}.',
});

/** One thing still in place, as the close refusal lists it (a phrase of `inPlace`). */
export const inPlaceCaptions = defineCaptions('Message', 'Rules_In_Place', {
  lockOnPoint: 'Lock {{serial}} on {{point}} (applied by {{person}})',
  signedOn: 'Signed on: {{person}} (lock {{serial}})',
  tagOnPoint: 'Tag {{tag}} on {{point}} ({{state}})',
  tagOnLock: 'Tag {{tag}} on personal lock {{serial}} ({{state}})',
  tagOnLockbox: 'Tag {{tag}} on the lockbox ({{state}})',
});

/**
 * A failing reading still standing, as the gas guard names it (phrases of `gasFailingOne`/`Many`):
 * the last reading of each test says when it was measured ("… (measured 2026-01-01 08:00 UTC)").
 */
export const gasFailingReadingCaptions = defineCaptions('Message', 'Rules_Gas_Failing_Reading', {
  below: '{{code}} {{value}} is below the limit of {{limit}}',
  above: '{{code}} {{value}} is above the limit of {{limit}}',
  belowMeasured: '{{code}} {{value}} is below the limit of {{limit}} (measured {{at}})',
  aboveMeasured: '{{code}} {{value}} is above the limit of {{limit}} (measured {{at}})',
});

/** How old the latest gas test is, as the stale-test refusal says it (a phrase of `gasStale`). */
export const gasAgeCaptions = defineCaptions('Message', 'Rules_Gas_Age', {
  minute: '{{count}} minute',
  minutes: '{{count}} minutes',
  hours: '{{hours}} h',
  hoursMinutes: '{{hours}} h {{minutes}} min',
});

/** A group of isolation points in one state, as a guard's refusal names it ("E-1 and P-2 are Isolated"). */
export const pointGroupCaptions = defineCaptions('Message', 'Rules_Point_Group', {
  one: '{{points}} is {{state}}',
  many: '{{points}} are {{state}}',
});

/** What a gas test or a question's refusal says the permit waits to be ("before the permit is issued"). */
export const gasVerbCaptions = defineCaptions('Label', 'Rules_Gas_Verb', {
  issued: 'issued',
  accepted: 'accepted',
  revalidated: 'revalidated',
  requested: 'requested',
  closed: 'closed',
});
