import type { Kysely } from 'kysely';

/**
 * Account state managed by administrators: the one-time-password flag (the user must choose a new
 * password before using the app) and the lockout after repeated failed sign-ins.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('must_change_password', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('failed_login_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .dropColumn('must_change_password')
    .dropColumn('failed_login_count')
    .dropColumn('locked_at')
    .execute();
}
