import { sql, type Kysely } from 'kysely';

/**
 * Question Manage: checklist questions with immutable versions, their assignment to
 * permit types and stages, and the answers permits record. An answer points at the version it
 * was answered with, so editing a question (a new version) never changes what an answered
 * permit shows. A trigger refuses any update or delete of a version.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table questions (
      id serial primary key,
      facility_id integer not null references facilities(id),
      current_version_id integer,
      is_active boolean not null default true,
      sort_order integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint questions_facility_uq unique (facility_id, id)
    );
    create index questions_facility_ix on questions (facility_id, sort_order, id);

    create table question_versions (
      id serial primary key,
      question_id integer not null references questions(id),
      version integer not null check (version > 0),
      text text not null check (length(btrim(text)) > 0),
      answer_type text not null check (answer_type in ('yes_no_na', 'text', 'number', 'date', 'choice')),
      choices jsonb not null default '[]',
      is_mandatory boolean not null default true,
      blocking_answer text,
      min_value numeric,
      max_value numeric,
      created_by integer not null references users(id),
      created_at timestamptz not null default now(),
      constraint question_versions_uq unique (question_id, version),
      constraint question_versions_range_ck check (min_value is null or max_value is null or min_value <= max_value)
    );

    alter table questions add constraint questions_current_version_fk
      foreign key (current_version_id) references question_versions(id);

    create function question_versions_immutable() returns trigger language plpgsql as $$
    begin
      raise exception 'question versions are immutable: add a new version instead';
    end;
    $$;
    create trigger question_versions_no_change before update or delete on question_versions
      for each row execute function question_versions_immutable();

    create table question_assignments (
      id serial primary key,
      facility_id integer not null,
      question_id integer not null,
      permit_type_id integer not null references permit_types(id),
      stage text not null check (stage in ('request', 'issue', 'acceptance', 'close-out')),
      sort_order integer not null default 0,
      constraint question_assignments_uq unique (question_id, permit_type_id, stage),
      constraint question_assignments_question_fk foreign key (facility_id, question_id)
        references questions(facility_id, id)
    );
    create index question_assignments_form_ix on question_assignments (facility_id, permit_type_id, stage, sort_order);

    create table question_answers (
      id serial primary key,
      facility_id integer not null references facilities(id),
      question_version_id integer not null references question_versions(id),
      subject text not null,
      answer text,
      answered_by integer not null references users(id),
      answered_at timestamptz not null default now()
    );
    create index question_answers_subject_ix on question_answers (facility_id, subject);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table question_answers;
    drop table question_assignments;
    alter table questions drop constraint questions_current_version_fk;
    drop table question_versions;
    drop function question_versions_immutable();
    drop table questions;
  `.execute(db);
}
