import { rightNavPermission } from '@hasp/contracts';
import { actorFacilityTarget, type CommandTarget, type FacilityTargetState, policyTable } from '../../platform';
import { lockItem, type ItemRow } from './master-list.repository';

/**
 * An item of the actor's facility (another facility's is not found), locked for the change. The
 * use case moves `version` with its update, so the item it answers shows the new one; `bump` reads
 * it back (a deleted item's is the locked one + 1).
 */
export const itemTarget: CommandTarget<ItemRow> = {
  noun: 'Master list item',
  staleMessage: 'This item was changed by someone else. Reload the list and make your change again.',
  lock: (trx, actor, id) => lockItem(trx, actor.facilityId, id),
  async bump(trx, id, state) {
    const row = await trx.selectFrom('master_list_items').select('version').where('id', '=', id).executeTakeFirst();
    return row?.version ?? state.version + 1;
  },
};

/** The facility's lists, as the target of an addition or a new order. */
export type FacilityListsState = FacilityTargetState;

/**
 * The target of an item's creation and of a reorder: the actor's facility (another facility's is
 * not found). The list itself is locked by the use case (`lockOrderedList`, by the list key of the
 * input), so creations and reorders of one list take turns; the facility has no version here (0).
 */
export const facilityListsTarget = actorFacilityTarget;

const screen = [rightNavPermission('masterlist-manage')];

/** Who may change the facility's master lists: Master List Manage's permission, in any state. */
export const listsPolicy = policyTable<FacilityListsState>()({
  'master-list.item.create': { permissions: screen },
  'master-list.reorder': { permissions: screen },
});

export const itemPolicy = policyTable<ItemRow>()({
  'master-list.item.caption': { permissions: screen },
  'master-list.item.set-active': { permissions: screen },
  'master-list.item.delete': { permissions: screen },
});
