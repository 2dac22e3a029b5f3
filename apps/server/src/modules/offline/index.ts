// The offline module's public surface (issue 18, decision 0056): taking permits offline.
export { offlineRoutes } from './offline.routes';
export { readOfflinePermit, readOfflinePermits } from './offline-permit-read';
export { offlineCopiesJob } from './offline-copies.job';
export { readOfflineFlagBases, readOfflineFlagContext, type OfflineFlagBase } from './offline-flags.service';
