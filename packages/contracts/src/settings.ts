import * as z from 'zod/mini';
import { rightNavIds, type RightNavId } from './permissions';

/** Facility settings as the seed names them (section 3). */
export const facilitySettingsSchema = z.object({
  generalSettings: z.object({
    loginTimeout: z.number().check(z.describe('Inactivity timeout in minutes; invalid or under 1 means 10')),
    infoUrl: z.string(),
  }),
  moduleSettings: z.object({
    OfflineMode: z.boolean(),
    CustomDashboards: z.boolean(),
    Notifications: z.boolean(),
  }),
  offlinePermitTypes: z.array(z.string()).check(z.describe('Codes of permit types that can be used offline')),
  prefixes: z.record(z.string(), z.string()).check(z.describe('Numbering prefix keyed by permit type code')),
});
export type FacilitySettings = z.infer<typeof facilitySettingsSchema>;

/** Which right-nav features the facility switches on (security lists). */
export const securitySettingsSchema = z.record(z.enum(rightNavIds as [RightNavId, ...RightNavId[]]), z.boolean());
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

/** What the web app loads once signed in: the user's effective permissions and the facility's settings. */
export const sessionContextSchema = z.object({
  permissions: z.array(z.string()),
  facilitySettings: facilitySettingsSchema,
  securitySettings: securitySettingsSchema,
  mustChangePassword: z
    .boolean()
    .check(
      z.describe('Signed in with a one-time password: the app shows only the password change until it is changed'),
    ),
});
export type SessionContext = z.infer<typeof sessionContextSchema>;
