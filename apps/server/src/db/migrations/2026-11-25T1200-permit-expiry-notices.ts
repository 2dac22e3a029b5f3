import { sql, type Kysely } from 'kysely';

/**
 * Which "expires within the hour" notices were sent: one row per permit and planned end,
 * written in the transaction that records the `permit.expiring` event, so a job run twice (or two
 * processes) sends it once, and an extension (a new planned end) earns a new notice. Outbox events
 * are purged after a week, so they cannot be the memory. Plus the index both expiry jobs select by.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table permit_expiry_notices (
      permit_id integer not null references permits (id),
      planned_end timestamptz not null,
      sent_at timestamptz not null default now(),
      primary key (permit_id, planned_end)
    );
    -- The expiry jobs run every minute over every permit in force (the states the expire command leaves),
    -- by planned end: a small partial index instead of a scan of 300,000 permits.
    create index permits_in_force_end_ix on permits (planned_end)
      where status in ('isolated', 'issued', 'active', 'live_for_test', 'suspended') and voided_at is null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index permits_in_force_end_ix; drop table permit_expiry_notices`.execute(db);
}
