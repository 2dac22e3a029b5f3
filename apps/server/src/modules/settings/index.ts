// The settings module's public surface: other modules, plugins/, app.ts, server.ts and db/seed
// import only from here (eslint: server module boundaries, decision 0027).
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
