import { sql, type Kysely } from 'kysely';

/**
 * Tag Report Manage: the print layout and report each tag type ('tag:<type>') and each permit type
 * ('permit-type:<id>') of a facility uses; one link per subject. The keys name entries of the
 * catalogues in contracts (the layouts themselves arrive with printing).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tag_report_links')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('facility_id', 'integer', (c) => c.notNull().references('facilities.id'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('layout_key', 'text', (c) => c.notNull())
    .addColumn('report_key', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('tag_report_links_subject_uq', ['facility_id', 'subject'])
    .addCheckConstraint('tag_report_links_subject_ck', sql`subject ~ '^(tag:[a-z-]+|permit-type:[1-9][0-9]*)$'`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tag_report_links').execute();
}
