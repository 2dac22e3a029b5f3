import { sql, type Kysely } from 'kysely';

/**
 * Printing: each facility's style of each tag layout of the catalogue (contracts'
 * tagLayoutKeys; a layout without a row prints in the default style), and on each tag how many
 * times it was printed again and when last (the reasons are in the audit trail, `tag.reprint`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table tag_layouts (
      facility_id int not null references facilities(id),
      layout_key text not null check (layout_key in ('tag-standard-3x5', 'tag-small-2x4', 'tag-large-4x6')),
      name text not null check (length(name) between 1 and 80),
      band_colour text not null check (band_colour ~ '^#[0-9a-fA-F]{6}$'),
      band_text_colour text not null check (band_text_colour ~ '^#[0-9a-fA-F]{6}$'),
      body_colour text not null check (body_colour ~ '^#[0-9a-fA-F]{6}$'),
      legend_item_id int references master_list_items(id),
      fields text[] not null,
      version int not null default 1,
      updated_by int references users(id),
      updated_at timestamptz not null default now(),
      primary key (facility_id, layout_key)
    );
    alter table tags add column reprint_count int not null default 0;
    alter table tags add column reprinted_at timestamptz;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table tags drop column reprinted_at;
    alter table tags drop column reprint_count;
    drop table tag_layouts;
  `.execute(db);
}
