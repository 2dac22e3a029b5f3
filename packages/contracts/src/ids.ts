import * as z from 'zod/mini';

/** PostgreSQL's `integer` (and `serial`) range: an ID beyond it can never exist, and would fail in SQL. */
export const PG_INT_MAX = 2_147_483_647;

/**
 * A record's ID in a request body or array: a positive integer within PostgreSQL's integer range.
 * Every request schema uses this one (never a bare `z.int()`), so an ID like 9999999999 is a 400,
 * not a database error.
 */
export const idSchema = z.int().check(z.positive(), z.lte(PG_INT_MAX));

/** A record's ID in a path or query string (text, coerced): same range as {@link idSchema}. */
export const idParamSchema = z.coerce.number<string>().check(z.int(), z.positive(), z.lte(PG_INT_MAX));

/** `{ id }` path parameters: the shape most routes with an ID take. */
export const idParamsSchema = z.object({ id: idParamSchema });

/**
 * The decimal text of an ID within that range (1 … 2147483647), for IDs embedded in keys such as
 * `permit-type:<id>`: a pattern rather than a refinement, so the OpenAPI document states the range.
 */
export const ID_TEXT_PATTERN =
  '(?:[1-9][0-9]{0,8}|1[0-9]{9}|20[0-9]{8}|21[0-3][0-9]{7}|214[0-6][0-9]{6}|2147[0-3][0-9]{5}|21474[0-7][0-9]{4}|214748[0-2][0-9]{3}|2147483[0-5][0-9]{2}|21474836[0-3][0-9]|214748364[0-7])';

/**
 * A calendar day (YYYY-MM-DD) PostgreSQL can hold. ISO 8601 has a year 0000 (and `z.iso.date`
 * accepts 0000-02-29); PostgreSQL's `date` has no year 0 and refuses it, so without this a request
 * schema let through a day only the database's safety net caught (found by the OpenAPI fuzz).
 */
export const isoDaySchema = (message?: string) =>
  z.iso.date(message).check(z.refine((day) => !day.startsWith('0000-'), message ?? 'A day from the year 0001 on'));
