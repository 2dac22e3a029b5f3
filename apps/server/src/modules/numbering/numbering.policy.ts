import { sql } from 'kysely';
import { rightNavPermission } from '@hasp/contracts';
import { type CommandTarget, policyTable } from '../../platform';

/** The facility's numbering (its code and patterns), as a save's target. */
export interface NumberingState {
  facilityId: number;
  version: number;
}

/**
 * The actor's facility's numbering (another facility's is not found). Its patterns are rows per
 * subject, some not stored yet, so a transaction lock per facility serializes saves: what a save
 * compares against (the overview it read) stays true until it commits. No version of its own (0).
 */
export const numberingTarget: CommandTarget<NumberingState> = {
  async lock(trx, actor, id) {
    if (id !== actor.facilityId) return undefined;
    await sql`select pg_advisory_xact_lock(hashtext('hasp-numbering'), ${id}::int)`.execute(trx);
    return { facilityId: id, version: 0 };
  },
  bump: async () => 0,
};

/** Who may change the facility's numbering: Prefix Manage's permission, as the route's preHandler. */
export const numberingPolicy = policyTable<NumberingState>()({
  'numbering.update': { permissions: [rightNavPermission('prefix-manage')] },
});
