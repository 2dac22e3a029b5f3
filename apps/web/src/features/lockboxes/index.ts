// Group lockout: the permit page's Crew section (lockbox, crew sign-on and sign-off).

// app/ composes it into the permit page.

export { CrewSection } from './components/CrewSection';

// Its offline rules (app/ hands them to the permit page's offline source).
export { lockboxOfflineApplier } from './offline-apply';
