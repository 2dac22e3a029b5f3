// Permit questions: the permit page's Questions section.

// app/ composes it.

export { PermitQuestionsSection } from './components/PermitQuestionsSection';
