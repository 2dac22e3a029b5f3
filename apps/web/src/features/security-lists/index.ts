/** The Security Lists feature's public face: what app/ composes (loaded lazily after sign-in). */
export { SecurityListsPage } from './components/SecurityListsPage';
