import * as z from 'zod/mini';
import { userContactSchema, userDepartmentSchema } from './user-manage';

/** The password policy, shown to the user in these words. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
/** The policy in words for a minimum length (the server enforces the configured 'security.passwordMinLength'). */
export const passwordPolicyFor = (minLength: number) =>
  `Use ${minLength} to ${PASSWORD_MAX_LENGTH} characters. Longer passphrases are stronger; any characters are allowed.`;
export const passwordPolicyMessage = passwordPolicyFor(PASSWORD_MIN_LENGTH);

export const profileSchema = z.object({
  ID: z.int(),
  userName: z.string(),
  displayName: z.string(),
  email: z.nullable(z.string()),
  languageCode: z.nullable(z.string()),
  isActiveDirectoryUser: z.boolean(),
  department: z.nullable(z.string()),
  contact: z.nullable(z.string()),
});
export type Profile = z.infer<typeof profileSchema>;

export const updateProfileSchema = z.object({
  displayName: z.string().check(z.trim(), z.minLength(1, 'Name is required'), z.maxLength(200)),
  email: z.nullable(z.email('Enter a valid e-mail address').check(z.maxLength(320))),
  languageCode: z.nullable(z.string().check(z.maxLength(20))),
  department: z
    .optional(z.nullable(userDepartmentSchema))
    .check(z.describe('Left out: unchanged; empty or null: none')),
  contact: z.optional(z.nullable(userContactSchema)).check(z.describe('Left out: unchanged; empty or null: none')),
});

export const changePasswordSchema = z.object({
  currentPassword: z.string().check(z.minLength(1, 'Current password is required'), z.maxLength(1024)),
  newPassword: z.string().check(
    // The minimum is a setting: the server checks it against the configured length.
    z.minLength(1, 'New password is required'),
    z.maxLength(PASSWORD_MAX_LENGTH, passwordPolicyMessage),
  ),
  signOutOtherSessions: z._default(z.boolean(), true),
});

/** One signed-in device: a refresh-token family. */
export const userSessionSchema = z.object({
  ID: z.string().check(z.describe('The refresh-token family')),
  userAgent: z.nullable(z.string()),
  ip: z.nullable(z.string()),
  signedInAt: z.string(),
  lastUsedAt: z.string(),
  isCurrent: z.boolean(),
});
export type UserSession = z.infer<typeof userSessionSchema>;
