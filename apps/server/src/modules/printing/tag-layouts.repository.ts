import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema';

/** A stored tag layout with its legend's text. */
export interface TagLayoutRow {
  layoutKey: string;
  name: string;
  bandColour: string;
  bandTextColour: string;
  bodyColour: string;
  legendItemId: number | null;
  legendValue: string | null;
  fields: string[];
  version: number;
}

/** The facility's styled tag layouts (a layout without a row prints in the default style). */
export async function listTagLayoutRows(db: Db, facilityId: number): Promise<TagLayoutRow[]> {
  const { rows } = await sql<TagLayoutRow>`
    select tl.layout_key as "layoutKey", tl.name, tl.band_colour as "bandColour",
      tl.band_text_colour as "bandTextColour", tl.body_colour as "bodyColour",
      tl.legend_item_id as "legendItemId", l.value as "legendValue", tl.fields, tl.version
    from tag_layouts tl
    left join master_list_items l on l.facility_id = tl.facility_id and l.id = tl.legend_item_id
    where tl.facility_id = ${facilityId}`.execute(db);
  return rows;
}

/** The row locked for a change (FOR UPDATE), or undefined when the layout still has the default style. */
export async function lockTagLayoutRow(trx: Transaction<Database>, facilityId: number, key: string) {
  return trx
    .selectFrom('tag_layouts')
    .selectAll()
    .where('facility_id', '=', facilityId)
    .where('layout_key', '=', key)
    .forUpdate()
    .executeTakeFirst();
}

export interface TagLayoutValues {
  name: string;
  bandColour: string;
  bandTextColour: string;
  bodyColour: string;
  legendItemId: number | null;
  fields: string[];
}

/** Stores a layout's style, one version on. */
export async function upsertTagLayout(
  trx: Transaction<Database>,
  row: { facilityId: number; key: string; userId: number; values: TagLayoutValues },
): Promise<void> {
  const v = row.values;
  const columns = {
    name: v.name,
    band_colour: v.bandColour,
    band_text_colour: v.bandTextColour,
    body_colour: v.bodyColour,
    legend_item_id: v.legendItemId,
    fields: v.fields,
    updated_by: row.userId,
  };
  await trx
    .insertInto('tag_layouts')
    .values({ facility_id: row.facilityId, layout_key: row.key, ...columns })
    .onConflict((oc) =>
      oc
        .columns(['facility_id', 'layout_key'])
        .doUpdateSet({ ...columns, version: sql`tag_layouts.version + 1`, updated_at: sql`now()` }),
    )
    .execute();
}

/** The facility's active tag legends. */
const activeTagLegends = (db: Db, facilityId: number) =>
  db
    .selectFrom('master_list_items')
    .select(['id', 'value'])
    .where('facility_id', '=', facilityId)
    .where('list_key', '=', 'tag-legends')
    .where('is_active', '=', true);

/** An active item of the facility's tag-legends list, or undefined. */
export const findTagLegend = (db: Db, facilityId: number, itemId: number) =>
  activeTagLegends(db, facilityId).where('id', '=', itemId).executeTakeFirst();

/** The first active legend of the list (what a tag without a legend of its own and of its layout shows). */
export const firstTagLegend = (db: Db, facilityId: number) =>
  activeTagLegends(db, facilityId).orderBy('sort_order').orderBy('id').executeTakeFirst();

/** Which layout each tag type's tag report link names ('tag:<type>' → layout key). */
export async function tagTypeLayoutKeys(db: Db, facilityId: number): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('tag_report_links')
    .select(['subject', 'layout_key'])
    .where('facility_id', '=', facilityId)
    .where('subject', 'like', 'tag:%')
    .execute();
  return new Map(rows.map((r) => [r.subject, r.layout_key]));
}

/** The facility's logo and time zone, as the tag PDF prints them. */
export function findFacilityPrintFacts(db: Db, facilityId: number) {
  return db
    .selectFrom('facilities')
    .select(['logo', 'logo_type', 'time_zone'])
    .where('id', '=', facilityId)
    .executeTakeFirstOrThrow();
}
