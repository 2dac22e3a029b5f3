import type { ApiKey } from '@hasp/contracts';
import type { Db } from '../../db/schema';

function keysWithCreator(db: Db) {
  return db
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u.id', 'k.created_by')
    .select([
      'k.id',
      'k.lookup_id',
      'k.name',
      'k.permissions',
      'k.expires_at',
      'k.created_at',
      'k.created_by',
      'u.display_name as created_by_name',
      'k.revoked_at',
      'k.previous_valid_until',
      'k.last_used_at',
      'k.last_used_address',
      'k.version',
    ]);
}
export type ApiKeyRow = Awaited<ReturnType<ReturnType<typeof keysWithCreator>['executeTakeFirstOrThrow']>>;

export const listApiKeyRows = (db: Db, facilityId: number) =>
  keysWithCreator(db).where('k.facility_id', '=', facilityId).orderBy('k.id', 'desc').execute();

/** A key of the facility; `lock`: FOR UPDATE (a rotation or revocation). */
export function findApiKeyRow(db: Db, facilityId: number, id: number, lock = false) {
  const query = keysWithCreator(db).where('k.facility_id', '=', facilityId).where('k.id', '=', id);
  return (lock ? query.forUpdate('k') : query).executeTakeFirst();
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A key as the API shows it: never its secret nor its hash. */
export function toApiKey(row: ApiKeyRow, now: Date): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: `hasp_…_${row.lookup_id}`,
    permissions: row.permissions,
    expiresAt: row.expires_at.toISOString(),
    createdAt: row.created_at.toISOString(),
    createdBy: { id: row.created_by, displayName: row.created_by_name },
    revokedAt: iso(row.revoked_at),
    previousValidUntil:
      row.previous_valid_until && row.previous_valid_until > now ? iso(row.previous_valid_until) : null,
    lastUsedAt: iso(row.last_used_at),
    lastUsedAddress: row.last_used_address,
    status: row.revoked_at ? 'revoked' : row.expires_at <= now ? 'expired' : 'active',
    version: row.version,
  };
}
