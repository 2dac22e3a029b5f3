// Locks: the lock inventory (Lock Manage), assignment, and applying and removing locks.

// applyLock/removeLock run inside the caller's transaction (isolation plan, lockbox sign-on,
// (e)(3)).

export {
  applyLock,
  lockLockRow,
  removeLock,
  transferLock,
  type TransferLockInput,
  type ApplyLockInput,
  type RemoveLockInput,
  type RemovedLock,
  type LockPlace,
} from './lock-application.service';
// The assign commands: the demo seed hands its board's pool locks to each permit through them.
export { assignLockToPermit, unassignLockFromPermit } from './lock-assign.service';
export { holdLockboxDevice, releaseLockboxDevice, type LockboxDeviceInput } from './lockbox-device.service';
export { lockRoutes, permitLockRoutes } from './locks.routes';
// The offline download carries the user's applicable locks (decision 0064).
export { assignedPermitJoin, listApplicableLocks, listLocks, listLocksOnPermit } from './lock.repository';
