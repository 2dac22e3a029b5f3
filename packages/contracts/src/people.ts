import * as z from 'zod/mini';

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
    z
      .string()
      .check(
        z.regex(
          new RegExp(`^[1-9]\\d{0,9}(,[1-9]\\d{0,9}){0,${PEOPLE_LOOKUP_IDS_MAX - 1}}$`),
          `Up to ${PEOPLE_LOOKUP_IDS_MAX} user IDs, comma-separated`,
        ),
      ),
  ),
});
export const personOptionSchema = z.object({ ID: z.int(), displayName: z.string(), userName: z.string() });
export const peopleLookupSchema = z.array(personOptionSchema);
export type PersonOption = z.infer<typeof personOptionSchema>;
