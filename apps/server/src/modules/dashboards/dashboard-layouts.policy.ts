import type { Transaction } from 'kysely';
import { rightNavPermission } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { type Actor, type CommandTarget, policyTable } from '../../platform';

/** A layout as its save locks it: its stored items (none while never saved) and its version (0 then). */
export interface LayoutState {
  items: unknown;
  version: number;
}

/** The one stored layout a target names, read (and locked FOR UPDATE) in the save's transaction. */
type FindLayout = (
  trx: Transaction<Database>,
  actor: Actor,
  lock: boolean,
) => Promise<{ items: unknown; version: number } | undefined>;

/**
 * A layout row as a command's target: locked when it exists; a layout never saved has no row
 * (version 0), and two first saves take turns on the upsert's conflict. The upsert moves the
 * version; `bump` reads it back. Only the actor's own ID is found (`ownId`).
 */
function layoutTarget(
  what: string,
  ownId: (actor: Actor) => number,
  find: FindLayout,
): CommandTarget<LayoutState & { actor: Actor }> {
  return {
    staleMessage: (current) =>
      `Someone changed ${what} first (it is now at version ${current}). Reload it and try again.`,
    async lock(trx, actor, id) {
      if (id !== ownId(actor)) return undefined;
      const row = await find(trx, actor, true);
      return { actor, items: row?.items ?? null, version: row?.version ?? 0 };
    },
    bump: async (trx, _id, state) => (await find(trx, state.actor, false))?.version ?? state.version + 1,
  };
}

const forUpdate = <Q extends { forUpdate(): Q }>(query: Q, lock: boolean) => (lock ? query.forUpdate() : query);

/** The caller's own layout in the facility (the target's ID is the user's). */
export const userLayoutTarget = layoutTarget(
  'your dashboard',
  (actor) => actor.userId,
  (trx, actor, lock) =>
    forUpdate(
      trx
        .selectFrom('dashboard_layouts')
        .select(['items', 'version'])
        .where('facility_id', '=', actor.facilityId)
        .where('user_id', '=', actor.userId),
      lock,
    ).executeTakeFirst(),
);

/** The facility's default layout (the target's ID is the facility's). */
export const facilityLayoutTarget = layoutTarget(
  "the facility's dashboard",
  (actor) => actor.facilityId,
  (trx, actor, lock) =>
    forUpdate(
      trx
        .selectFrom('dashboard_default_layouts')
        .select(['items', 'version'])
        .where('facility_id', '=', actor.facilityId),
      lock,
    ).executeTakeFirst(),
);

/**
 * Any signed-in user arranges their own dashboard; the facility's default is configuration, set
 * with Facility Settings' permission (as the route's preHandler).
 */
export const layoutsPolicy = policyTable<LayoutState>()({
  'dashboards.layout.update': { permissions: [] },
  'dashboards.default-layout.update': { permissions: [rightNavPermission('facility-settings')] },
});
