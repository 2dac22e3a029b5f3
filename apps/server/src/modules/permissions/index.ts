// The permissions module's public surface: other modules, plugins/, app.ts, server.ts and db/seed
// import only from here (eslint: server module boundaries, decision 0027).
export { CONTEXT_CHANNEL, notifyContextChanged, registerContextChangedConsumer } from './context-changed';
export { findFacilityPermissionCatalogue } from './permission-catalogue.repository';
export {
  listAllUserGrants,
  listConnectionGrants,
  listFacilityAndConnectionPermissions,
  listFeatureSwitches,
  listUserPermissions,
} from '../../platform/access/permission-lists';
