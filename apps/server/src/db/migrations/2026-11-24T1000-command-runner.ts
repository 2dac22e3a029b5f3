import { sql, type Kysely } from 'kysely';

/**
 * The command runner's tables: idempotency keys (a key → the stored response), the domain-event
 * outbox and its deliveries (one row per event and consumer: applied once), and a version on the
 * rows commands lock so a stale edit is refused instead of silently overwriting.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('command', 'text', (c) => c.notNull())
    // SHA-256 of the command (name, target, input, expected version): the same key with another body is refused.
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('response', 'jsonb')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();

  await db.schema
    .createTable('domain_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('facility_id', 'integer', (c) => c.references('facilities.id'))
    .addColumn('entity_type', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text')
    .addColumn('payload', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('request_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('event_deliveries')
    .addColumn('event_id', 'bigint', (c) => c.notNull().references('domain_events.id').onDelete('cascade'))
    .addColumn('consumer', 'text', (c) => c.notNull())
    .addColumn('delivered_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('event_deliveries_pk', ['event_id', 'consumer'])
    .execute();

  for (const table of ['facility_settings', 'users', 'groups']) {
    await db.schema
      .alterTable(table)
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['facility_settings', 'users', 'groups']) {
    await db.schema.alterTable(table).dropColumn('version').execute();
  }
  await db.schema.dropTable('event_deliveries').execute();
  await db.schema.dropTable('domain_events').execute();
  await db.schema.dropTable('idempotency_keys').execute();
}
