import { rightNavPermission, type DashboardLayout } from '@hasp/contracts';
import { policyTable, savedRowTarget, type SavedRowState } from '../../platform';

/** A stored layout: its items (read back through the contract) and version. */
interface LayoutRow {
  items: unknown;
  version: number;
}

/** A layout as its save locks it: the stored row (none while never saved) and its version (0 then). */
export type LayoutState = SavedRowState<LayoutRow, DashboardLayout>;

const staleMessage = (what: string) => (current: number) =>
  `Someone changed ${what} first (it is now at version ${current}). Reload it and try again.`;

/** The caller's own layout in the facility (the target's ID is the user's: anyone else's is not found). */
export const userLayoutTarget = savedRowTarget({
  staleMessage: staleMessage('your dashboard'),
  ownId: (actor) => actor.userId,
  find: (trx, actor, _input: DashboardLayout, lock): Promise<LayoutRow | undefined> => {
    const query = trx
      .selectFrom('dashboard_layouts')
      .select(['items', 'version'])
      .where('facility_id', '=', actor.facilityId)
      .where('user_id', '=', actor.userId);
    return (lock ? query.forUpdate() : query).executeTakeFirst();
  },
});

/** The facility's default layout (the target's ID is the facility's). */
export const facilityLayoutTarget = savedRowTarget({
  staleMessage: staleMessage("the facility's dashboard"),
  find: (trx, actor, _input: DashboardLayout, lock): Promise<LayoutRow | undefined> => {
    const query = trx
      .selectFrom('dashboard_default_layouts')
      .select(['items', 'version'])
      .where('facility_id', '=', actor.facilityId);
    return (lock ? query.forUpdate() : query).executeTakeFirst();
  },
});

/**
 * Any signed-in user arranges their own dashboard; the facility's default is configuration, set
 * with Facility Settings' permission (as the route's preHandler).
 */
export const layoutsPolicy = policyTable<LayoutState>()({
  'dashboards.layout.update': { permissions: [] },
  'dashboards.default-layout.update': { permissions: [rightNavPermission('facility-settings')] },
});
