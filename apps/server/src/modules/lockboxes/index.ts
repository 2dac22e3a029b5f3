// Group lockout (decision 0040): a permit's lockbox, crew sign-on and sign-off with personal locks,
// and the close guard.

export { lockboxRoutes } from './lockboxes.routes';
export { lockboxLifecycle } from './lockbox-guards';
export { lockboxCommandDefinitions } from './lockbox-command.service';
export { readLockboxSection, readLockboxSectionsForPermits } from './lockbox-section';
// The crew section's lists of who looks and of the facility (the offline flags, decision 0085).
export { listFreeLockboxDevices, listSignOnLocks } from './lockbox.repository';
