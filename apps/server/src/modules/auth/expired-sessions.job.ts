import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { JobRegistration } from '../../platform/jobs';

export const PURGE_EXPIRED_SESSIONS_JOB = 'purge-expired-sessions';

/**
 * A family's rows are kept this long past its end: longer than any access token of it lives, so a
 * token still in use never loses its session row, and reuse of an old refresh token is still refused.
 */
export const SESSION_KEEP_AFTER_END_MS = 24 * 3600_000;

/**
 * Deletes the refresh tokens of sign-ins that ended (their family's absolute lifetime passed) a day
 * ago; nothing else ever removes them, so the table would only grow.
 */
export async function purgeExpiredSessions(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('refresh_tokens')
    .where('family_expires_at', '<=', new Date(now.getTime() - SESSION_KEEP_AFTER_END_MS))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Every hour, on every connection. */
export const expiredSessionsJob =
  (now: () => Date): JobRegistration =>
  async (jobs) => {
    await jobs.work(PURGE_EXPIRED_SESSIONS_JOB, async () => {
      await purgeExpiredSessions(jobs.connection.db, now());
    });
    await jobs.schedule(PURGE_EXPIRED_SESSIONS_JOB, '17 * * * *');
  };
