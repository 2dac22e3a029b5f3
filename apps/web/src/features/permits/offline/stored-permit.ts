import type { QueryClient } from '@tanstack/react-query';
import type { OfflinePermit } from '@hasp/contracts';
import { authSession } from '../../../lib/auth-session';
import { sessionContextKeys } from '../../../lib/session-context';
import type { SessionContext } from '@hasp/contracts';
import {
  browserDatabase,
  ownerKey,
  storedPermitOf,
  type HaspDatabase,
  type Owner,
  type StoredPermit,
} from '../../../offline-db';
import { localAlias, type LocalActor } from '../../../lib/offline-apply';

/** `<connection>:<facility>:<id or local:uuid>`: a stored permit's key (offline-db's StoredPermit.key). */
export const storedKeyOf = (owner: Pick<Owner, 'connectionStringName' | 'facilityId'>, id: number | string) =>
  `${owner.connectionStringName}:${owner.facilityId}:${id}`;

/** The permit's id in its stored key: a server id, or `local:<uuid>` (what queued commands target). */
export function targetIdOf(row: Pick<StoredPermit, 'key' | 'connectionStringName' | 'facilityId'>): number | string {
  const id = row.key.slice(storedKeyOf(row, '').length);
  return /^\d+$/.test(id) ? Number(id) : id;
}

/** Who is signed in, as the browser database names owners; null when nobody is. */
export function currentOwner(): (Owner & { displayName: string }) | null {
  const { session } = authSession.getState();
  if (!session) return null;
  return {
    connectionStringName: session.connectionStringName,
    facilityId: session.facility.ID,
    userId: session.user.ID,
    displayName: session.user.displayName,
  };
}

/**
 * The stored permit the page's id names, for this owner only (another user's rows never show):
 * a server id directly, a negative page id by the local permit it was derived from.
 */
export async function findStoredPermit(
  db: HaspDatabase,
  owner: Owner,
  pageId: number,
): Promise<StoredPermit | undefined> {
  // A server id: its permit row, else the download page that holds it (decision 0078).
  if (pageId > 0) return storedPermitOf(db, owner, storedKeyOf(owner, pageId));
  const prefix = storedKeyOf(owner, 'local:');
  return db.permits
    .where('key')
    .startsWith(prefix)
    .filter((row) => row.userId === owner.userId && localAlias(row.key.slice(prefix.length)) === pageId)
    .first();
}

/** The stored permit's data as the server's offline contract shapes it. */
export const offlineDataOf = (row: StoredPermit) => row.data as OfflinePermit;

const permissionsKey = (owner: Owner) => `permissions:${ownerKey(owner)}`;

/**
 * The signed-in user's permissions for deciding what to offer offline: the session context when it
 * has loaded (and a copy kept on the device for a reload without a network), else the copy.
 */
export async function localActorOf(client: QueryClient, owner: Owner & { displayName: string }): Promise<LocalActor> {
  const db = browserDatabase();
  const context = client.getQueryData<SessionContext>(sessionContextKeys.of(owner.userId, owner.facilityId));
  let permissions = context?.permissions;
  if (permissions) {
    const kept = (await db.meta.get(permissionsKey(owner)))?.value;
    if (JSON.stringify(kept) !== JSON.stringify(permissions))
      await db.meta.put({ key: permissionsKey(owner), value: permissions });
  } else {
    const kept = (await db.meta.get(permissionsKey(owner)))?.value;
    permissions = Array.isArray(kept) ? (kept as string[]) : [];
  }
  return { userId: owner.userId, displayName: owner.displayName, permissions: new Set(permissions) };
}
