// The isolation plan: the permit page's Isolation section and the hand-over dialog's locks staying
// on.

// app/ composes them.

export { IsolationPlanSection } from './components/IsolationPlanSection';
// The hand-over dialog's locks staying on (the permits feature's command dialog; app/ composes it).
export { HandoverLockFields, type HandoverLockFieldsHandle } from './components/HandoverLockFields';

// Its offline rules (app/ hands them to the permit page's offline source).
export { isolationPlanOfflineApplier } from './offline-apply';
