import { sql, type Kysely } from 'kysely';

/** Languages and captions (translations), users' preferred language, announcements with acknowledgements. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('languages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  // Reference data every connection needs: the default language and Spanish.
  await sql`insert into languages (name, code, is_default) values ('English', 'en', true), ('Español', 'es', false)`.execute(
    db,
  );

  await db.schema
    .createTable('captions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('form_name', 'text', (c) => c.notNull())
    .addColumn('control_name', 'text', (c) => c.notNull())
    .addColumn('default_caption', 'text', (c) => c.notNull())
    .addUniqueConstraint('captions_key_uq', ['item_type', 'form_name', 'control_name'])
    .execute();

  await db.schema
    .createTable('caption_translations')
    .addColumn('caption_id', 'integer', (c) => c.notNull().references('captions.id').onDelete('cascade'))
    .addColumn('language_id', 'integer', (c) => c.notNull().references('languages.id'))
    .addColumn('preferred_caption', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('caption_translations_pk', ['caption_id', 'language_id'])
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('language_id', 'integer', (c) => c.references('languages.id'))
    .execute();

  await db.schema
    .createTable('announcements')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('facility_id', 'integer', (c) => c.notNull().references('facilities.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body_html', 'text', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('valid_from', 'timestamptz', (c) => c.notNull())
    .addColumn('valid_to', 'timestamptz')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('requires_ack', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('announcements_facility_idx')
    .on('announcements')
    .columns(['facility_id', 'status', 'valid_from'])
    .execute();

  await db.schema
    .createTable('announcement_groups')
    .addColumn('announcement_id', 'integer', (c) => c.notNull().references('announcements.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id'))
    .addPrimaryKeyConstraint('announcement_groups_pk', ['announcement_id', 'group_id'])
    .execute();

  await db.schema
    .createTable('announcement_acks')
    .addColumn('announcement_id', 'integer', (c) => c.notNull().references('announcements.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('acknowledged_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('announcement_acks_pk', ['announcement_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['announcement_acks', 'announcement_groups', 'announcements'])
    await db.schema.dropTable(table).execute();
  await db.schema.alterTable('users').dropColumn('language_id').execute();
  for (const table of ['caption_translations', 'captions', 'languages']) await db.schema.dropTable(table).execute();
}
