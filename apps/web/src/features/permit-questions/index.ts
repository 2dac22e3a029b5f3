/** The permit questions' public face (issue 17): the permit page's Questions section (app/ composes it). */
export { PermitQuestionsSection } from './components/PermitQuestionsSection';
