import type { Caller } from '../../platform';
import { sql } from 'kysely';
import type {
  ManagedMasterListItem,
  MasterListActiveInput,
  MasterListCaptionInput,
  MasterListItemCreate,
  MasterListKey,
  MasterListReorder,
} from '@hasp/contracts';
import { AppError } from '../../plugins/app-error';
import {
  deleteItemCaption,
  isValueTaken,
  listItemRows,
  saveItemCaption,
  toManagedItem,
  usageCounts,
  type Db,
  type ItemRow,
} from './master-list.repository';
import { lockOrderedList } from '../../db/ordered-list-lock';
import { defineCommand, type CommandRun } from '../../platform';
import {
  facilityListsTarget,
  itemPolicy,
  itemTarget,
  listsPolicy,
  type FacilityListsState,
} from './master-list.policy';

/** Who acts: the platform's actor, as far as this module needs it. */
export type { Caller } from '../../platform';

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

const duplicate = (value: string) => {
  const message = `Value: “${value}” is already in this list`;
  return new AppError('CONFLICT', 409, message, [{ field: 'value', message }]);
};

async function reload(db: Db, caller: Caller, listKey: MasterListKey, id: number): Promise<ManagedMasterListItem> {
  const found = (await listItems(db, caller.facilityId, listKey)).find((i) => i.ID === id);
  if (!found) throw AppError.notFound('Master list item');
  return found;
}

/** The list a command is about, as the route names it. */
interface OfList {
  listKey: MasterListKey;
}
type ItemRun<I> = CommandRun<I & OfList, ItemRow>;
type ListsRun<I> = CommandRun<I & OfList, FacilityListsState>;

/** The locked item, if it is one of the list the route names: an item of another list is not found. */
function itemOfList(state: ItemRow, listKey: MasterListKey): ItemRow {
  if (state.list_key !== listKey) throw AppError.notFound('Master list item');
  return state;
}

/**
 * Updates the locked item (its version moves with the change, so the answer shows the new one),
 * then audits and announces the change.
 */
async function changeItem(
  { trx, input, state: before, ...run }: Pick<ItemRun<unknown>, 'trx' | 'input' | 'state' | 'audit' | 'event'>,
  change: {
    set?: { is_active: boolean };
    action: string;
    event: string;
    after: Partial<ReturnType<typeof snapshot>>;
  },
) {
  await trx
    .updateTable('master_list_items')
    .set({ ...change.set, version: before.version + 1 })
    .where('id', '=', before.id)
    .execute();
  run.audit({
    action: change.action,
    entityType,
    entityId: before.id,
    before: snapshot(before),
    after: { ...snapshot(before), ...change.after },
  });
  run.event({ name: change.event, entityType, entityId: before.id, payload: { listKey: input.listKey } });
}

/** Adds an item at the end of the list, with its caption (the value when none is given). */
export const createItem = defineCommand({
  name: 'master-list.item.create',
  target: facilityListsTarget,
  policy: listsPolicy['master-list.item.create'],
  async apply({ trx, ctx, input, ...run }: ListsRun<MasterListItemCreate>): Promise<ManagedMasterListItem> {
    const { listKey } = input;
    const facilityId = ctx.actor.facilityId;
    const caption = input.caption?.trim() || input.value;
    await lockOrderedList(trx, `master-list:${listKey}`, facilityId);
    if (await isValueTaken(trx, facilityId, listKey, input.value)) throw duplicate(input.value);
    const last = await trx
      .selectFrom('master_list_items')
      .select((eb) => eb.fn.max('sort_order').as('max'))
      .where('facility_id', '=', facilityId)
      .where('list_key', '=', listKey)
      .executeTakeFirst();
    let row: { id: number; sort_order: number };
    try {
      row = await trx
        .insertInto('master_list_items')
        .values({
          facility_id: facilityId,
          list_key: listKey,
          value: input.value,
          sort_order: (last?.max ?? 0) + SORT_STEP,
        })
        .returning(['id', 'sort_order'])
        .executeTakeFirstOrThrow();
    } catch (error) {
      // Two administrators adding the same value at once: the unique index decides (the runner rolls back).
      if ((error as { code?: string }).code === '23505') throw duplicate(input.value);
      throw error;
    }
    await saveItemCaption(trx, listKey, row.id, caption);
    run.audit({
      action: 'master-list.item.create',
      entityType,
      entityId: row.id,
      before: null,
      after: { listKey, value: input.value, caption, sortOrder: row.sort_order, isActive: true },
    });
    run.event({ name: 'master-list.item.created', entityType, entityId: row.id, payload: { listKey } });
    return reload(trx, ctx.actor, listKey, row.id);
  },
});

