import { sql, type Kysely } from 'kysely';

/**
 * Print records (decision 0074): when a permit's job-site copy or a lockbox's label was
 * last marked printed, by whom, and what was printed (a permit's revision, extension count and
 * holder: a change to any of them makes the copy wait again). Written only by the print commands
 * (`permit-print.*`, `lockbox-label.*`) through the command runner, so every change has its audit
 * row; the permit and lockbox rows themselves are never touched by printing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table print_records (
      facility_id int not null references facilities(id),
      kind text not null check (kind in ('permit', 'lockbox')),
      subject_id int not null,
      permit_id int not null references permits(id),
      printed_revision int,
      printed_extension_count int,
      printed_holder_id int references users(id),
      printed_at timestamptz not null,
      printed_by int not null references users(id),
      reprint_count int not null default 0,
      reprinted_at timestamptz,
      version int not null default 1,
      primary key (facility_id, kind, subject_id)
    );
    create index print_records_permit_idx on print_records (permit_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table print_records`.execute(db);
}
