import { sql, type Transaction } from 'kysely';
import {
  MASTER_LIST_CAPTION_ITEM_TYPE,
  masterListKeys,
  type ManagedMasterListItem,
  type MasterListKey,
  type MasterListType,
} from '@hasp/contracts';
import type { Database, Db } from '../../db/schema';
import { itemCaptionSql } from './item-caption';

export interface ItemRow {
  id: number;
  list_key: string;
  value: string;
  caption: string;
  sort_order: number;
  is_active: boolean;
  version: number;
}

/** Each list type with its item counts (lists without items count 0). */
export async function listTypes(db: Db, facilityId: number): Promise<MasterListType[]> {
  const rows = await db
    .selectFrom('master_list_items')
    .select((eb) => [
      'list_key',
      eb.fn.countAll<string>().as('items'),
      eb.fn.count<string>(sql`case when is_active then 1 end`).as('active'),
    ])
    .where('facility_id', '=', facilityId)
    .groupBy('list_key')
    .execute();
  const byKey = new Map(rows.map((r) => [r.list_key, r]));
  return masterListKeys.map((listKey) => ({
    listKey,
    itemCount: Number(byKey.get(listKey)?.items ?? 0),
    activeCount: Number(byKey.get(listKey)?.active ?? 0),
  }));
}

/** The facility's items, of every list. */
const facilityItems = (db: Db, facilityId: number) =>
  db
    .selectFrom('master_list_items as m')
    .select([
      'm.id',
      'm.list_key',
      'm.value',
      'm.sort_order',
      'm.is_active',
      'm.version',
      itemCaptionSql().as('caption'),
    ])
    .where('m.facility_id', '=', facilityId);

const itemQuery = (db: Db, facilityId: number, listKey: MasterListKey) =>
  facilityItems(db, facilityId).where('m.list_key', '=', listKey);

/** Every item of a list (active or not), in order. */
export function listItemRows(db: Db, facilityId: number, listKey: MasterListKey): Promise<ItemRow[]> {
  return itemQuery(db, facilityId, listKey).orderBy('m.sort_order').orderBy('m.value').orderBy('m.id').execute();
}

/**
 * One item of the caller's facility (of any list: the command checks the list the route names),
 * locked for a change; undefined when not found there.
 */
export function lockItem(trx: Transaction<Database>, facilityId: number, id: number): Promise<ItemRow | undefined> {
  return facilityItems(trx, facilityId).where('m.id', '=', id).forUpdate('m').executeTakeFirst();
}

export async function isValueTaken(db: Db, facilityId: number, listKey: MasterListKey, value: string) {
  const row = await db
    .selectFrom('master_list_items')
    .select('id')
    .where('facility_id', '=', facilityId)
    .where('list_key', '=', listKey)
    .where(sql<string>`lower(value)`, '=', value.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

/** Inserts or replaces the item's caption row (its default text). */
export async function saveItemCaption(db: Db, listKey: MasterListKey, id: number, caption: string): Promise<void> {
  await db
    .insertInto('captions')
    .values({
      item_type: MASTER_LIST_CAPTION_ITEM_TYPE,
      form_name: listKey,
      control_name: String(id),
      default_caption: caption,
    })
    .onConflict((oc) =>
      oc.columns(['item_type', 'form_name', 'control_name']).doUpdateSet({ default_caption: caption }),
    )
    .execute();
}

/** Removes the item's caption row (its translations go with it). */
export async function deleteItemCaption(db: Db, listKey: MasterListKey, id: number): Promise<void> {
  await db
    .deleteFrom('captions')
    .where('item_type', '=', MASTER_LIST_CAPTION_ITEM_TYPE)
    .where('form_name', '=', listKey)
    .where('control_name', '=', String(id))
    .execute();
}

/** A table column that references master_list_items(id), found in the catalog (so a new reference counts too). */
interface Reference {
  table: string;
  column: string;
}

let referencesCache: Promise<Reference[]> | undefined;

/** Every foreign key column pointing at master_list_items.id (energy sources, isolation points, later ones). */
function references(db: Db): Promise<Reference[]> {
  referencesCache ??= sql<Reference>`
    select c.conrelid::regclass::text as table, a.attname as column
    from pg_constraint c
    cross join lateral unnest(c.conkey, c.confkey) as k(con, ref)
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.con
    join pg_attribute r on r.attrelid = c.confrelid and r.attnum = k.ref
    where c.contype = 'f' and c.confrelid = 'master_list_items'::regclass and r.attname = 'id'
    order by 1, 2`
    .execute(db)
    .then((result) => result.rows)
    .catch((error: unknown) => {
      referencesCache = undefined;
      throw error;
    });
  return referencesCache;
}

/** How many records use each of the items (items no record uses are absent). */
export async function usageCounts(db: Db, itemIds: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (!itemIds.length) return counts;
  const refs = await references(db);
  if (!refs.length) return counts;
  const parts = refs.map(
    (r) => sql`select ${sql.ref(r.column)} as item_id, count(*)::int as n from ${sql.table(r.table)}
      where ${sql.ref(r.column)} = any(${itemIds}::int[]) group by 1`,
  );
  const result = await sql<{ item_id: number; n: number }>`
    select item_id, sum(n)::int as n from (${sql.join(parts, sql` union all `)}) u group by item_id`.execute(db);
  for (const row of result.rows) counts.set(row.item_id, row.n);
  return counts;
}

export function toManagedItem(row: ItemRow, usage: number): ManagedMasterListItem {
  return {
    ID: row.id,
    listKey: row.list_key as MasterListKey,
    value: row.value,
    caption: row.caption,
    sortOrder: row.sort_order,
    isActive: row.is_active,
    usageCount: usage,
    version: row.version,
  };
}

export type { Db };
