import { sql, type Kysely } from 'kysely';

/** Facilities, users, groups, refresh-token families and sign-in events. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('facilities')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'integer', (c) => c.references('facilities.id'))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index facilities_name_uq on facilities (lower(name))`.execute(db);

  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('is_active_directory_user', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index users_user_name_uq on users (lower(user_name))`.execute(db);

  await db.schema
    .createTable('user_facilities')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('facility_id', 'integer', (c) => c.notNull().references('facilities.id'))
    .addPrimaryKeyConstraint('user_facilities_pk', ['user_id', 'facility_id'])
    .execute();

  await db.schema
    .createTable('groups')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('facility_id', 'integer', (c) => c.notNull().references('facilities.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addUniqueConstraint('groups_facility_name_uq', ['facility_id', 'name'])
    .execute();

  await db.schema
    .createTable('user_groups')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id'))
    .addPrimaryKeyConstraint('user_groups_pk', ['user_id', 'group_id'])
    .execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('family_id', 'uuid', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('facility_id', 'integer', (c) => c.notNull().references('facilities.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('family_expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoked_reason', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('ip', 'text')
    .execute();
  await db.schema.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('family_id').execute();

  await db.schema
    .createTable('auth_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_name', 'text')
    .addColumn('user_id', 'integer')
    .addColumn('facility_id', 'integer')
    .addColumn('ip', 'text')
    .addColumn('detail', 'text')
    .execute();
  await sql`create index auth_events_failures_idx on auth_events (lower(user_name), occurred_at) where kind = 'login_failed'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'auth_events',
    'refresh_tokens',
    'user_groups',
    'groups',
    'user_facilities',
    'users',
    'facilities',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