/** Changes the item's default caption (translations stay as they are). */
export const renameCaption = defineCommand({
  name: 'master-list.item.caption',
  target: itemTarget,
  policy: itemPolicy['master-list.item.caption'],
  async apply(run: ItemRun<Pick<MasterListCaptionInput, 'caption'>>): Promise<ManagedMasterListItem> {
    const { trx, ctx, input } = run;
    const before = itemOfList(run.state, input.listKey);
    await saveItemCaption(trx, input.listKey, before.id, input.caption);
    await changeItem(
      { ...run, state: before },
      { action: 'master-list.item.caption', event: 'master-list.item.renamed', after: { caption: input.caption } },
    );
    return reload(trx, ctx.actor, input.listKey, before.id);
  },
});

/** Deactivates (pickers stop offering it; records keep it) or reactivates an item. */
export const setActive = defineCommand({
  name: 'master-list.item.set-active',
  target: itemTarget,
  policy: itemPolicy['master-list.item.set-active'],
  async apply(run: ItemRun<Pick<MasterListActiveInput, 'isActive'>>): Promise<ManagedMasterListItem> {
    const { trx, ctx, input } = run;
    const before = itemOfList(run.state, input.listKey);
    if (before.is_active === input.isActive) {
      run.unchanged();
      return reload(trx, ctx.actor, input.listKey, before.id);
    }
    const done = input.isActive ? 'reactivate' : 'deactivate';
    await changeItem(
      { ...run, state: before },
      {
        set: { is_active: input.isActive },
        action: `master-list.item.${done}`,
        event: `master-list.item.${done}d`,
        after: { isActive: input.isActive },
      },
    );
    return reload(trx, ctx.actor, input.listKey, before.id);
  },
});

const inUse = (value: string, count: number) =>
  new AppError(
    'CONFLICT',
    409,
    `“${value}” is in use by ${count} ${count === 1 ? 'record' : 'records'} and cannot be deleted. Deactivate it instead: pickers stop offering it and the records keep it.`,
  );

/** Deletes an item no record uses; one in use answers 409 (deactivate it instead). */
export const deleteItem = defineCommand({
  name: 'master-list.item.delete',
  target: itemTarget,
  policy: itemPolicy['master-list.item.delete'],
  async apply({ trx, input, state, ...run }: ItemRun<unknown>): Promise<null> {
    const before = itemOfList(state, input.listKey);
    const id = before.id;
    const count = (await usageCounts(trx, [id])).get(id) ?? 0;
    if (count > 0) throw inUse(before.value, count);
    try {
      // The row is locked, so no new reference can appear; the foreign key still has the last word.
      await trx.deleteFrom('master_list_items').where('id', '=', id).execute();
    } catch (error) {
      if ((error as { code?: string }).code === '23503') throw inUse(before.value, 1);
      throw error;
    }
    await deleteItemCaption(trx, input.listKey, id);
    run.audit({ action: 'master-list.item.delete', entityType, entityId: id, before: snapshot(before), after: null });
    run.event({ name: 'master-list.item.deleted', entityType, entityId: id, payload: { listKey: input.listKey } });
    return null;
  },
});

/**
 * Puts the list in a new order: `itemIds` must name every item of the list (active or not) exactly
 * once. An unknown or repeated ID is a 400; a missing one means the list changed since the client
 * read it (409: reload and reorder again).
 */
export const reorderItems = defineCommand({
  name: 'master-list.reorder',
  target: facilityListsTarget,
  policy: listsPolicy['master-list.reorder'],
  async apply({ trx, ctx, input, ...run }: ListsRun<MasterListReorder>): Promise<ManagedMasterListItem[]> {
    const { listKey, itemIds } = input;
    const facilityId = ctx.actor.facilityId;
    // A create waits for the new order (and a reorder for the create), so neither is lost.
    await lockOrderedList(trx, `master-list:${listKey}`, facilityId);
    const rows = await sql<{ id: number; sort_order: number }>`
      select id, sort_order from master_list_items
      where facility_id = ${facilityId} and list_key = ${listKey}
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
    if (!changed.length) {
      run.unchanged();
      return listItems(trx, facilityId, listKey);
    }
    await sql`
      update master_list_items m set sort_order = o.position * ${SORT_STEP}
      from unnest(${itemIds}::int[]) with ordinality as o(id, position)
      where m.id = o.id and m.facility_id = ${facilityId}`.execute(trx);
    run.audit({
      action: 'master-list.reorder',
      entityType: 'master_list',
      entityId: listKey,
      before: { order: before.map((r) => r.id) },
      after: { order: itemIds },
    });
    run.event({ name: 'master-list.reordered', entityType: 'master_list', entityId: listKey, payload: { listKey } });
    return listItems(trx, facilityId, listKey);
  },
});
