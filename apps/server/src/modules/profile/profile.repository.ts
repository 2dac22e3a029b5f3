import { sql } from 'kysely';
import type { Profile, UserSession } from '@hasp/contracts';
import type { Db } from '../../db/schema';

export async function findProfile(db: Db, userId: number): Promise<Profile | undefined> {
  const row = await db
    .selectFrom('users')
    .leftJoin('languages', 'languages.id', 'users.language_id')
    .select([
      'users.id',
      'users.user_name',
      'users.display_name',
      'users.email',
      'users.is_active_directory_user',
      'users.department',
      'users.contact',
      'languages.code',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  return (
    row && {
      ID: row.id,
      userName: row.user_name,
      displayName: row.display_name,
      email: row.email,
      languageCode: row.code,
      isActiveDirectoryUser: row.is_active_directory_user,
      department: row.department,
      contact: row.contact,
    }
  );
}

export async function updateProfileRow(
  db: Db,
  userId: number,
  values: {
    displayName: string;
    email: string | null;
    languageId: number | null;
    department?: string | null;
    contact?: string | null;
  },
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      display_name: values.displayName,
      email: values.email,
      language_id: values.languageId,
      ...(values.department !== undefined ? { department: values.department } : {}),
      ...(values.contact !== undefined ? { contact: values.contact } : {}),
    })
    .where('id', '=', userId)
    .execute();
}

/** The user's live sign-ins: one per refresh-token family with a token that is neither revoked nor expired. */
export async function listUserSessions(
  db: Db,
  userId: number,
  currentSessionId: string,
  now: Date,
): Promise<UserSession[]> {
  const rows = await db
    .selectFrom('refresh_tokens')
    .select([
      'family_id',
      sql<Date>`min(created_at)`.as('signed_in_at'),
      sql<Date>`max(created_at)`.as('last_used_at'),
      sql<string | null>`(array_agg(user_agent order by created_at desc))[1]`.as('user_agent'),
      sql<string | null>`(array_agg(ip order by created_at desc))[1]`.as('ip'),
    ])
    .where('user_id', '=', userId)
    .groupBy('family_id')
    .having(sql<boolean>`bool_or(revoked_at is null and used_at is null and expires_at > ${now})`)
    .orderBy(sql`max(created_at)`, 'desc')
    .execute();
  return rows.map((r) => ({
    ID: r.family_id,
    userAgent: r.user_agent,
    ip: r.ip,
    signedInAt: new Date(r.signed_in_at).toISOString(),
    lastUsedAt: new Date(r.last_used_at).toISOString(),
    isCurrent: r.family_id === currentSessionId,
  }));
}

/** Families of the user other than `keep` that are still live. */
export async function listOtherSessionIds(db: Db, userId: number, keep: string): Promise<string[]> {
  const rows = await db
    .selectFrom('refresh_tokens')
    .select('family_id')
    .distinct()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('family_id', '!=', keep)
    .execute();
  return rows.map((r) => r.family_id);
}

export async function familyBelongsToUser(db: Db, familyId: string, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select('id')
    .where('family_id', '=', familyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}
