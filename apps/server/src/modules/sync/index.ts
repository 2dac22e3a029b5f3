// The offline sync module's public surface (decision 0055): app.ts registers the routes; tests arm failpoints.
export { syncRoutes } from './sync.routes';
export { pushCommands } from './sync-push.service';
export { syncRouteOf } from './sync-routes-map';
export { armSyncFailpoint, disarmSyncFailpoints, syncFailpointNames, type SyncFailpointName } from './sync-failpoints';
