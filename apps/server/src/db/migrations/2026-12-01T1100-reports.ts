import { sql, type Kysely } from 'kysely';

/**
 * Reports (decision 0073). `report_definitions`: what a report contains (kind, columns,
 * filters, format) and its optional schedule; `next_run_at` is the schedule's next time (UTC),
 * found by the scheduler's partial index. `report_files`: each generated file with its state
 * (queued → running → done | failed, with the reason), progress, who asked (null: the schedule),
 * what it was made from (a copy of the definition, so a later edit does not change a queued file),
 * the bytes and how its e-mail went. A file is kept for the facility's `reports.keepFileDays` as it is
 * now (a job deletes older ones), so it has no expiry of its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table report_definitions (
      id serial primary key,
      facility_id integer not null references facilities(id),
      name text not null check (length(name) between 1 and 100),
      kind text not null,
      columns text[] not null default '{}',
      filters jsonb not null default '{}',
      format text not null check (format in ('xlsx', 'pdf')),
      schedule jsonb,
      recipients text[] not null default '{}',
      next_run_at timestamptz,
      created_by integer not null references users(id),
      updated_by integer not null references users(id),
      version integer not null default 1,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint report_definitions_schedule_ck check ((schedule is null) = (next_run_at is null))
    );
    create unique index report_definitions_name_ux on report_definitions (facility_id, lower(name));
    create index report_definitions_due_ix on report_definitions (next_run_at) where next_run_at is not null;

    create table report_files (
      id serial primary key,
      facility_id integer not null references facilities(id),
      report_id integer references report_definitions(id) on delete set null,
      name text not null,
      kind text not null,
      format text not null check (format in ('xlsx', 'pdf')),
      definition jsonb not null,
      state text not null default 'queued' check (state in ('queued', 'running', 'done', 'failed')),
      rows integer not null default 0,
      error text,
      generated_by integer references users(id),
      recipients text[] not null default '{}',
      content bytea,
      size integer,
      created_at timestamptz not null,
      finished_at timestamptz,
      mail_state text not null default 'none' check (mail_state in ('none', 'pending', 'sent', 'failed', 'off')),
      mail_error text,
      constraint report_files_done_ck check ((state = 'done') = (content is not null))
    );
    create index report_files_facility_ix on report_files (facility_id, id desc);
    create index report_files_age_ix on report_files (facility_id, created_at);
  `.execute(db);
}
