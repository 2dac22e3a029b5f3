import { useQueryClient } from '@tanstack/react-query';
import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { useAuthState } from '../../../lib/auth-session';
import { useNetwork } from '../../../lib/network-state';
import { browserDatabase, type OutboxItem, type StoredPermit } from '../../../offline-db';
import { installOfflinePermitSource } from './offline-source';
import { findStoredPermit, storedKeyOf } from './stored-permit';

/** Installs the offline data source before the page's first query is built (idempotent). */
export function useOfflinePermitSource(): void {
  installOfflinePermitSource(useQueryClient());
}

/** What the device holds for the permit page: its stored copy and the outbox items about it, live. */
export interface DeviceCopy {
  row: StoredPermit | undefined;
  items: OutboxItem[];
}

/**
 * The stored permit and its queued commands, kept live (Dexie's liveQuery): a change saved offline,
 * a sync or a conflict shows at once. Only read while offline or for a permit made on this device.
 */
export function useDeviceCopy(pageId: number): { offline: boolean; copy: DeviceCopy | null } {
  const { networkOnline } = useNetwork();
  const { session } = useAuthState();
  const offline = !networkOnline || pageId < 0;
  const [copy, setCopy] = useState<DeviceCopy | null>(null);
  const owner = session && {
    connectionStringName: session.connectionStringName,
    facilityId: session.facility.ID,
    userId: session.user.ID,
  };
  const ownerKey = owner ? `${owner.connectionStringName}:${owner.facilityId}:${owner.userId}` : '';
  useEffect(() => {
    if (!offline || !owner) return;
    const db = browserDatabase();
    const subscription = liveQuery(async (): Promise<DeviceCopy> => {
      const row = await findStoredPermit(db, owner, pageId);
      const items = row ? await db.outbox.where('permitKey').equals(row.key).toArray() : [];
      return { row, items: items.sort((a, b) => a.deviceSeq - b.deviceSeq) };
    }).subscribe({ next: setCopy, error: () => setCopy({ row: undefined, items: [] }) });
    return () => subscription.unsubscribe();
    // owner is rebuilt each render; its key says when it changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [offline, ownerKey, pageId]);
  return { offline, copy: offline ? copy : null };
}

/**
 * This owner's changes about the permit that the server did not apply (a conflict or a refusal),
 * live, in queue order: the permit page names them online too, not only in the sync panel.
 */
export function useDeviceIssues(permitId: number): OutboxItem[] {
  const { session } = useAuthState();
  const [items, setItems] = useState<OutboxItem[]>([]);
  const owner = session && {
    connectionStringName: session.connectionStringName,
    facilityId: session.facility.ID,
    userId: session.user.ID,
  };
  const key = owner ? storedKeyOf(owner, permitId) : null;
  useEffect(() => {
    if (key === null || permitId < 0) return;
    const subscription = liveQuery(async () =>
      (await browserDatabase().outbox.where('permitKey').equals(key).toArray())
        .filter((item) => item.userId === owner?.userId && (item.status === 'conflict' || item.status === 'rejected'))
        .sort((a, b) => a.deviceSeq - b.deviceSeq),
    ).subscribe({ next: setItems, error: () => setItems([]) });
    return () => subscription.unsubscribe();
    // The key names the owner and the permit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, permitId]);
  return key === null ? [] : items;
}
