import type { CommandTarget } from './command';

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
export const actorFacilityTarget: CommandTarget<FacilityTargetState> = {
  lock: async (_trx, actor, id) => (id === actor.facilityId ? { facilityId: id, version: 0 } : undefined),
  bump: async () => 0,
};
