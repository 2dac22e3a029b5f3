import { sql, type Kysely } from 'kysely';

/**
 * The permit lifecycle's columns: the requester's risk level shown in the permit header,
 * the reason of the last suspension or cancellation, and how many extensions a type allows (the
 * lifecycle's `extend` guard reads it; HSG250 permits are extended a bounded number of times).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table permits
      add column risk_level text check (risk_level in ('low', 'medium', 'high')),
      add column status_reason text;
    alter table permit_types
      add column max_extensions integer not null default 2 check (max_extensions between 0 and 10);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table permits drop column risk_level, drop column status_reason;
    alter table permit_types drop column max_extensions;
  `.execute(db);
}
