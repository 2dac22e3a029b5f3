import { sql, type Kysely } from 'kysely';

/**
 * Two facts the record already holds, put where people read them.
 *
 * A danger tag names its applier's department or crew and how to reach them (phone, radio channel):
 * both are the account's own, optional texts. Tag layouts that print the applier print these two
 * fields too (a layout stores the fields it places; without this, every layout saved before would
 * leave them off the tag).
 *
 * A question version may name the system fact it is answered from (questions' questionFacts, e.g.
 * the locks on the permit's points): the permit's questions show its value to confirm or correct.
 * Re-runnable.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table users add column if not exists department text, add column if not exists contact text;
    update tag_layouts set fields = fields || array['department', 'contact']
      where 'applier' = any(fields) and not ('department' = any(fields) or 'contact' = any(fields));
    alter table question_versions add column if not exists fact text;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table question_versions drop column if exists fact;
    update tag_layouts set fields = array_remove(array_remove(fields, 'department'), 'contact');
    alter table users drop column if exists department, drop column if exists contact;
  `.execute(db);
}
