// Prefix Manage: numbering patterns and the next-number preview.

// What app/ composes (loaded lazily after sign-in).

export { PrefixManagePage } from './components/PrefixManagePage';
