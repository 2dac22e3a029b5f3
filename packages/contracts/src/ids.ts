import * as z from 'zod/mini';

/** PostgreSQL's `integer` (and `serial`) range: an ID beyond it can never exist, and would fail in SQL. */
export const PG_INT_MAX = 2_147_483_647;

/**
 * A record's ID in a request body or array: a positive integer within PostgreSQL's integer range.
 * Every request schema uses this one (never a bare `z.int()`), so an ID like 9999999999 is a 400,
 * not a database error.
 */
export const idSchema = z.int().check(z.positive(), z.lte(PG_INT_MAX));

/**
 * The decimal text of an ID within that range (1 … 2147483647), for IDs embedded in keys such as
 * `permit-type:<id>`: a pattern rather than a refinement, so the OpenAPI document states the range.
 */
export const ID_TEXT_PATTERN =
  '(?:[1-9][0-9]{0,8}|1[0-9]{9}|20[0-9]{8}|21[0-3][0-9]{7}|214[0-6][0-9]{6}|2147[0-3][0-9]{5}|21474[0-7][0-9]{4}|214748[0-2][0-9]{3}|2147483[0-5][0-9]{2}|21474836[0-3][0-9]|214748364[0-7])';

/** Why an ID's text was refused: its range, and what the digits-only rule leaves out. */
const idTextMessage = (max: number) =>
  `An ID is a whole number from 1 to ${max} written in digits only: no spaces, signs, decimals, exponents, hex or leading zeros`;

/**
 * A record's ID in a path or query string: the digits of {@link ID_TEXT_PATTERN}, nothing else. A
 * coerced number read " 1", "+1", "1.0", "1e0" and "0x1" as 1, so one record answered to many
 * spellings, which logs, rate limits and caches keyed on the URL then told apart; an ID has one.
 */
export const idParamSchema = z.pipe(
  z.string().check(z.regex(new RegExp(`^${ID_TEXT_PATTERN}$`), idTextMessage(PG_INT_MAX))),
  z.transform((text: string) => Number(text)),
);

/**
 * The ID of a `bigserial` record (a notification) in a path: the same digits-only rule, up to the
 * largest integer a JSON number holds exactly (int8 is parsed as a number here).
 */
export const bigIdParamSchema = z.pipe(
  z.string().check(
    z.regex(/^[1-9][0-9]{0,15}$/, idTextMessage(Number.MAX_SAFE_INTEGER)),
    z.refine((text) => Number(text) <= Number.MAX_SAFE_INTEGER, `An ID is at most ${Number.MAX_SAFE_INTEGER}`),
  ),
  z.transform((text: string) => Number(text)),
);

/** `{ id }` path parameters: the shape most routes with an ID take. */
export const idParamsSchema = z.object({ id: idParamSchema });

/**
 * A calendar day (YYYY-MM-DD) PostgreSQL can hold. ISO 8601 has a year 0000 (and `z.iso.date`
 * accepts 0000-02-29); PostgreSQL's `date` has no year 0 and refuses it, so without this a request
 * schema let through a day only the database's safety net caught (found by the OpenAPI fuzz).
 */
export const isoDaySchema = (message?: string) =>
  z.iso.date(message).check(z.refine((day) => !day.startsWith('0000-'), message ?? 'A day from the year 0001 on'));
