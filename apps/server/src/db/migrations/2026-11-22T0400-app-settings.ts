import { sql, type Kysely } from 'kysely';

/**
 * The settings table: values of the settings catalogue (contracts' settingDefinitions) that differ
 * from their defaults, per connection (facility_id null) or per facility.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('app_settings')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('facility_id', 'integer', (c) => c.references('facilities.id'))
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One value per key and scope (NULLS NOT DISTINCT: one connection-wide row per key).
  await sql`create unique index app_settings_key_scope_uq on app_settings (key, facility_id) nulls not distinct`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('app_settings').execute();
}
