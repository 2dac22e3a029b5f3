// Master List Manage: list types and their items.

// What app/ composes (loaded lazily after sign-in).

export { MasterListManagePage } from './components/MasterListManagePage';
