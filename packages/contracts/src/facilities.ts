import * as z from 'zod/mini';

/** A facility as the seed exposes it: ID, name, parentID exposed as companyID. */
export const facilitySchema = z.object({
  ID: z.int(),
  name: z.string(),
  companyID: z.nullable(z.int()),
});
export type Facility = z.infer<typeof facilitySchema>;

export const facilityRecordsQuerySchema = z.object({
  activeRecord: z
    .optional(z.enum(['true', 'false', '']))
    .check(z.describe('true (default): active facilities only; false: inactive ones too')),
  connectionStringName: z.string().check(z.minLength(1), z.maxLength(100)),
});
