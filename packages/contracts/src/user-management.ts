import * as z from 'zod/mini';
import { idParamSchema, idSchema } from './ids';
import { USER_PAGE_SIZE_MAX, userStatusFilters } from './user-manage';

/** NEW User Management (Admin): users × facilities × groups in one screen, bulk actions and a CSV import. */

export const BULK_USERS_MAX = 500;
/** The CSV import's limit: 1 MB of UTF-8 text. */
export const USER_IMPORT_CSV_MAX = 1024 * 1024;
export const userImportColumns = [
  'userName',
  'displayName',
  'email',
  'groups',
  'facilities',
  'isActiveDirectoryUser',
] as const;
export type UserImportColumn = (typeof userImportColumns)[number];
export const bulkUserActions = ['addGroup', 'removeGroup', 'deactivate'] as const;
export type BulkUserAction = (typeof bulkUserActions)[number];

const namedRef = z.object({ ID: z.int(), name: z.string() });

export const userOverviewQuerySchema = z.object({
  search: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  status: z._default(z.enum(userStatusFilters), 'active'),
  groupId: z.optional(idParamSchema),
  page: z._default(z.coerce.number<string>().check(z.int(), z.positive()), 1),
  pageSize: z._default(z.coerce.number<string>().check(z.int(), z.positive(), z.lte(USER_PAGE_SIZE_MAX)), 20),
});
export interface UserOverviewQuery {
  search?: string | undefined;
  status?: (typeof userStatusFilters)[number];
  groupId?: number | undefined;
  page?: number;
  pageSize?: number;
}

export const userOverviewRowSchema = z.object({
  ID: z.int(),
  userName: z.string(),
  displayName: z.string(),
  email: z.nullable(z.string()),
  isActive: z.boolean(),
  facilities: z.array(namedRef).check(z.describe('Facilities the user may sign in to')),
  groups: z.array(namedRef).check(z.describe("The user's groups in the caller's facility")),
});
export type UserOverviewRow = z.infer<typeof userOverviewRowSchema>;

export const userOverviewSchema = z.object({
  items: z.array(userOverviewRowSchema),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
  groups: z.array(namedRef).check(z.describe("The caller's facility's groups (for bulk actions and filters)")),
  facilities: z.array(namedRef).check(z.describe("The connection's active facilities")),
});
export type UserOverview = z.infer<typeof userOverviewSchema>;

export const bulkUserActionSchema = z.object({
  action: z.enum(bulkUserActions),
  userIDs: z
    .array(idSchema)
    .check(z.minLength(1, 'Choose at least one user'), z.maxLength(BULK_USERS_MAX, 'Choose at most 500 users')),
  groupID: z.optional(idSchema).check(z.describe('For addGroup and removeGroup')),
});
export type BulkUserActionInput = z.infer<typeof bulkUserActionSchema>;

export const bulkUserResultSchema = z.object({
  action: z.enum(bulkUserActions),
  requested: z.int(),
  changed: z.int().check(z.describe('Users whose record changed (each change audited)')),
  unchanged: z.int().check(z.describe('Users who already had (or lacked) the group, or were already inactive')),
});
export type BulkUserResult = z.infer<typeof bulkUserResultSchema>;

export const userImportRequestSchema = z.object({
  csv: z.string().check(z.maxLength(USER_IMPORT_CSV_MAX, 'The file is larger than 1 MB')),
  dryRun: z._default(z.boolean(), false),
});
export type UserImportRequest = z.input<typeof userImportRequestSchema>;

export const userImportProblemSchema = z.object({
  row: z.int().check(z.describe('Line of the file, the header being row 1')),
  column: z.string(),
  value: z.string(),
  message: z.string(),
});
export type UserImportProblem = z.infer<typeof userImportProblemSchema>;

export const userImportRowSchema = z.object({
  row: z.int(),
  change: z.enum(['create', 'update']),
  userName: z.string(),
  displayName: z.string(),
  email: z.nullable(z.string()),
  groups: z.array(z.string()),
  facilities: z.array(z.string()),
  isActiveDirectoryUser: z.boolean(),
});
export type UserImportRow = z.infer<typeof userImportRowSchema>;

export const userImportResultSchema = z.object({
  valid: z.boolean().check(z.describe('False when any row is bad: then nothing was written')),
  dryRun: z.boolean(),
  imported: z.boolean().check(z.describe('True when the rows were written')),
  problems: z.array(userImportProblemSchema),
  rows: z.array(userImportRowSchema),
  created: z.int(),
  updated: z.int(),
  note: z.string().check(z.describe('New users have no password: reset it in User Manage to hand one over')),
});
export type UserImportResult = z.infer<typeof userImportResultSchema>;
