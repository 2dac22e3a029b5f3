import { sql, type Kysely, type Transaction } from 'kysely';
import type {
  ManagedMasterListItem,
  MasterListActiveInput,
  MasterListCaptionInput,
  MasterListItemCreate,
  MasterListKey,
} from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { recordAudit } from '../audit';
import {
  deleteItemCaption,
  isValueTaken,
  listItemRows,
  lockItem,
  saveItemCaption,
  toManagedItem,
  usageCounts,
  type Db,
  type ItemRow,
} from './master-list.repository';
import { lockOrderedList } from '../../db/ordered-list-lock';
import type { Actor } from '../../platform';

/** Who acts: the platform's actor, as far as this module needs it. */
export type Caller = Pick<Actor, 'facilityId' | 'userId'>;

const SORT_STEP = 10;
const entityType = 'master_list_items';

/** The list's items as the manager shows them, each with how many records use it. */
export async function listItems(db: Db, facilityId: number, listKey: MasterListKey): Promise<ManagedMasterListItem[]> {
  const rows = await listItemRows(db, facilityId, listKey);
  const usage = await usageCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toManagedItem(r, usage.get(r.id) ?? 0));
}

const snapshot = (r: ItemRow) => ({
  listKey: r.list_key,
  value: r.value,
  caption: r.caption,
  sortOrder: r.sort_order,
  isActive: r.is_active,
});

async function audit(
  trx: Transaction<Database>,
  caller: Caller,
  action: string,
  id: number,
  before: unknown,
  after: unknown,
) {
  await recordAudit(trx, {
    userId: caller.userId,
    facilityId: caller.facilityId,
    action,
    entityType,
    entityId: id,
    before,
    after,
  });
}

const duplicate = (value: string) => {
  const message = `Value: “${value}” is already in this list`;
  return new AppError('CONFLICT', 409, message, [{ field: 'value', message }]);
};

async function lockedItem(trx: Transaction<Database>, caller: Caller, listKey: MasterListKey, id: number) {
  const row = await lockItem(trx, caller.facilityId, listKey, id);
  if (!row) throw AppError.notFound('Master list item');
  return row;
}

function checkVersion(row: ItemRow, version: number) {
  if (row.version !== version) {
    throw new AppError(
      'CONFLICT',
      409,
      'This item was changed by someone else. Reload the list and make your change again.',
    );
  }
}

async function reload(db: Db, caller: Caller, listKey: MasterListKey, id: number): Promise<ManagedMasterListItem> {
  const found = (await listItems(db, caller.facilityId, listKey)).find((i) => i.ID === id);
  if (!found) throw AppError.notFound('Master list item');
  return found;
}

/** Adds an item at the end of the list, with its caption (the value when none is given). */
export async function createItem(
  db: Kysely<Database>,
  caller: Caller,
  listKey: MasterListKey,
  input: MasterListItemCreate,
): Promise<ManagedMasterListItem> {
  const caption = input.caption?.trim() || input.value;
  let id: number;
  try {
    id = await db.transaction().execute(async (trx) => {
      await lockOrderedList(trx, `master-list:${listKey}`, caller.facilityId);
      if (await isValueTaken(trx, caller.facilityId, listKey, input.value)) throw duplicate(input.value);
      const last = await trx
        .selectFrom('master_list_items')
        .select((eb) => eb.fn.max('sort_order').as('max'))
        .where('facility_id', '=', caller.facilityId)
        .where('list_key', '=', listKey)
        .executeTakeFirst();
      const row = await trx
        .insertInto('master_list_items')
        .values({
          facility_id: caller.facilityId,
          list_key: listKey,
          value: input.value,
          sort_order: (last?.max ?? 0) + SORT_STEP,
        })
        .returning(['id', 'sort_order'])
        .executeTakeFirstOrThrow();
      await saveItemCaption(trx, listKey, row.id, caption);
      await audit(trx, caller, 'master-list.item.create', row.id, null, {
        listKey,
        value: input.value,
        caption,
        sortOrder: row.sort_order,
        isActive: true,
      });
      return row.id;
    });
  } catch (error) {
    // Two administrators adding the same value at once: the unique index decides.
    if ((error as { code?: string }).code === '23505') throw duplicate(input.value);
    throw error;
  }
  return reload(db, caller, listKey, id);
}

/** Changes the item's default caption (translations stay as they are). */
export async function renameCaption(
  db: Kysely<Database>,
  caller: Caller,
  listKey: MasterListKey,
  id: number,
  input: MasterListCaptionInput,
): Promise<ManagedMasterListItem> {
  await db.transaction().execute(async (trx) => {
    const before = await lockedItem(trx, caller, listKey, id);
    checkVersion(before, input.version);
    await saveItemCaption(trx, listKey, id, input.caption);
    await trx
      .updateTable('master_list_items')
      .set({ version: before.version + 1 })
      .where('id', '=', id)
      .execute();
    await audit(trx, caller, 'master-list.item.caption', id, snapshot(before), {
      ...snapshot(before),
      caption: input.caption,
    });
  });
  return reload(db, caller, listKey, id);
}

