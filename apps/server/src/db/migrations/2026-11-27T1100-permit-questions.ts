import { sql, type Kysely } from 'kysely';

/**
 * The checklist questions on a permit (decision 0048). A permit's answers are rows
 * of the question manager's `question_answers` (subject: the permit's number), tied to the permit,
 * the question and the stage asked. Every answer and every change is a new row: the permit's
 * current answer to a question at a stage is its newest row, and the older rows are its history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table question_answers
      add column permit_id integer,
      add column question_id integer,
      add column stage text,
      add constraint question_answers_permit_fk foreign key (facility_id, permit_id)
        references permits(facility_id, id),
      add constraint question_answers_question_fk foreign key (facility_id, question_id)
        references questions(facility_id, id),
      add constraint question_answers_stage_ck
        check (stage is null or stage in ('request', 'issue', 'acceptance', 'close-out')),
      add constraint question_answers_permit_ck
        check (permit_id is null or (question_id is not null and stage is not null and answer is not null));
    create index question_answers_permit_ix on question_answers (permit_id, question_id, stage, id)
      where permit_id is not null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index question_answers_permit_ix;
    alter table question_answers
      drop constraint question_answers_permit_ck,
      drop constraint question_answers_stage_ck,
      drop constraint question_answers_question_fk,
      drop constraint question_answers_permit_fk,
      drop column stage,
      drop column question_id,
      drop column permit_id;
  `.execute(db);
}
