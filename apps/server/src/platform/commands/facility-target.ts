import type { CommandTarget } from './command';

/** A facility's records as one target, with no version of its own (0). */
export interface FacilityState {
  facilityId: number;
  version: number;
}

/**
 * The target of a creation (or an arrangement of many records) in the actor's facility: another
 * facility's is not found. Nothing is locked here: a use case that must serialize (a list's order,
 * a unique text) takes its own transaction lock.
 */
export const facilityTarget: CommandTarget<FacilityState> = {
  lock: async (_trx, actor, id) => (id === actor.facilityId ? { facilityId: id, version: 0 } : undefined),
  bump: async () => 0,
};
