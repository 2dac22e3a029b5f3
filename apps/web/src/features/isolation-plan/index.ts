/** The isolation plan's public face (issue 16): the permit page's Isolation section (app/ composes it). */
export { IsolationPlanSection } from './components/IsolationPlanSection';
// The hand-over dialog's locks staying on (the permits feature's command dialog; app/ composes it).
export { HandoverLockFields, type HandoverLockFieldsHandle } from './components/HandoverLockFields';
