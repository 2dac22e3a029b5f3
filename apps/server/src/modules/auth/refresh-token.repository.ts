import type { Db, RefreshTokenRow } from '../../db/schema';

export function insertRefreshToken(
  db: Db,
  row: {
    familyId: string;
    userId: number;
    facilityId: number;
    tokenHash: string;
    expiresAt: Date;
    familyExpiresAt: Date;
    userAgent: string | null;
    ip: string | null;
    viaSso: boolean;
  },
): Promise<unknown> {
  return db
    .insertInto('refresh_tokens')
    .values({
      family_id: row.familyId,
      user_id: row.userId,
      facility_id: row.facilityId,
      token_hash: row.tokenHash,
      expires_at: row.expiresAt,
      family_expires_at: row.familyExpiresAt,
      user_agent: row.userAgent,
      ip: row.ip,
      via_sso: row.viaSso,
    })
    .execute();
}

/**
 * Marks an unused, unrevoked, unexpired token as used and returns it; returns undefined when
 * another request claimed it first (the row lock makes exactly one caller win).
 */
export function claimRefreshToken(db: Db, tokenHash: string, now: Date): Promise<RefreshTokenRow | undefined> {
  return db
    .updateTable('refresh_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where('family_expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
}

export function findRefreshTokenByHash(db: Db, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  return db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Revokes every token of a family; returns how many were still live. */
export async function revokeRefreshFamily(db: Db, familyId: string, reason: string, now: Date): Promise<number> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
