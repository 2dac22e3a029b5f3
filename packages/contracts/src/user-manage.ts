import * as z from 'zod/mini';
import { idParamSchema, idSchema } from './ids';

/** User Manage (Security): the facility's users as an administrator sees and edits them. */

export const USER_PAGE_SIZE_MAX = 100;
export const userStatusFilters = ['all', 'active', 'inactive', 'locked'] as const;
export type UserStatusFilter = (typeof userStatusFilters)[number];

const namedRef = z.object({ ID: z.int(), name: z.string() });

export const USER_DEPARTMENT_MAX = 100;
export const USER_CONTACT_MAX = 60;

/**
 * The department or crew a danger tag names beside its applier: free text, since an account serves
 * every facility of the connection and a contractor's crew is on no facility's list. Empty clears it.
 */
export const userDepartmentSchema = z
  .string()
  .check(
    z.trim(),
    z.maxLength(USER_DEPARTMENT_MAX, `Department or crew: at most ${USER_DEPARTMENT_MAX} characters`),
    z.regex(/^[^\p{Cc}]*$/u, 'Department or crew: use printable characters only'),
  );

/**
 * What is wrong with a department or contact as typed (the forms say it before sending; the server
 * checks the same schemas): the key of its message in userReachMessages.
 */
export function userReachProblems(values: { department: string; contact: string }) {
  return {
    department: userDepartmentSchema.safeParse(values.department).success ? undefined : ('departmentInvalid' as const),
    contact: userContactSchema.safeParse(values.contact).success ? undefined : ('contactInvalid' as const),
  };
}

/** How to reach the user at work, printed on their tags: a phone number or radio channel. Empty clears it. */
export const userContactSchema = z
  .string()
  .check(
    z.trim(),
    z.maxLength(USER_CONTACT_MAX, `Contact: at most ${USER_CONTACT_MAX} characters`),
    z.regex(
      /^[\p{L}\p{N} +()\-./#,:*]*$/u,
      'Contact: use letters, digits, spaces and + ( ) - . / # , : * only (a phone number or radio channel)',
    ),
  );

export const managedUserSchema = z.object({
  ID: z.int(),
  userName: z.string(),
  displayName: z.string(),
  email: z.nullable(z.string()),
  isActiveDirectoryUser: z.boolean(),
  isActive: z.boolean(),
  lockedAt: z.nullable(z.string()).check(z.describe('Locked after too many failed sign-ins; null when not locked')),
  mustChangePassword: z.boolean(),
  hasPassword: z.boolean().check(z.describe('False until a password is set (reset) or for directory users')),
  groups: z.array(namedRef).check(z.describe("The user's groups in the caller's facility")),
  facilityIDs: z.array(z.int()).check(z.describe('Facilities the user may sign in to')),
  department: z.nullable(z.string()).check(z.describe('Department or crew, printed beside the user on their tags')),
  contact: z.nullable(z.string()).check(z.describe('Phone or radio channel, printed on their tags')),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

export const userListQuerySchema = z.object({
  search: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  status: z._default(z.enum(userStatusFilters), 'all'),
  groupId: z.optional(idParamSchema),
  page: z._default(z.coerce.number<string>().check(z.int(), z.positive()), 1),
  pageSize: z._default(z.coerce.number<string>().check(z.int(), z.positive(), z.lte(USER_PAGE_SIZE_MAX)), 20),
});
/** The list's query string as a client sends it. */
export interface UserListQuery {
  search?: string | undefined;
  status?: UserStatusFilter;
  groupId?: number | undefined;
  page?: number;
  pageSize?: number;
}

export const userListSchema = z.object({
  items: z.array(managedUserSchema),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
});
export type UserList = z.infer<typeof userListSchema>;

/** What an administrator enters to create or edit a user. */
export const userInputSchema = z.object({
  userName: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'User name is required'),
      z.maxLength(100, 'Use at most 100 characters'),
      z.regex(/^[^\s]+$/, 'A user name has no spaces'),
    ),
  displayName: z.string().check(z.trim(), z.minLength(1, 'Name is required'), z.maxLength(200)),
  email: z.nullable(z.email('Enter a valid e-mail address').check(z.maxLength(320))),
  isActiveDirectoryUser: z.boolean(),
  groupIDs: z.array(idSchema).check(z.maxLength(200), z.describe("Groups of the caller's facility")),
  facilityIDs: z
    .array(idSchema)
    .check(z.maxLength(500), z.describe("Facilities the user may sign in to; the caller's facility is always added")),
  department: z
    .optional(z.nullable(userDepartmentSchema))
    .check(z.describe('Left out: unchanged; empty or null: none')),
  contact: z.optional(z.nullable(userContactSchema)).check(z.describe('Left out: unchanged; empty or null: none')),
});
export type UserInput = z.infer<typeof userInputSchema>;

/** The choices the user form offers. */
export const userManageOptionsSchema = z.object({
  groups: z.array(namedRef),
  facilities: z.array(namedRef),
});
export type UserManageOptions = z.infer<typeof userManageOptionsSchema>;

/** Answer to a password reset: shown once to the administrator, never stored in clear. */
export const oneTimePasswordSchema = z.object({ oneTimePassword: z.string() });
export type OneTimePassword = z.infer<typeof oneTimePasswordSchema>;
