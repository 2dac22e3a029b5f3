import { sql, type Kysely } from 'kysely';

/**
 * Which "expires within the hour" notices were sent (issue 15): one row per permit and planned end,
 * written in the transaction that records the `permit.expiring` event, so a job run twice (or two
 * processes) sends it once, and an extension (a new planned end) earns a new notice. Outbox events
 * are purged after a week, so they cannot be the memory.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table permit_expiry_notices (
      permit_id integer not null references permits (id),
      planned_end timestamptz not null,
      sent_at timestamptz not null default now(),
      primary key (permit_id, planned_end)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table permit_expiry_notices`.execute(db);
}
