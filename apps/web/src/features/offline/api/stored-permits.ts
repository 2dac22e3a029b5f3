import { defaultOfflineColumns, type OfflinePermitTypeGroup } from '../components/OfflinePermitTypeList';

export interface OfflinePermitType {
  code: string;
  name: string;
}

/**
 * The permits stored on this device, grouped by offline-enabled permit type. The device store
 * (IndexedDB) arrives with the offline issue; until then nothing is stored, so every group is empty.
 */
export function useStoredOfflinePermits(types: readonly OfflinePermitType[]): OfflinePermitTypeGroup[] {
  return types.map((type) => ({ ...type, columns: defaultOfflineColumns, permits: [] }));
}
