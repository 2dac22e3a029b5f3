import { sql, type Kysely } from 'kysely';

/**
 * Numbering (Prefix Manage): a pattern per numbered subject of a facility ('tag', 'lockbox',
 * 'permit-type:<id>'), the facility code {FAC} stands for, and the counters numbers are allocated
 * from. A counter row is per facility, subject and period (the year when the pattern starts again
 * each year, else 0); allocation increments it with one upsert, so concurrent callers queue on the
 * row lock and never share a number.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('numbering_patterns')
    .addColumn('facility_id', 'integer', (c) => c.notNull().references('facilities.id'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('pattern', 'text', (c) => c.notNull())
    .addColumn('yearly_reset', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_by', 'integer', (c) => c.references('users.id'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('numbering_patterns_pk', ['facility_id', 'subject'])
    .addCheckConstraint('numbering_patterns_subject_ck', sql`subject ~ '^(tag|lockbox|permit-type:[1-9][0-9]*)$'`)
    .execute();

  await db.schema
    .createTable('numbering_facility_codes')
    .addColumn('facility_id', 'integer', (c) => c.primaryKey().references('facilities.id'))
    .addColumn('code', 'text', (c) => c.notNull().check(sql`code ~ '^[A-Z0-9-]{1,10}$'`))
    .execute();

  await db.schema
    .createTable('numbering_counters')
    .addColumn('facility_id', 'integer', (c) => c.notNull().references('facilities.id'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('period', 'integer', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('numbering_counters_pk', ['facility_id', 'subject', 'period'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('numbering_counters').execute();
  await db.schema.dropTable('numbering_facility_codes').execute();
  await db.schema.dropTable('numbering_patterns').execute();
}
