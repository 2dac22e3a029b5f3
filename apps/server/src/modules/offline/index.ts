// Taking permits offline (decision 0056): the offline flags and the download of permits a device
// takes with it.

export { offlineRoutes } from './offline.routes';
export { readOfflinePermit, readOfflinePermits } from './offline-permit-read';
export { offlineCopiesJob } from './offline-copies.job';
export { readOfflineFlagBases, readOfflineFlagContext, type OfflineFlagBase } from './offline-flags.service';
