// Lock Manage: the lock inventory, assignment and lock labels.

// What app/ composes (loaded lazily after sign-in).

export { LockManagePage } from './components/LockManagePage';

// Locks applied at plan points offline (app/ hands the rules to the permit page's offline source).
export { lockOfflineApplier } from './offline-apply';
