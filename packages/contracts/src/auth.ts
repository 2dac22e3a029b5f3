import { z } from 'zod';
import { facilitySchema } from './facilities';
import { loginMessages } from './messages';

export const identityProviderSettingsSchema = z.object({
  useSSO: z.boolean(),
  stilUseSSO: z.boolean(),
  spAPIRedirect: z.string(),
});
export type IdentityProviderSettings = z.infer<typeof identityProviderSettingsSchema>;

/** The login form; the same schema validates the browser form and the server body. */
export const loginFormSchema = z.object({
  connectionStringName: z.string().trim().min(1, loginMessages.connectionRequired),
  facilityId: z.coerce.number<number>().int().positive(loginMessages.facilityRequired),
  username: z.string().trim().min(1, loginMessages.usernameRequired).max(200),
  password: z.string().min(1, loginMessages.passwordRequired).max(1024),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

export const userSchema = z.object({
  ID: z.number().int(),
  userName: z.string(),
  displayName: z.string(),
  email: z.string().nullable(),
  isActiveDirectoryUser: z.boolean(),
  groups: z.array(z.string()).describe('Names of the groups the user belongs to in this facility'),
});
export type User = z.infer<typeof userSchema>;

export const sessionSchema = z.object({
  token: z.string().describe('JWT access token; send as Authorization: Bearer'),
  refreshToken: z.string().describe('Opaque refresh token; rotated on every use'),
  expiresIn: z.number().int().describe('Access-token lifetime in seconds'),
});

export const loginResultSchema = sessionSchema.extend({
  user: userSchema,
  facility: facilitySchema,
  connectionStringName: z.string(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

export const tokenRefreshBodySchema = z
  .object({
    refreshToken: z.string().max(200).optional().describe('Omit to use the HttpOnly refresh cookie the browser holds'),
  })
  .optional();

export const loginPageDataSchema = z.object({
  connectionStringNames: z.array(z.string()),
  defaultConnectionStringName: z.string().nullable(),
  defaultFacilityId: z.number().int().nullable(),
  facilities: z.array(facilitySchema).describe('Active facilities of the default connection'),
  identityProviderSettings: identityProviderSettingsSchema,
  ssoToken: z.string().nullable(),
});
export type LoginPageData = z.infer<typeof loginPageDataSchema>;

export const meSchema = z.object({
  user: userSchema,
  facility: facilitySchema,
  connectionStringName: z.string(),
});
export type Me = z.infer<typeof meSchema>;
