// Permit questions: the permit page's Questions section.

// app/ composes it.

export { PermitQuestionsSection } from './components/PermitQuestionsSection';

// Its offline rules (app/ hands them to the permit page's offline source).
export { permitQuestionsOfflineApplier } from './offline-apply';
