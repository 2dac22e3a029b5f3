import type { CommandTarget } from '../../platform';

/** The facility's configuration (its settings row) as a command locks it. */
export interface FacilityConfigState {
  facilityId: number;
  version: number;
}

/**
 * The target of every change to a facility's configuration (settings, permit groups and types):
 * its facility_settings row, created with the defaults on first use. Locking it serializes the
 * facility's configuration changes, so what a change reads stays true until it commits.
 */
export const facilityConfigTarget: CommandTarget<FacilityConfigState> = {
  async lock(trx, actor, id) {
    // Only the actor's own facility: another facility's configuration is not found.
    if (id !== actor.facilityId) return undefined;
    await trx
      .insertInto('facility_settings')
      .values({ facility_id: id })
      .onConflict((oc) => oc.column('facility_id').doNothing())
      .execute();
    const row = await trx
      .selectFrom('facility_settings')
      .select(['facility_id', 'version'])
      .where('facility_id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    return row && { facilityId: row.facility_id, version: row.version };
  },
  async bump(trx, id) {
    const row = await trx
      .updateTable('facility_settings')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('facility_id', '=', id)
      .returning('version')
      .executeTakeFirstOrThrow();
    return row.version;
  },
};