/** Deactivates (pickers stop offering it; records keep it) or reactivates an item. */
export async function setActive(
  db: Kysely<Database>,
  caller: Caller,
  listKey: MasterListKey,
  id: number,
  input: MasterListActiveInput,
): Promise<ManagedMasterListItem> {
  await db.transaction().execute(async (trx) => {
    const before = await lockedItem(trx, caller, listKey, id);
    checkVersion(before, input.version);
    if (before.is_active === input.isActive) return;
    await trx
      .updateTable('master_list_items')
      .set({ is_active: input.isActive, version: before.version + 1 })
      .where('id', '=', id)
      .execute();
    await audit(
      trx,
      caller,
      input.isActive ? 'master-list.item.reactivate' : 'master-list.item.deactivate',
      id,
      snapshot(before),
      {
        ...snapshot(before),
        isActive: input.isActive,
      },
    );
  });
  return reload(db, caller, listKey, id);
}

const inUse = (value: string, count: number) =>
  new AppError(
    'CONFLICT',
    409,
    `“${value}” is in use by ${count} ${count === 1 ? 'record' : 'records'} and cannot be deleted. Deactivate it instead: pickers stop offering it and the records keep it.`,
  );

/** Deletes an item no record uses; one in use answers 409 (deactivate it instead). */
export async function deleteItem(
  db: Kysely<Database>,
  caller: Caller,
  listKey: MasterListKey,
  id: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await lockedItem(trx, caller, listKey, id);
    const count = (await usageCounts(trx, [id])).get(id) ?? 0;
    if (count > 0) throw inUse(before.value, count);
    try {
      // The row is locked, so no new reference can appear; the foreign key still has the last word.
      await trx.deleteFrom('master_list_items').where('id', '=', id).execute();
    } catch (error) {
      if ((error as { code?: string }).code === '23503') throw inUse(before.value, 1);
      throw error;
    }
    await deleteItemCaption(trx, listKey, id);
    await audit(trx, caller, 'master-list.item.delete', id, snapshot(before), null);
  });
}

/**
 * Puts the list in a new order: `itemIds` must name every item of the list (active or not) exactly
 * once. An unknown or repeated ID is a 400; a missing one means the list changed since the client
 * read it (409: reload and reorder again).
 */
export async function reorderItems(
  db: Kysely<Database>,
  caller: Caller,
  listKey: MasterListKey,
  itemIds: number[],
): Promise<ManagedMasterListItem[]> {
  await db.transaction().execute(async (trx) => {
    // A create waits for the new order (and a reorder for the create), so neither is lost.
    await lockOrderedList(trx, `master-list:${listKey}`, caller.facilityId);
    const rows = await sql<{ id: number; sort_order: number }>`
      select id, sort_order from master_list_items
      where facility_id = ${caller.facilityId} and list_key = ${listKey}
      order by sort_order, value, id for update`.execute(trx);
    const before = rows.rows;
    const known = new Set(before.map((r) => r.id));
    const seen = new Set<number>();
    const repeated = itemIds.filter((id) => (seen.has(id) ? true : (seen.add(id), false)));
    const unknown = itemIds.filter((id) => !known.has(id));
    if (repeated.length || unknown.length) {
      const problems = [
        unknown.length ? `not items of this list: ${[...new Set(unknown)].join(', ')}` : '',
        repeated.length ? `given more than once: ${[...new Set(repeated)].join(', ')}` : '',
      ].filter(Boolean);
      throw AppError.validation([
        { field: 'itemIds', message: `Give every item of the list exactly once; ${problems.join('; ')}` },
      ]);
    }
    const missing = before.filter((r) => !seen.has(r.id)).map((r) => r.id);
    if (missing.length) {
      throw new AppError(
        'CONFLICT',
        409,
        `The list changed since you loaded it (missing items: ${missing.join(', ')}). Reload it and reorder again.`,
        [{ field: 'itemIds', message: `Missing items: ${missing.join(', ')}` }],
      );
    }
    const changed = itemIds.filter(
      (id, index) => before.find((r) => r.id === id)!.sort_order !== (index + 1) * SORT_STEP,
    );
    if (!changed.length) return;
    await sql`
      update master_list_items m set sort_order = o.position * ${SORT_STEP}
      from unnest(${itemIds}::int[]) with ordinality as o(id, position)
      where m.id = o.id and m.facility_id = ${caller.facilityId}`.execute(trx);
    await recordAudit(trx, {
      userId: caller.userId,
      facilityId: caller.facilityId,
      action: 'master-list.reorder',
      entityType: 'master_list',
      entityId: listKey,
      before: { order: before.map((r) => r.id) },
      after: { order: itemIds },
    });
  });
  return listItems(db, caller.facilityId, listKey);
}
