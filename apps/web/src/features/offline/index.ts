/** The offline feature's public face: what app/ composes. */
export {
  OfflinePermitTypeList,
  defaultOfflineColumns,
  noStoredPermitsMessage,
  type OfflineColumn,
  type OfflinePermitTypeGroup,
} from './components/OfflinePermitTypeList';
export { useStoredOfflinePermits, type OfflinePermitType } from './api/stored-permits';
