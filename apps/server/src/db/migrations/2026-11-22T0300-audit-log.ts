import { sql, type Kysely } from 'kysely';

/**
 * The audit log: every change made through the administration screens, with who, when, what and
 * the record before and after. Append-only (the application never updates or deletes a row).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Null for connection-wide changes (a new facility, a connection setting).
    .addColumn('facility_id', 'integer', (c) => c.references('facilities.id'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity_type', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text')
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .execute();
  await db.schema
    .createIndex('audit_log_facility_time_idx')
    .on('audit_log')
    .columns(['facility_id', 'occurred_at'])
    .execute();
  await db.schema.createIndex('audit_log_entity_idx').on('audit_log').columns(['entity_type', 'entity_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
}
