// Permissions: a user's effective permissions, the permission catalogue, and the context-changed
// notice to open sessions.

export { CONTEXT_CHANNEL, notifyContextChanged, registerContextChangedConsumer } from './context-changed';
export { findFacilityPermissionCatalogue } from './permission-catalogue.repository';
export {
  listAllUserGrants,
  listConnectionGrants,
  listFacilityAndConnectionPermissions,
  listFeatureSwitches,
  listUserPermissions,
} from '../../platform/access/permission-lists';
