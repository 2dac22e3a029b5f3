import { sql, type Kysely } from 'kysely';

/**
 * A signature given offline (its password sealed on the device, decision: sealed offline
 * signatures) is recorded when the server receives it (`signed_at`), and also when the signer
 * typed the password, by the device's clock: `device_signed_at`, null for a signature given online.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Safe to run again (a migration recorded as pending after it ran, as the roles test does).
  await sql`alter table permit_signatures add column if not exists device_signed_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table permit_signatures drop column if exists device_signed_at`.execute(db);
}
