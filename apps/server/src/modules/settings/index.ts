// Facility settings and security settings, the facility's configuration target, and
// /api/session/context.

export { sessionContextRoutes } from './session-context.routes';
export { isSecretSetting, readSetting, storeSetting } from './setting-values';
export {
  findFacilitySettings,
  findSecuritySettings,
  listFacilityPermitTypes,
  saveFacilitySettings,
} from './settings.repository';
export { facilityConfigTarget } from './facility-config.target';
export type { FacilityConfigState } from './facility-config.target';
