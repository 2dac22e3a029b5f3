import { sql, type Kysely } from 'kysely';

/**
 * Notes on a tag for the next person at the point ("the hasp would not close: the tag hangs on the
 * breaker's cover"), oldest first: `{ text, byId, at }` each, written by the `tag.note` command
 * (whose audit row keeps the text too). Re-runnable.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tags add column if not exists notes jsonb not null default '[]'::jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tags drop column if exists notes`.execute(db);
}
