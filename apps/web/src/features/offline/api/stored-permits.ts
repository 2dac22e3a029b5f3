import { offlineColumnLabels, permitStatusCaptions, type OfflineScope, type PermitStatus } from '@hasp/contracts';
import {
  storedPermitOf,
  storedSummariesOf,
  type Owner,
  type StoredPermit,
  type StoredSummary,
} from '../../../offline-db';
import { useAuthState } from '../../../lib/auth-session';
import { formatDateTime } from '../../../lib/date-time';
import { useCaptions, type Translate } from '../../../lib/i18n';
import type { OfflineColumn, OfflinePermitTypeGroup } from '../components/OfflinePermitTypeList';
import { useLiveQuery } from '../model/live-query';
import { newestFirst } from '../model/newest-first';
import { availabilityKeyOf, scopeKey } from '../model/store-download';
import { offlineScopeOf, type OfflineAvailabilityState } from '../model/take-offline';
import { useTakeOfflineStatus } from '../model/take-offline-state';

export interface OfflinePermitType {
  code: string;
  name: string;
}

/** Whose offline data this is: the signed-in user in their connection and facility (never another's). */
export function useOfflineOwner(): Owner | null {
  const { session } = useAuthState();
  if (!session) return null;
  return {
    connectionStringName: session.connectionStringName,
    facilityId: session.facility.ID,
    userId: session.user.ID,
  };
}

/** The columns of a stored permit in the offline lists. */
export const offlinePermitColumns: OfflineColumn[] = (
  ['permitNumber', 'title', 'status', 'validity', 'holder', 'savedAt'] as const
).map((key) => ({ key, label: offlineColumnLabels[key] }));

/** The permit page of a stored permit: the same page as online (it reads the stored copy offline). */
export const storedPermitPath = (stored: Pick<StoredPermit, 'key' | 'connectionStringName' | 'facilityId'>) =>
  `/Permit/Edit/${encodeURIComponent(stored.key.slice(scopeKey(stored).length))}`;

function row(owner: Owner, stored: StoredSummary, t: Translate) {
  return {
    id: stored.key,
    href: storedPermitPath({ ...owner, key: stored.key }),
    permitNumber: stored.provisionalNumber ?? stored.number,
    title: stored.title,
    status:
      stored.status in permitStatusCaptions ? t(permitStatusCaptions[stored.status as PermitStatus]) : stored.status,
    validity: `${formatDateTime(stored.plannedStart)} – ${formatDateTime(stored.plannedEnd)}`,
    holder: stored.holder,
    savedAt: formatDateTime(stored.updatedAt),
  };
}

/**
 * This user's stored permits in this connection and facility, newest first (as the online index),
 * by their list columns: the download's pages and the permit rows, without reading a whole permit.
 */
function useOwnStoredPermits(owner: Owner | null): StoredSummary[] | undefined {
  return useLiveQuery(
    async (db) => {
      if (!owner) return [];
      return (await storedSummariesOf(db, owner)).sort(newestFirst);
    },
    [owner?.connectionStringName, owner?.facilityId, owner?.userId],
    // Each stored page would re-read every stored permit (10,000 × 7 KB, after each of 20 pages):
    // the lists wait for the download's end (decision 0065).
    { paused: useTakeOfflineStatus().running },
  );
}

/**
 * The permits stored on this device for the signed-in user, grouped by permit type: the given
 * offline-enabled types, and any other type that has stored permits (after an offline reload the
 * facility's settings may not be known; the stored copies name their type).
 */
export function useStoredOfflinePermits(types: readonly OfflinePermitType[]): {
  isPending: boolean;
  groups: OfflinePermitTypeGroup[];
} {
  const owner = useOfflineOwner();
  const stored = useOwnStoredPermits(owner);
  const t = useCaptions();
  const byType = new Map<string, OfflinePermitTypeGroup>();
  for (const type of types) byType.set(type.code, { ...type, columns: offlinePermitColumns, permits: [] });
  for (const permit of owner ? (stored ?? []) : []) {
    let group = byType.get(permit.permitType);
    if (!group) {
      group = { code: permit.permitType, name: permit.typeName, columns: offlinePermitColumns, permits: [] };
      byType.set(permit.permitType, group);
    }
    // With no network since the reload, the navigation never came: the stored copy knows the name.
    if (group.name === group.code) group.name = permit.typeName;
    group.permits.push(row(owner!, permit, t));
  }
  return { isPending: stored === undefined, groups: [...byType.values()] };
}

/**
 * One stored permit by its key (`<connection>:<facility>:<id or local:uuid>`): undefined while
 * loading, null when this device holds no such permit for the signed-in user.
 */
export function useStoredPermit(key: string): StoredPermit | null | undefined {
  const owner = useOfflineOwner();
  return useLiveQuery(
    async (db) => (owner ? ((await storedPermitOf(db, owner, key)) ?? null) : null),
    [key, owner?.userId],
  );
}

/** "Available offline: N permits, updated <time>": how many this user has stored and when they last came. */
export function useOfflineAvailability(): { count: number; updatedAt: string | null } | undefined {
  const owner = useOfflineOwner();
  return useLiveQuery(
    async (db) => {
      if (!owner) return { count: 0, updatedAt: null };
      const [stored, meta] = await Promise.all([storedSummariesOf(db, owner), db.meta.get(availabilityKeyOf(owner))]);
      return {
        count: stored.length,
        updatedAt: (meta?.value as OfflineAvailabilityState | undefined)?.updatedAt ?? null,
      };
    },
    [owner?.connectionStringName, owner?.facilityId, owner?.userId],
    // The count reads every stored page and permit row: after the download.
    { paused: useTakeOfflineStatus().running },
  );
}

/** What the user chose to keep on this device (their own work until they choose otherwise), live. */
export function useOfflineScope(): OfflineScope | undefined {
  const owner = useOfflineOwner();
  return useLiveQuery(
    async (db) => (owner ? offlineScopeOf(db, owner) : 'mine'),
    [owner?.connectionStringName, owner?.facilityId, owner?.userId],
  );
}
