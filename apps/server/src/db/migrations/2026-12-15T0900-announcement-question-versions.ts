import { sql, type Kysely } from 'kysely';

/**
 * A version on announcements and questions, as the command runner's other targets have one
 * (2026-11-24T1000-command-runner): their changes are now commands, which lock the row, refuse a
 * stale `If-Match` and answer the new version as `ETag`. Every change moves it (an announcement's
 * edit and status; a question's edit, which also adds a text version, and its activation). A
 * question's text versions (question_versions.version) stay what answers refer to; this one is the
 * row's. Existing rows start at 1. Re-runnable.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table announcements add column if not exists version integer not null default 1;
    alter table questions add column if not exists version integer not null default 1;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table questions drop column if exists version;
    alter table announcements drop column if exists version;
  `.execute(db);
}
