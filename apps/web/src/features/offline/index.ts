// Offline: the offline dashboard, the permit types and permits taken offline.

// What app/ composes and the permit page reads.

export {
  OfflinePermitTypeList,
  type OfflineColumn,
  type OfflinePermitTypeGroup,
} from './components/OfflinePermitTypeList';
export { OfflineAvailability } from './components/OfflineAvailability';
export {
  offlinePermitColumns,
  storedPermitPath,
  useOfflineAvailability,
  useOfflineOwner,
  useStoredOfflinePermits,
  useStoredPermit,
  type OfflinePermitType,
} from './api/stored-permits';
export {
  permitKeyOf,
  referenceKeyOf,
  removeStaleCopies,
  storeDownload,
  type StoreResult,
} from './model/store-download';
export { takePermitsOffline, type OfflineAvailabilityState } from './model/take-offline';
export { TakeOfflineOnSignIn, useTakeOfflineOnSignIn } from './model/use-take-offline-on-sign-in';
