import { createHash, randomBytes } from 'node:crypto';
import type { Facility } from '@hasp/contracts';
import type { Db } from '../../db/schema';

/** How long the login screen has to use the token it got back from the identity provider. */
export const SSO_TOKEN_TTL_MS = 5 * 60_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Remembers an assertion ID until it expires; false when it was already used (a replay). */
export async function rememberAssertion(db: Db, assertionId: string, expiresAt: Date, now: Date): Promise<boolean> {
  await db.deleteFrom('saml_assertions_used').where('expires_at', '<=', now).execute();
  const row = await db
    .insertInto('saml_assertions_used')
    .values({ assertion_id: assertionId, used_at: now, expires_at: expiresAt })
    .onConflict((oc) => oc.column('assertion_id').doNothing())
    .returning('assertion_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** A new one-time token for the user; only its hash is stored. */
export async function issueSsoToken(db: Db, userId: number, now: Date): Promise<string> {
  await db
    .deleteFrom('sso_tokens')
    .where('expires_at', '<=', new Date(now.getTime() - SSO_TOKEN_TTL_MS))
    .execute();
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('sso_tokens')
    .values({ token_hash: hashOf(token), user_id: userId, expires_at: new Date(now.getTime() + SSO_TOKEN_TTL_MS) })
    .execute();
  return token;
}

/** The user of an unused, unexpired token, without using it up. */
export async function peekSsoToken(db: Db, token: string, now: Date): Promise<number | undefined> {
  const row = await db
    .selectFrom('sso_tokens')
    .select('user_id')
    .where('token_hash', '=', hashOf(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.user_id;
}

/** Uses the token up and returns its user; exactly one of concurrent callers wins. */
export async function consumeSsoToken(db: Db, token: string, now: Date): Promise<number | undefined> {
  const row = await db
    .updateTable('sso_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', hashOf(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** The active facilities an active user may sign in to, in ID order (as the login page lists them). */
export async function activeFacilitiesOfUser(db: Db, userId: number): Promise<Facility[]> {
  const rows = await db
    .selectFrom('user_facilities')
    .innerJoin('facilities', 'facilities.id', 'user_facilities.facility_id')
    .innerJoin('users', 'users.id', 'user_facilities.user_id')
    .select(['facilities.id', 'facilities.name', 'facilities.parent_id'])
    .where('user_facilities.user_id', '=', userId)
    .where('facilities.is_active', '=', true)
    .where('users.is_active', '=', true)
    .orderBy('facilities.id')
    .execute();
  return rows.map((row) => ({ ID: row.id, name: row.name, companyID: row.parent_id }));
}
