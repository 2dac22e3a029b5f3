import { sql, type Kysely } from 'kysely';
import type { AuthEventKind, Database } from '../../db/schema';

export function insertAuthEvent(
  db: Kysely<Database>,
  event: {
    kind: AuthEventKind;
    userName?: string | null;
    userId?: number | null;
    facilityId?: number | null;
    ip?: string | null;
    detail?: string | null;
  },
): Promise<unknown> {
  return db
    .insertInto('auth_events')
    .values({
      kind: event.kind,
      user_name: event.userName ?? null,
      user_id: event.userId ?? null,
      facility_id: event.facilityId ?? null,
      ip: event.ip ?? null,
      detail: event.detail ?? null,
    })
    .execute();
}

/** Failed sign-ins for a user name since a moment, and the oldest of them (to compute Retry-After). */
export async function countRecentLoginFailures(
  db: Kysely<Database>,
  userName: string,
  since: Date,
): Promise<{ count: number; oldest: Date | null }> {
  const row = await db
    .selectFrom('auth_events')
    .select([(eb) => eb.fn.countAll<number>().as('count'), (eb) => eb.fn.min('occurred_at').as('oldest')])
    .where(sql`lower(user_name)`, '=', userName.toLowerCase())
    .where('kind', '=', 'login_failed')
    .where('occurred_at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest ? new Date(row.oldest) : null };
}
