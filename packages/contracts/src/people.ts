import * as z from 'zod/mini';

/**
 * GET /api/users?q=: the active users of the signed-in facility whose name or user name holds `q`,
 * at most 20, by name — the pickers of a permit's people (holder, new holder). Any signed-in user
 * may ask: it shows names only, and only of the caller's own facility.
 */
export const PEOPLE_LOOKUP_MAX = 20;
export const peopleLookupQuerySchema = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
});
export const personOptionSchema = z.object({ ID: z.int(), displayName: z.string(), userName: z.string() });
export const peopleLookupSchema = z.array(personOptionSchema);
export type PersonOption = z.infer<typeof personOptionSchema>;
