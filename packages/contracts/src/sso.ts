import * as z from 'zod/mini';
import { PG_INT_MAX } from './ids';
import { facilitySchema } from './facilities';

/** `POST saml/samllogin` as JSON (the seed's body); the identity provider's HTML form posts SAMLResponse + RelayState. */
export const samlLoginBodySchema = z.object({
  samlResponse: z.string().check(z.minLength(1), z.describe('The base64 SAML Response the identity provider issued')),
  connectionStringName: z.optional(z.string().check(z.maxLength(100))),
});
export type SamlLoginBody = z.infer<typeof samlLoginBodySchema>;

export const samlTokenSchema = z.object({
  token: z.string().check(z.describe('One-time single sign-on token: valid 5 minutes, consumed by POST login/sso')),
});

export const ssoFacilitiesQuerySchema = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(200)),
  connectionStringName: z.string().check(z.minLength(1), z.maxLength(100)),
});

export const ssoFacilitiesSchema = z.object({
  facilities: z.array(facilitySchema).check(z.describe('Active facilities the single sign-on user may sign in to')),
});
export type SsoFacilities = z.infer<typeof ssoFacilitiesSchema>;

/** The SSO login: connection name, facility id and token (seed section 7). */
export const ssoLoginFormSchema = z.object({
  connectionStringName: z.string().check(z.minLength(1), z.maxLength(100)),
  facilityId: z.coerce.number<number>().check(z.int(), z.positive(), z.lte(PG_INT_MAX)),
  token: z.string().check(z.minLength(1), z.maxLength(200)),
});
export type SsoLoginForm = z.infer<typeof ssoLoginFormSchema>;
