import * as z from 'zod/mini';
import { idParamSchema, idSchema } from './ids';

/*
 * The Administrator home (/admin): the connection's facilities, what the connection is, the health
 * of the server and its databases, and the audit log of every change made through admin screens.
 */

export const FACILITY_NAME_MAX_LENGTH = 200;
export const AUDIT_PAGE_SIZE_MAX = 200;
export const AUDIT_PAGE_SIZE_DEFAULT = 50;

/** A facility as the administrator manages it. */
export const adminFacilitySchema = z.object({
  ID: z.int(),
  name: z.string(),
  companyID: z.nullable(z.int()).check(z.describe('The parent facility (company); null for a top-level one')),
  isActive: z.boolean(),
  timeZone: z.string(),
  createdAt: z.string(),
  isCurrent: z.boolean().check(z.describe('The facility the caller is signed in to (it cannot be deactivated)')),
});
export type AdminFacility = z.infer<typeof adminFacilitySchema>;

const facilityName = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Name is required'),
    z.maxLength(FACILITY_NAME_MAX_LENGTH, `Use at most ${FACILITY_NAME_MAX_LENGTH} characters`),
  );
const parentId = z
  .nullable(idSchema)
  .check(z.describe("The parent facility (company): one of this connection's facilities, or null"));

/** A new facility: its name and, optionally, its parent. */
export const adminFacilityCreateSchema = z.object({ name: facilityName, companyID: parentId });
export type AdminFacilityCreate = z.infer<typeof adminFacilityCreateSchema>;

/** An edit: the name, the parent and whether the facility is active (facilities are never deleted). */
export const adminFacilityUpdateSchema = z.object({ name: facilityName, companyID: parentId, isActive: z.boolean() });
export type AdminFacilityUpdate = z.infer<typeof adminFacilityUpdateSchema>;

/** What the signed-in connection is; never its address or credentials. */
export const connectionInfoSchema = z.object({
  name: z.string(),
  mode: z.enum(['embedded', 'external']).check(z.describe('Embedded PostgreSQL started by the server, or external')),
  serverVersion: z.string().check(z.describe('PostgreSQL `select version()`')),
  databaseSizeBytes: z.number(),
  facilityCount: z.int(),
  activeFacilityCount: z.int(),
  userCount: z.int(),
  activeUserCount: z.int(),
  activeSessionCount: z
    .int()
    .check(z.describe('Sign-ins with a refresh token that is neither used, revoked nor expired')),
});
export type ConnectionInfo = z.infer<typeof connectionInfoSchema>;

export const connectionHealthSchema = z.object({
  name: z.string(),
  ok: z.boolean(),
  latencyMs: z.nullable(z.number()).check(z.describe('Round trip of `select 1`; null when it failed')),
});
export type ConnectionHealth = z.infer<typeof connectionHealthSchema>;

export const serverHealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  nodeVersion: z.string(),
  startedAt: z.string(),
  uptimeSeconds: z.number(),
  memory: z.object({ rssBytes: z.number(), heapUsedBytes: z.number(), heapTotalBytes: z.number() }),
  checkedAt: z.string(),
  connections: z.array(connectionHealthSchema),
});
export type ServerHealth = z.infer<typeof serverHealthSchema>;

/** Which entries: this facility's, the connection-wide ones (facilities, connection settings), or both. */
export const auditScopes = ['all', 'facility', 'connection'] as const;
export type AuditScope = (typeof auditScopes)[number];

export const auditQuerySchema = z.object({
  from: z.optional(z.iso.datetime({ offset: true })).check(z.describe('Entries at or after this time')),
  to: z.optional(z.iso.datetime({ offset: true })).check(z.describe('Entries before this time')),
  userId: z.optional(idParamSchema),
  action: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  entityType: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  entityId: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  scope: z._default(z.enum(auditScopes), 'all'),
  cursor: z.optional(
    z.string().check(z.regex(/^\d{1,18}\.\d{1,19}$/), z.describe('nextCursor of the previous page (newest first)')),
  ),
  pageSize: z._default(
    z.coerce.number<string>().check(z.int(), z.positive(), z.lte(AUDIT_PAGE_SIZE_MAX)),
    AUDIT_PAGE_SIZE_DEFAULT,
  ),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  ID: z.string(),
  occurredAt: z.string(),
  user: z.nullable(z.object({ ID: z.int(), displayName: z.string(), userName: z.string() })),
  facilityID: z.nullable(z.int()).check(z.describe('Null for a connection-wide change')),
  action: z.string(),
  entityType: z.string(),
  entityID: z.nullable(z.string()),
  before: z.unknown().check(z.describe('The record before the change; null when it was created')),
  after: z.unknown().check(z.describe('The record after the change; null when it was removed')),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  nextCursor: z.nullable(z.string()).check(z.describe('Pass as cursor for the next (older) page; null at the end')),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** The values the audit filters can take: what occurs in the caller's entries. */
export const auditFacetsSchema = z.object({
  actions: z.array(z.string()),
  entityTypes: z.array(z.string()),
  users: z.array(z.object({ ID: z.int(), displayName: z.string() })),
});
export type AuditFacets = z.infer<typeof auditFacetsSchema>;
