import { sql, type Kysely } from 'kysely';

/**
 * Permissions granted by groups, permit types and their sidebar groups, facility settings,
 * security settings (right-nav features per facility) and notifications with a NOTIFY trigger.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Demo-data steps already applied, so a restart never re-adds what an administrator removed.
  await db.schema
    .createTable('seed_steps')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('applied_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('group_permissions')
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('permission', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('group_permissions_pk', ['group_id', 'permission'])
    .execute();

  await db.schema
    .createTable('permit_groups')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('facility_id', 'integer', (c) => c.notNull().references('facilities.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull().defaultTo('folder'))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('permit_groups_facility_name_uq', ['facility_id', 'name'])
    .execute();

  await db.schema
    .createTable('permit_types')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('facility_id', 'integer', (c) => c.notNull().references('facilities.id'))
    .addColumn('permit_group_id', 'integer', (c) => c.notNull().references('permit_groups.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull().defaultTo('file'))
    .addColumn('color', 'text', (c) => c.notNull().defaultTo('#1c7ed6'))
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('offline_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('permit_types_facility_code_uq', ['facility_id', 'code'])
    .execute();

  await db.schema
    .createTable('facility_settings')
    .addColumn('facility_id', 'integer', (c) => c.primaryKey().references('facilities.id'))
    .addColumn('login_timeout', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('info_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('offline_mode', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('custom_dashboards', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('notifications', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();

  await db.schema
    .createTable('facility_security_settings')
    .addColumn('facility_id', 'integer', (c) => c.notNull().references('facilities.id'))
    .addColumn('feature', 'text', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull())
    .addPrimaryKeyConstraint('facility_security_settings_pk', ['facility_id', 'feature'])
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('facility_id', 'integer', (c) => c.notNull().references('facilities.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('link', 'text')
    .addColumn('sent_date', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('seen_date', 'timestamptz')
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`create index notifications_inbox_idx on notifications (user_id, facility_id, sent_date desc) where deleted_at is null`.execute(
    db,
  );

  // NOTIFY is delivered at commit, to every server process listening on this database.
  await sql`
    create function notify_notification() returns trigger language plpgsql as $$
    begin
      perform pg_notify('hasp_notification', json_build_object('id', new.id, 'userId', new.user_id, 'facilityId', new.facility_id)::text);
      return new;
    end $$`.execute(db);
  await sql`create trigger notifications_notify after insert on notifications for each row execute function notify_notification()`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger notifications_notify on notifications`.execute(db);
  await sql`drop function notify_notification()`.execute(db);
  for (const table of [
    'seed_steps',
    'notifications',
    'facility_security_settings',
    'facility_settings',
    'permit_types',
    'permit_groups',
    'group_permissions',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
