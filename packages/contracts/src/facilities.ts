import { z } from 'zod';

/** A facility as the seed exposes it: ID, name, parentID exposed as companyID. */
export const facilitySchema = z.object({
  ID: z.number().int(),
  name: z.string(),
  companyID: z.number().int().nullable(),
});
export type Facility = z.infer<typeof facilitySchema>;

export const facilityRecordsQuerySchema = z.object({
  activeRecord: z
    .enum(['true', 'false', ''])
    .optional()
    .describe('true (default): active facilities only; false: inactive ones too'),
  connectionStringName: z.string().min(1).max(100),
});
