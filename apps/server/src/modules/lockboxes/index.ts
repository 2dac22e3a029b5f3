// The lockboxes module's public surface (group lockout, issue 16 item 5; decision 0040): other
// modules, app.ts and db/seed import only from here (eslint: server module boundaries, decision 0027).
export { lockboxRoutes } from './lockboxes.routes';
export { lockboxLifecycle } from './lockbox-guards';
export { lockboxCommandDefinitions } from './lockbox-command.service';
export { readLockboxSection, readLockboxSectionsForPermits } from './lockbox-section';
// The crew section's lists of who looks and of the facility (the offline flags, decision 0085).
export { listFreeLockboxDevices, listSignOnLocks } from './lockbox.repository';
