import { z } from 'zod';

/** The password policy, shown to the user in these words. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
export const passwordPolicyMessage = `Use ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters. Longer passphrases are stronger; any characters are allowed.`;

export const profileSchema = z.object({
  ID: z.number().int(),
  userName: z.string(),
  displayName: z.string(),
  email: z.string().nullable(),
  languageCode: z.string().nullable(),
  isActiveDirectoryUser: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

export const updateProfileSchema = z.object({
  displayName: z.string().trim().min(1, 'Name is required').max(200),
  email: z.email('Enter a valid e-mail address').max(320).nullable(),
  languageCode: z.string().max(20).nullable(),
});

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, 'Current password is required').max(1024),
  newPassword: z
    .string()
    .min(PASSWORD_MIN_LENGTH, passwordPolicyMessage)
    .max(PASSWORD_MAX_LENGTH, passwordPolicyMessage),
  signOutOtherSessions: z.boolean().default(true),
});

/** One signed-in device: a refresh-token family. */
export const userSessionSchema = z.object({
  ID: z.string().describe('The refresh-token family'),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  signedInAt: z.string(),
  lastUsedAt: z.string(),
  isCurrent: z.boolean(),
});
export type UserSession = z.infer<typeof userSessionSchema>;
