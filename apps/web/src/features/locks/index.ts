// Lock Manage: the lock inventory, assignment and lock labels.

// What app/ composes (loaded lazily after sign-in).

export { LockManagePage } from './components/LockManagePage';
