import { rightNavPermission, type TagLayoutKey } from '@hasp/contracts';
import { policyTable, savedRowTarget, type SavedRowState } from '../../platform';
import { lockTagLayoutRow } from './tag-layouts.repository';

type TagLayoutRow = NonNullable<Awaited<ReturnType<typeof lockTagLayoutRow>>>;

/** A facility's tag layout as its save locks it: the stored row (none while in the default style) and its version. */
export type TagLayoutState = SavedRowState<TagLayoutRow, { key: TagLayoutKey }>;

/** The actor's facility's layout of the input's key (another facility's is not found). */
export const tagLayoutTarget = savedRowTarget({
  staleMessage: (current) =>
    `Someone changed this layout first (it is now at version ${current}). Reload it and try again.`,
  find: (trx, actor, input: { key: TagLayoutKey }) => lockTagLayoutRow(trx, actor.facilityId, input.key),
});

/** Who may style the facility's tags: Print Settings' permission, as the route's preHandler. */
export const tagLayoutsPolicy = policyTable<TagLayoutState>()({
  'tag-layouts.update': { permissions: [rightNavPermission('print-settings')] },
});
