import { isolationPlanVerbLabels, planPointStateLabels } from '../isolation-plan';
import { tagStateLabels } from '../tags';
import { registerSayable } from '../said';
import { defineCaptions } from './define-captions';

// Captions of the permit page's Isolation section (features/isolation-plan). The English defaults
// are the contracts' own labels where there are some, so the API's English and the screen's agree.

/** The plan's commands as its buttons name them, keyed by verb. */
export const isolationPlanVerbCaptions = defineCaptions('Button', 'IsolationPlan_Verb', isolationPlanVerbLabels);

/** A plan point's states, keyed by the stored value. */
export const planPointStateCaptions = defineCaptions('Label', 'IsolationPlan_PointState', planPointStateLabels);

/** A tag's states (contracts' tags.ts), keyed by the stored value: the Isolation and Tags sections share them. */
export const tagStateCaptions = defineCaptions('Label', 'Tag_State', tagStateLabels);
// The lifecycle's guards name points and tags by their state (a term): the web says them from the start.
registerSayable(planPointStateCaptions, tagStateCaptions);

export const isolationPlanLabels = defineCaptions('Label', 'IsolationPlan', {
  section: 'Isolation plan',
  loading: 'Loading the isolation plan',
  loadFailed: 'The isolation plan could not be loaded.',
  nextStep: 'Next step',
  notDone: 'Not done',
  steps: 'Isolation steps',
  notYet: 'Not yet',
  noPoints: 'No isolation points on the plan yet.',
  addPoint: 'Add an isolation point',
  choosePoint: 'Choose a point',
  stepNotify: 'Notify affected employees',
  stepShutDown: 'Shut down',
  stepIsolate: 'Isolate each point',
  stepLockTag: 'Apply lock and tag',
  stepStoredEnergy: 'Release stored energy',
  stepVerify: 'Verify (try-out)',
  stepInspect: 'Inspect the work area',
  stepPeopleClear: 'People clear',
  stepRestore: 'Restore or release each point',
  stepNotifyRelease: 'Notify of the release',
  doneBy: '{{name}}, {{at}}',
  ratio: '{{done}} of {{total}}',
  heldBy: 'Held by permits {{numbers}}',
  isolatedPosition: 'isolated position: {{position}}',
  tagOnly: 'Tag only: {{measure}}',
  noLockFits: 'no lock fits this point',
  locksOn: 'Locks on {{code}}',
  lockLine: 'Lock {{serial}} (applied by {{name}}) at {{at}}',
  tagsOn: 'Tags on {{code}}',
  tagLine: 'Tag {{number}}: {{state}}',
  tagLineApplied: 'Tag {{number}}: {{state}} (applied by {{name}})',
  verifiedBy: 'Verified by {{name}} at {{at}}: {{method}} — {{result}}',
  verificationMethod: 'Verification method',
  result: 'Result',
  moveUp: 'Move {{code}} up',
  moveDown: 'Move {{code}} down',
  lockFor: 'Lock for {{code}}',
  chooseLock: 'Choose one of your locks',
  lockYours: '{{serial}} (yours)',
  lockAvailable: '{{serial}} (assigned to this permit)',
  // The guided card of the current point (OSHA 1910.147 (d) order).
  points: 'Isolation points',
  pointOf: 'Point {{n}} of {{total}}',
  pointSteps: 'Steps at {{code}}',
  phaseIsolate: 'Isolate',
  phaseLockTag: 'Lock and tag',
  phaseRelease: 'Release stored energy',
  phaseTryOut: 'Try-out',
  doIsolate: 'Put the {{device}} to {{position}}, then confirm.',
  doIsolateAnyPosition: 'Isolate the {{device}}, then confirm.',
  doLockTag: 'Put your lock on {{code}}: tag {{number}} goes on with it.',
  doLockOnly: 'Put your lock on {{code}}.',
  doTagOnly: 'Hang tag {{number}} on {{code}}: {{measure}}',
  doRelease: 'Every point is locked and tagged: release the stored energy (bleed, vent, block or discharge it).',
  doTryOut: 'Try-out: {{method}}. Did the energy stay off?',
  doTryOutNoMethod: 'Try-out: try to start or operate the equipment. Did the energy stay off?',
  tryOutFailed: 'Try-out failed: the energy is not isolated. Check the isolation and try again.',
  pointDone: '{{code}} is done for now.',
  energy: 'Energy at {{code}}',
  energyLine: '{{type}} {{magnitude}} {{unit}}',
  energyStored: '{{type}} {{magnitude}} {{unit}} (stored)',
  photoOf: 'Photo of {{code}}',
  tagWithLock: 'Tag {{number}}: {{state}} (applied by {{name}} with lock {{serial}})',
  pointListItem: '{{code}}: {{state}}',
});

export const isolationPlanButtons = defineCaptions('Button', 'IsolationPlan', {
  addPoint: 'Add point',
  recordVerification: 'Record verification of {{code}}',
  back: 'Back',
  up: 'Up',
  down: 'Down',
  removeLock: 'Remove lock {{serial}}',
  applyLock: 'Apply lock on {{code}}',
  pass: 'Pass: zero energy',
  fail: 'Fail: energy present',
  hangTag: 'Hang tag {{number}}',
});

/** The permit's pool locks (decision 0114): the issuer hands them from the lock cabinet; only this permit's people apply them. */
export const assignedLocksLabels = defineCaptions('Label', 'IsolationPlan_AssignedLocks', {
  title: 'Locks assigned to this permit',
  lead: "Pool locks from the lock cabinet: besides their own locks, this permit's people apply only these.",
  none: 'No pool lock is assigned to this permit yet.',
  onPoint: '{{serial}} (on a point)',
  chooseLock: 'Assign a pool lock',
  choose: 'Choose a lock',
  noneFree: 'No pool lock is free to assign.',
});

export const assignedLocksButtons = defineCaptions('Button', 'IsolationPlan_AssignedLocks', {
  assign: 'Assign lock',
  release: 'Release {{serial}}',
});
