import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { CommandTarget, Versioned } from './command';

/** The actor's facility, as the target of a command that makes a record in it. */
export interface FacilityTargetState {
  facilityId: number;
  version: number;
}

/**
 * The target of a creation whose record has no row to lock yet: the actor's facility (another
 * facility's is not found). Nothing is locked and the facility has no version here (0): a unique
 * index, or the use case's own lock, decides a race between two creations.
 */
export const actorFacilityTarget: CommandTarget<FacilityTargetState> = actorFacilityTargetLocking(async () => {});

/**
 * The actor's facility as a target, once `lock` has taken the transaction lock that makes the
 * command's checks hold until it commits (a name checked free stays free; a tree stays a tree).
 * @example export const facilityTreeTarget = actorFacilityTargetLocking((trx) => lockFacilityTree(trx));
 */
export function actorFacilityTargetLocking(
  lock: (trx: Transaction<Database>, facilityId: number) => Promise<void>,
): CommandTarget<FacilityTargetState> {
  return {
    async lock(trx, actor, id) {
      if (id !== actor.facilityId) return undefined;
      await lock(trx, id);
      return { facilityId: id, version: 0 };
    },
    bump: async () => 0,
  };
}

/**
 * The new version of a target whose use case moves `version` with its own update (so the record it
 * answers shows the new one), always by one; a deleted record's is the locked one + 1 too.
 */
export const bumpedByTheUseCase = async (_trx: unknown, _id: number, state: Versioned) => state.version + 1;
