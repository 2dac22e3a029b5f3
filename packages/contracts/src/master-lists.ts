import * as z from 'zod/mini';
import { PG_INT_MAX, idSchema } from './ids';
import { masterListKeys, type MasterListKey } from './assets';
import type { Caption } from './captions/define-captions';

/**
 * Master List Manage: the facility's master lists (energy types, device types, lock
 * colours, tag legends, PPE, hazards, controls, departments, crafts, reason codes, rejection reasons) and their items.
 * An item's `value` is its stable key (imports match it); its `caption` is the text people read,
 * a caption of the translations system, so each language can have its own. An item that a record
 * uses can be deactivated (pickers stop offering it, old records keep it) but never deleted.
 */

export const MASTER_LIST_VALUE_MAX = 100;
export const MASTER_LIST_CAPTION_MAX = 200;
/** Items of one list, at most (a reorder names them all). */
export const MASTER_LIST_ITEMS_MAX = 1000;

/** The translations table's itemType of item captions; formName is the list key, controlName the item's ID. */
export const MASTER_LIST_CAPTION_ITEM_TYPE = 'MasterList';

/**
 * The caption of one item: what the web passes to `t(...)`, so a preferred caption in the user's
 * language replaces the default text.
 * @example t(masterItemCaption('energy-types', item)) // 'electrical', or 'eléctrica' in Spanish
 */
export function masterItemCaption(listKey: MasterListKey, item: { ID: number; caption: string }): Caption {
  return {
    itemType: MASTER_LIST_CAPTION_ITEM_TYPE,
    formName: listKey,
    controlName: String(item.ID),
    defaultCaption: item.caption,
  };
}

const requiredText = (max: number, label: string) =>
  z
    .string()
    .check(z.trim(), z.minLength(1, `${label} is required`), z.maxLength(max, `${label}: at most ${max} characters`));
const id = idSchema;
const version = z
  .int()
  .check(z.nonnegative(), z.lte(PG_INT_MAX), z.describe('The version the client read (optimistic concurrency)'));

export const masterListKeySchema = z.enum(masterListKeys);

/** One list type with how many items it holds (all, and the active ones). */
export const masterListTypeSchema = z.object({
  listKey: masterListKeySchema,
  itemCount: z.int(),
  activeCount: z.int(),
});
export type MasterListType = z.infer<typeof masterListTypeSchema>;

/** One item as the manager sees it: active or not, and how many records use it (in use: never deleted). */
export const managedMasterListItemSchema = z.object({
  ID: z.int(),
  listKey: masterListKeySchema,
  value: z.string(),
  caption: z.string(),
  sortOrder: z.int(),
  isActive: z.boolean(),
  usageCount: z.int(),
  version: z.int(),
});
export type ManagedMasterListItem = z.infer<typeof managedMasterListItemSchema>;

/** A new item: its value (unique in the list, ignoring case) and, optionally, a caption (default: the value). */
export const masterListItemCreateSchema = z.object({
  value: requiredText(MASTER_LIST_VALUE_MAX, 'Value').check(
    z.regex(/^[^|]*$/, 'Value: the character | is not allowed'),
  ),
  caption: z.optional(
    z
      .string()
      .check(z.trim(), z.maxLength(MASTER_LIST_CAPTION_MAX, `Caption: at most ${MASTER_LIST_CAPTION_MAX} characters`)),
  ),
});
export type MasterListItemCreate = z.infer<typeof masterListItemCreateSchema>;

/** A new default caption (the text shown where no translation exists). */
export const masterListCaptionInputSchema = z.object({
  caption: requiredText(MASTER_LIST_CAPTION_MAX, 'Caption'),
  version,
});
export type MasterListCaptionInput = z.infer<typeof masterListCaptionInputSchema>;

/** Deactivate (pickers stop offering it) or reactivate an item. */
export const masterListActiveInputSchema = z.object({ isActive: z.boolean(), version });
export type MasterListActiveInput = z.infer<typeof masterListActiveInputSchema>;

/** A new order: every item of the list (active or not), each once, first to last. */
export const masterListReorderSchema = z.object({
  itemIds: z
    .array(id)
    .check(
      z.minLength(1, 'Give the items in their new order'),
      z.maxLength(MASTER_LIST_ITEMS_MAX, `At most ${MASTER_LIST_ITEMS_MAX} items`),
    ),
});
export type MasterListReorder = z.infer<typeof masterListReorderSchema>;
