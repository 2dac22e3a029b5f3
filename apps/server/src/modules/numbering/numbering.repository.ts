import type { Db } from '../../db/schema';

/** The facility's name and time zone (null when it is not a facility of this connection). */
export function findFacilityForNumbering(db: Db, facilityId: number) {
  return db
    .selectFrom('facilities')
    .select(['id', 'name', 'time_zone'])
    .where('id', '=', facilityId)
    .executeTakeFirst();
}

/** The facility's stored code for {FAC}, if someone set one. */
export async function findFacilityCode(db: Db, facilityId: number): Promise<string | null> {
  const row = await db
    .selectFrom('numbering_facility_codes')
    .select('code')
    .where('facility_id', '=', facilityId)
    .executeTakeFirst();
  return row?.code ?? null;
}

/** The facility's active permit types in menu order. */
export function listNumberedPermitTypes(db: Db, facilityId: number) {
  return db
    .selectFrom('permit_types')
    .select(['id', 'code', 'name', 'prefix'])
    .where('facility_id', '=', facilityId)
    .where('is_active', '=', true)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/** One permit type of the facility (active or not: old types may still be numbered). */
export function findNumberedPermitType(db: Db, facilityId: number, permitTypeId: number) {
  return db
    .selectFrom('permit_types')
    .select(['id', 'code', 'name', 'prefix'])
    .where('facility_id', '=', facilityId)
    .where('id', '=', permitTypeId)
    .executeTakeFirst();
}

export function listNumberingPatterns(db: Db, facilityId: number) {
  return db
    .selectFrom('numbering_patterns')
    .select(['subject', 'pattern', 'yearly_reset'])
    .where('facility_id', '=', facilityId)
    .execute();
}

export function findNumberingPattern(db: Db, facilityId: number, subject: string) {
  return db
    .selectFrom('numbering_patterns')
    .select(['subject', 'pattern', 'yearly_reset'])
    .where('facility_id', '=', facilityId)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

/** The last allocated value of each counter of the facility in the given periods. */
export function listCounters(db: Db, facilityId: number, periods: number[]) {
  return db
    .selectFrom('numbering_counters')
    .select(['subject', 'period', 'value'])
    .where('facility_id', '=', facilityId)
    .where('period', 'in', periods)
    .execute();
}

/**
 * Increments a counter (creating it at 1) and returns the new value: one statement, so concurrent
 * callers queue on the row lock and each gets its own value.
 */
export async function incrementCounter(db: Db, facilityId: number, subject: string, period: number): Promise<number> {
  const row = await db
    .insertInto('numbering_counters')
    .values({ facility_id: facilityId, subject, period, value: 1 })
    .onConflict((oc) =>
      oc.columns(['facility_id', 'subject', 'period']).doUpdateSet((eb) => ({
        value: eb('numbering_counters.value', '+', 1),
      })),
    )
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}
