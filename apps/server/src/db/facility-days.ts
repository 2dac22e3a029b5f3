import { sql, type RawBuilder } from 'kysely';

/**
 * A calendar day in a request or a filter means the facility's day: it starts at midnight in the
 * facility's time zone, not at UTC midnight (a plant at UTC−6 would otherwise see its evening
 * permits filed under tomorrow). PostgreSQL does the conversion, daylight saving included.
 */

/** The facility's time zone (IANA), read in the query that needs it. */
export const facilityZone = (facilityId: number): RawBuilder<string> =>
  sql<string>`(select f.time_zone from facilities f where f.id = ${facilityId})`;

/** Midnight at the start of `day` (+ `plusDays`) in `zone`, as an instant. */
export function midnightIn(day: string, zone: string | RawBuilder<string>, plusDays = 0): RawBuilder<Date> {
  return sql<Date>`((${day}::date + ${plusDays}::int)::timestamp at time zone ${zone}::text)`;
}
