// Offline sync (decision 0055): commands recorded offline pushed to the server, their conflicts and
// their resolution.

// app.ts registers the routes; tests arm failpoints.

export { syncRoutes } from './sync.routes';
export { pushCommands } from './sync-push.service';
export { syncRouteOf } from './sync-routes-map';
export { armSyncFailpoint, disarmSyncFailpoints, syncFailpointNames, type SyncFailpointName } from './sync-failpoints';
