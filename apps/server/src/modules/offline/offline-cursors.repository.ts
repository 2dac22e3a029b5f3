import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { OfflineScope } from '@hasp/contracts';
import type { Db } from '../../db/schema';

/**
 * A download's cursor (decision 0118): per permit, the digest of what the device was sent (the
 * copy's digest with the viewer's flags, `viewerDigest`). Whose and of what it is are part of it: a
 * cursor answers only its own user, facility, type and scope.
 */
export interface CursorOwner {
  facilityId: number;
  userId: number;
  permitTypeId: number;
  scope: OfflineScope;
}

/** A cursor older than this is not used (the device downloads everything once more) and is pruned. */
export const CURSOR_KEPT_DAYS = 30;
/** A user keeps at most this many cursors per type and scope (one a device: phones, tablets, a desk). */
export const CURSORS_PER_USER = 8;

/** The cursor `id` when it is this owner's: whose and of what it is are part of it. */
const ownersCursor = (id: string, owner: CursorOwner) => sql`
  id = ${id}::uuid and facility_id = ${owner.facilityId} and user_id = ${owner.userId}
  and permit_type_id = ${owner.permitTypeId} and scope = ${owner.scope}`;

/** The digests a cursor recorded, by permit ID; undefined when it is not this owner's or too old. */
export async function readCursor(db: Db, id: string, owner: CursorOwner): Promise<Map<number, string> | undefined> {
  const { rows } = await sql<{ digests: Record<string, string> }>`
    select digests from offline_download_cursors
    where ${ownersCursor(id, owner)}
      and created_at > now() - make_interval(days => ${CURSOR_KEPT_DAYS})`.execute(db);
  const digests = rows[0]?.digests;
  return digests && new Map(Object.entries(digests).map(([permitId, digest]) => [Number(permitId), digest]));
}

/** Records a new download's cursor with what its first page sent or kept; its ID. */
export async function createCursor(db: Db, owner: CursorOwner, digests: ReadonlyMap<number, string>): Promise<string> {
  const id = randomUUID();
  await sql`
    insert into offline_download_cursors (id, facility_id, user_id, permit_type_id, scope, digests)
    values (${id}::uuid, ${owner.facilityId}, ${owner.userId}, ${owner.permitTypeId}, ${owner.scope},
      ${JSON.stringify(Object.fromEntries(digests))}::jsonb)`.execute(db);
  return id;
}

/** Adds what a later page of the download sent to its cursor (only the owner's own cursor). */
export async function addToCursor(
  db: Db,
  id: string,
  owner: CursorOwner,
  digests: ReadonlyMap<number, string>,
): Promise<void> {
  if (!digests.size) return;
  await sql`
    update offline_download_cursors set digests = digests || ${JSON.stringify(Object.fromEntries(digests))}::jsonb
    where ${ownersCursor(id, owner)}`.execute(db);
}

/** Removes cursors too old to be used, and a user's beyond their newest few per type and scope. */
export async function pruneCursors(db: Db): Promise<number> {
  const result = await sql`
    delete from offline_download_cursors c
    where c.created_at <= now() - make_interval(days => ${CURSOR_KEPT_DAYS})
      or c.id in (
        select id from (
          select id, row_number() over (
            partition by user_id, facility_id, permit_type_id, scope order by created_at desc) as n
          from offline_download_cursors) ranked
        where ranked.n > ${CURSORS_PER_USER})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
