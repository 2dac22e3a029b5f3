import { sql, type Kysely } from 'kysely';

/**
 * A permit's offline copy names its start in the facility's time zone (accept waits for the start,
 * decision 0096), so the copy is read from `facilities` too: a changed time zone makes every stored
 * copy outdated, like the other reference tables the download reads (decision 0082). Re-runnable.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace trigger facilities_offline_changed
      after insert or update of time_zone or delete or truncate on facilities
      for each statement execute function offline_reference_changed()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists facilities_offline_changed on facilities`.execute(db);
}
