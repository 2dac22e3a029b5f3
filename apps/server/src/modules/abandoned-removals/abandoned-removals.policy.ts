import { sql } from 'kysely';
import { abandonedRemovalPermission, type AbandonedRemoval } from '@hasp/contracts';
import { AppError } from '../../plugins/app-error';
import { policyTable, type CommandTarget } from '../../platform';
import { findAbandonedRemoval } from './abandoned-removal.repository';

/** The permit an (e)(3) removal is recorded on, locked first (LOTO lock order: permit, locks, lockbox). */
export interface RemovalPermitState {
  id: number;
  number: string;
  title: string;
  /** The removal changes the permit's locks and tags, not the permit row: its version stays. */
  version: number;
}

export const removalPermitTarget: CommandTarget<RemovalPermitState> = {
  noun: 'Permit',
  lock: async (trx, actor, id) =>
    (
      await sql<RemovalPermitState>`
        select id, number, title, version from permits
        where facility_id = ${actor.facilityId} and id = ${id} for update`.execute(trx)
    ).rows[0],
  bump: async (_trx, _id, state) => state.version,
};

/** A removal of the actor's facility (another facility's is "not found"), locked while it is acknowledged. */
export interface RemovalState {
  removal: AbandonedRemoval;
  /** 0 until acknowledged, then 1: the row carries no version of its own and changes once. */
  version: number;
}

export const removalTarget: CommandTarget<RemovalState> = {
  noun: 'Removal',
  lock: async (trx, actor, id) => {
    const removal = await findAbandonedRemoval(trx, actor.facilityId, id, true);
    return removal && { removal, version: removal.acknowledgedAt ? 1 : 0 };
  },
  bump: async () => 1,
};

/**
 * Who may do what: a holder of `loto:remove-abandoned` records a removal (the rules that read the
 * locks and tags run in the use case, under their locks); only the applier acknowledges one.
 */
export const abandonedRemovalsPolicy = {
  ...policyTable<RemovalPermitState>()({
    'abandoned-removal.record': { permissions: [abandonedRemovalPermission] },
  }),
  ...policyTable<RemovalState>()({
    'abandoned-removal.acknowledge': {
      permissions: [],
      refuse: (state, actor) =>
        state.removal.applier.ID === actor.userId
          ? null
          : new AppError('FORBIDDEN', 403, 'Only the person whose lock or tag was removed acknowledges the removal'),
    },
  }),
};
