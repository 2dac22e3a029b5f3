import { permitStatusLabels, type OfflinePermit } from '@hasp/contracts';
import type { Owner, StoredPermit } from '../../../offline-db';
import { useAuthState } from '../../../lib/auth-session';
import { formatDateTime } from '../../../lib/date-time';
import type { OfflineColumn, OfflinePermitTypeGroup } from '../components/OfflinePermitTypeList';
import { useLiveQuery } from '../model/live-query';
import { newestFirst } from '../model/newest-first';
import { availabilityKeyOf, scopeKey } from '../model/store-download';
import type { OfflineAvailabilityState } from '../model/take-offline';
import { useTakeOfflineStatus } from '../model/take-offline-state';

export interface OfflinePermitType {
  code: string;
  name: string;
}

/** Whose offline data this is: the signed-in user in their connection and facility (never another's, R33). */
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
export const offlinePermitColumns: OfflineColumn[] = [
  { key: 'permitNumber', label: 'Permit No.' },
  { key: 'title', label: 'Title' },
  { key: 'status', label: 'Status' },
  { key: 'validity', label: 'Valid' },
  { key: 'holder', label: 'Holder' },
  { key: 'savedAt', label: 'Saved on this device' },
];

/** The permit page of a stored permit: the same page as online (it reads the stored copy offline). */
export const storedPermitPath = (stored: StoredPermit) =>
  `/Permit/Edit/${encodeURIComponent(stored.key.slice(scopeKey(stored).length))}`;

function row(stored: StoredPermit) {
  const { permit } = stored.data as OfflinePermit;
  return {
    id: stored.key,
    href: storedPermitPath(stored),
    permitNumber: stored.provisionalNumber ?? permit.number,
    title: permit.title,
    status: permitStatusLabels[permit.status],
    validity: `${formatDateTime(permit.plannedStart)} – ${formatDateTime(permit.plannedEnd)}`,
    holder: permit.holder?.displayName ?? '',
    savedAt: formatDateTime(stored.updatedAt),
  };
}

/** This user's stored permits in this connection and facility, newest first (as the online index). */
function useOwnStoredPermits(owner: Owner | null): StoredPermit[] | undefined {
  return useLiveQuery(
    async (db) => {
      if (!owner) return [];
      const rows = await db.permits
        .where('[connectionStringName+facilityId]')
        .equals([owner.connectionStringName, owner.facilityId])
        .toArray();
      return rows.filter((r) => r.userId === owner.userId).sort(newestFirst);
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
  const stored = useOwnStoredPermits(useOfflineOwner());
  const byType = new Map<string, OfflinePermitTypeGroup>();
  for (const type of types) byType.set(type.code, { ...type, columns: offlinePermitColumns, permits: [] });
  for (const permit of stored ?? []) {
    const { permitType } = (permit.data as OfflinePermit).permit;
    let group = byType.get(permit.permitType);
    if (!group) {
      group = { code: permit.permitType, name: permitType.name, columns: offlinePermitColumns, permits: [] };
      byType.set(permit.permitType, group);
    }
    // With no network since the reload, the navigation never came: the stored copy knows the name.
    if (group.name === group.code) group.name = permitType.name;
    group.permits.push(row(permit));
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
    async (db) => {
      const stored = await db.permits.get(key);
      return stored && owner && stored.userId === owner.userId ? stored : null;
    },
    [key, owner?.userId],
  );
}

/** "Available offline: N permits, updated <time>": how many this user has stored and when they last came. */
export function useOfflineAvailability(): { count: number; updatedAt: string | null } | undefined {
  const owner = useOfflineOwner();
  return useLiveQuery(
    async (db) => {
      if (!owner) return { count: 0, updatedAt: null };
      const [count, meta] = await Promise.all([
        db.permits
          .where('[connectionStringName+facilityId]')
          .equals([owner.connectionStringName, owner.facilityId])
          .filter((r) => r.userId === owner.userId)
          .count(),
        db.meta.get(availabilityKeyOf(owner)),
      ]);
      return { count, updatedAt: (meta?.value as OfflineAvailabilityState | undefined)?.updatedAt ?? null };
    },
    [owner?.connectionStringName, owner?.facilityId, owner?.userId],
    // The count reads every stored permit too (the user is not in the index): after the download.
    { paused: useTakeOfflineStatus().running },
  );
}
