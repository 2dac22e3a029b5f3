import * as z from 'zod/mini';
import { PG_INT_MAX } from './ids';

/**
 * GET /api/users: the one people lookup of every picker and people filter (permit page, permit index).
 * With `q`: the active users of the signed-in facility whose name or user name holds it, at most 20,
 * by name. With `ids` (comma-separated, at most 50): those users of the facility, inactive ones too,
 * so a filter from a shared URL can name the person it holds. Any signed-in user may ask: it shows
 * names only, and only of the caller's own facility.
 */
export const PEOPLE_LOOKUP_MAX = 20;
export const PEOPLE_LOOKUP_IDS_MAX = 50;
export const peopleLookupQuerySchema = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  ids: z.optional(
    z.string().check(
      z.regex(
        new RegExp(`^[1-9]\\d{0,9}(,[1-9]\\d{0,9}){0,${PEOPLE_LOOKUP_IDS_MAX - 1}}$`),
        `Up to ${PEOPLE_LOOKUP_IDS_MAX} user IDs, comma-separated`,
      ),
      // Each an ID the database can hold (a larger one is no user: refused here, not by PostgreSQL).
      z.refine((text) => text.split(',').every((id) => Number(id) <= PG_INT_MAX), 'ids: a user ID is out of range'),
    ),
  ),
});
export const personOptionSchema = z.object({ ID: z.int(), displayName: z.string(), userName: z.string() });
export const peopleLookupSchema = z.array(personOptionSchema);
export type PersonOption = z.infer<typeof personOptionSchema>;
