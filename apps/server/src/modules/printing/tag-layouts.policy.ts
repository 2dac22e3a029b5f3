import { rightNavPermission, type TagLayoutKey } from '@hasp/contracts';
import { type CommandTarget, policyTable } from '../../platform';
import { lockTagLayoutRow } from './tag-layouts.repository';

/** A facility's tag layout as its save locks it: the stored row (none while in the default style) and its version. */
export interface TagLayoutState {
  key: TagLayoutKey;
  row: Awaited<ReturnType<typeof lockTagLayoutRow>>;
  version: number;
}

/**
 * The actor's facility's layout of the input's key (another facility's is not found), its row locked
 * FOR UPDATE. A layout still in the default style has no row: version 0, and two first saves take
 * turns on the upsert's conflict. The upsert moves the version; `bump` reads it back.
 */
export const tagLayoutTarget: CommandTarget<TagLayoutState, { key: TagLayoutKey }> = {
  staleMessage: (current) =>
    `Someone changed this layout first (it is now at version ${current}). Reload it and try again.`,
  async lock(trx, actor, id, _ctx, input) {
    if (id !== actor.facilityId || !input) return undefined;
    const row = await lockTagLayoutRow(trx, id, input.key);
    return { key: input.key, row, version: row?.version ?? 0 };
  },
  async bump(trx, id, state) {
    return (await lockTagLayoutRow(trx, id, state.key))?.version ?? state.version + 1;
  },
};

/** Who may style the facility's tags: Print Settings' permission, as the route's preHandler. */
export const tagLayoutsPolicy = policyTable<TagLayoutState>()({
  'tag-layouts.update': { permissions: [rightNavPermission('print-settings')] },
});
