import * as z from 'zod/mini';
import { PG_INT_MAX } from './ids';
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
  connectionStringName: z.string().check(z.trim(), z.minLength(1, loginMessages.connectionRequired)),
  facilityId: z.coerce
    .number<number>()
    .check(z.int(), z.positive(loginMessages.facilityRequired), z.lte(PG_INT_MAX, loginMessages.facilityRequired)),
  username: z.string().check(z.trim(), z.minLength(1, loginMessages.usernameRequired), z.maxLength(200)),
  password: z.string().check(z.minLength(1, loginMessages.passwordRequired), z.maxLength(1024)),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

export const userSchema = z.object({
  ID: z.int(),
  userName: z.string(),
  displayName: z.string(),
  email: z.nullable(z.string()),
  isActiveDirectoryUser: z.boolean(),
  groups: z.array(z.string()).check(z.describe('Names of the groups the user belongs to in this facility')),
});
export type User = z.infer<typeof userSchema>;

export const sessionSchema = z.object({
  token: z.string().check(z.describe('JWT access token; send as Authorization: Bearer')),
  refreshToken: z
    .optional(z.string())
    .check(
      z.describe(
        'Opaque refresh token; rotated on every use. Only API clients get it here (requests with no Origin and no ' +
          'Sec-Fetch-* header); browsers get it only in the HttpOnly cookie, out of reach of page script.',
      ),
    ),
  expiresIn: z.int().check(z.describe('Access-token lifetime in seconds')),
});

export const loginResultSchema = z.extend(sessionSchema, {
  user: userSchema,
  facility: facilitySchema,
  connectionStringName: z.string(),
  loggedInViaSSO: z
    .optional(z.boolean())
    .check(z.describe('True when the session was opened by single sign-on (kept across token refreshes)')),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

export const tokenRefreshBodySchema = z.optional(
  z.object({
    refreshToken: z
      .optional(z.string().check(z.maxLength(200)))
      .check(z.describe('Omit to use the HttpOnly refresh cookie the browser holds')),
  }),
);

export const loginPageDataSchema = z.object({
  connectionStringNames: z.array(z.string()),
  defaultConnectionStringName: z.nullable(z.string()),
  defaultFacilityId: z.nullable(z.int()),
  facilities: z.array(facilitySchema).check(z.describe('Active facilities of the default connection')),
  identityProviderSettings: identityProviderSettingsSchema,
  ssoToken: z.nullable(z.string()),
});
export type LoginPageData = z.infer<typeof loginPageDataSchema>;

export const meSchema = z.object({
  user: userSchema,
  facility: facilitySchema,
  connectionStringName: z.string(),
});
export type Me = z.infer<typeof meSchema>;
