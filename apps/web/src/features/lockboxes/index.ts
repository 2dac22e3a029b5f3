/** Group lockout (issue 16 item 5): the permit page's Crew section (app/ composes it into the permit page). */
export { CrewSection } from './components/CrewSection';
