// Security Lists: which right-nav features a facility switches on.

// What app/ composes (loaded lazily after sign-in).

export { SecurityListsPage } from './components/SecurityListsPage';
