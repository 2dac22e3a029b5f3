/** The isolation plan's public face (issue 16): the permit page's Isolation section (app/ composes it). */
export { IsolationPlanSection } from './components/IsolationPlanSection';
