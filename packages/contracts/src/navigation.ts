import * as z from 'zod/mini';

export const navItemTypes = ['home', 'create', 'index', 'offlineCreate', 'offlineIndex'] as const;

/** A left-sidebar link (seed: ID, name, icon, url, enabled, itemType). */
export const navLinkSchema = z.object({
  ID: z.string(),
  name: z.string(),
  icon: z.string(),
  url: z.string(),
  enabled: z.boolean(),
  itemType: z.enum(navItemTypes),
  permitTypeCode: z.nullable(z.string()),
});
export type NavLink = z.infer<typeof navLinkSchema>;

/** A left-sidebar group (seed: ID, name, icon, itemType, permitGroupID, links). */
export const navGroupSchema = z.object({
  ID: z.string(),
  name: z.string(),
  icon: z.string(),
  itemType: z.literal('permitGroup'),
  permitGroupID: z.int(),
  links: z.array(navLinkSchema),
});
export type NavGroup = z.infer<typeof navGroupSchema>;
