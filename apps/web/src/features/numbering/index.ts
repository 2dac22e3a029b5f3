/** The Prefix Manage feature's public face: what app/ composes (loaded lazily after sign-in). */
export { PrefixManagePage } from './components/PrefixManagePage';
