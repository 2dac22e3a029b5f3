import { sql, type Kysely } from 'kysely';

/**
 * Permit type configuration: the sections of the permit form a type uses and its maximum
 * validity (plus checks on the code and colour the screen edits). Sections are a text[] limited to the known
 * names, so a typo can never be stored; validity is whole hours, at most one year.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table permit_types
      add column sections text[] not null default '{}',
      add column max_validity_hours integer not null default 12,
      add column updated_at timestamptz not null default now(),
      add constraint permit_types_sections_ck check (
        sections <@ array['isolation-plan', 'hazard-analysis', 'questions', 'gas-tests', 'crew-sign-on']::text[]
      ),
      add constraint permit_types_max_validity_ck check (max_validity_hours between 1 and 8760),
      add constraint permit_types_code_ck check (code ~ '^[A-Z0-9_-]{1,20}$'),
      add constraint permit_types_color_ck check (color ~ '^#[0-9a-fA-F]{6}$');
    -- The sidebar and the screen read a facility's types in group order.
    create index permit_types_group_ix on permit_types (facility_id, permit_group_id, sort_order);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index permit_types_group_ix;
    alter table permit_types
      drop constraint permit_types_color_ck,
      drop constraint permit_types_code_ck,
      drop constraint permit_types_max_validity_ck,
      drop constraint permit_types_sections_ck,
      drop column updated_at,
      drop column max_validity_hours,
      drop column sections;
  `.execute(db);
}
