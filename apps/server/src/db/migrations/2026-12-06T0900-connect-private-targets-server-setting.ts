import { sql, type Kysely } from 'kysely';

/**
 * The facility setting `connect.allowPrivateTargets` is gone: a facility administrator could open
 * the server's own network to webhooks with it. Private targets are the server's setting now
 * (HASP_CONNECT_ALLOW_PRIVATE_TARGETS, decision 0089), so the stored values are deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from app_settings where key = 'connect.allowPrivateTargets'`.execute(db);
}

/** Nothing comes back: the setting no longer exists, and the deleted values must not count again. */
export async function down(): Promise<void> {}
