import { sql, type Kysely } from 'kysely';

/**
 * The facility's profile (Facility Settings screen): postal address, default language and a logo
 * shown in the top bar. The logo lives in the database, not on disk, so every server process of a
 * connection serves the same one; it is small (at most 256 KB, checked by the server).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('facilities')
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('default_language_id', 'integer', (c) => c.references('languages.id'))
    .addColumn('logo', 'bytea')
    .addColumn('logo_type', 'text')
    .addColumn('logo_updated_at', 'timestamptz')
    .execute();
  // A logo always has its type, and only the types the server serves.
  await sql`alter table facilities add constraint facilities_logo_type_ck check (
    (logo is null and logo_type is null)
    or (logo is not null and logo_type in ('image/png', 'image/jpeg', 'image/svg+xml'))
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table facilities drop constraint facilities_logo_type_ck`.execute(db);
  await db.schema
    .alterTable('facilities')
    .dropColumn('address')
    .dropColumn('default_language_id')
    .dropColumn('logo')
    .dropColumn('logo_type')
    .dropColumn('logo_updated_at')
    .execute();
}
