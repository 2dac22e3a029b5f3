import { sql, type Kysely } from 'kysely';

/**
 * The application role may only read and append the audit trail (db/database-roles.ts): it has
 * no UPDATE or INSERT on audit_chain_heads. The triggers that chain a new row and move its
 * chain's head therefore run as their owner (SECURITY DEFINER, with a fixed search path so no
 * caller's schema can shadow a table they use).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const fn of ['audit_log_chain()', 'audit_log_advance_heads()']) {
    await sql`alter function ${sql.raw(fn)} security definer set search_path = public, pg_temp`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const fn of ['audit_log_chain()', 'audit_log_advance_heads()']) {
    await sql`alter function ${sql.raw(fn)} security invoker reset search_path`.execute(db);
  }
}
