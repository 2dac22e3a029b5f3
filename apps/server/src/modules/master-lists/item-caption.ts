import { sql, type RawBuilder } from 'kysely';
import { MASTER_LIST_CAPTION_ITEM_TYPE } from '@hasp/contracts';

/**
 * The default caption of a master-list item (alias `m` of master_list_items by default): its row in
 * the translations table (itemType `MasterList`, formName = list key, controlName = item ID), or
 * the value when it has none. The web shows it through t(masterItemCaption(...)), so a preferred
 * caption in the user's language replaces it.
 */
export function itemCaptionSql(alias = 'm'): RawBuilder<string> {
  const item = sql.table(alias);
  return sql<string>`coalesce((select c.default_caption from captions c
    where c.item_type = ${MASTER_LIST_CAPTION_ITEM_TYPE} and c.form_name = ${item}.list_key
      and c.control_name = ${item}.id::text), ${item}.value)`;
}
