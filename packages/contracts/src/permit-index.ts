import * as z from 'zod/mini';
import { idParamSchema, isoDaySchema } from './ids';
import { permitStatuses } from './permit-lifecycle';
import { permitRiskLevels } from './permits';

/**
 * The permit index (decision 0034): GET /api/permits answers one page of the facility's
 * permits the caller may view, filtered and sorted on the server; the same query exports the whole
 * filtered set (GET /api/permits/export.csv|xlsx). The web keeps this query in the URL, so a shared
 * URL opens the same view; list values travel comma-separated (`status=draft,requested`).
 */

/** The columns the index can show, in their default order. Every one sorts (ties by ID). */
export const permitIndexColumns = [
  'number',
  'permitType',
  'status',
  'title',
  'area',
  'requester',
  'holder',
  'issuer',
  'plannedStart',
  'plannedEnd',
  'riskLevel',
  'createdAt',
  'updatedAt',
] as const;
export type PermitIndexColumn = (typeof permitIndexColumns)[number];

export const permitIndexColumnLabels: Record<PermitIndexColumn, string> = {
  number: 'Number',
  permitType: 'Type',
  status: 'Status',
  title: 'Title',
  area: 'Area',
  requester: 'Requester',
  holder: 'Holder',
  issuer: 'Issuer',
  plannedStart: 'Planned start',
  plannedEnd: 'Planned end',
  riskLevel: 'Risk',
  createdAt: 'Created',
  updatedAt: 'Last changed',
};

/** What a user sees before choosing columns. */
export const defaultPermitIndexColumns: PermitIndexColumn[] = [
  'number',
  'permitType',
  'status',
  'title',
  'area',
  'holder',
  'plannedStart',
  'plannedEnd',
];

/**
 * The caller's own work, one click away. `held` lists what needs attention first (in force, then
 * winding down or expired, then not yet issued); `expiring` is every permit in force whose planned end
 * falls within the next 24 hours of the server's clock (or has passed, before the expiry job ran).
 */
export const permitIndexViews = [
  'awaiting-approval',
  'awaiting-issue',
  'awaiting-acceptance',
  'mine-to-close',
  'starting-today',
  'held',
  'requested',
  'expiring',
] as const;
export type PermitIndexView = (typeof permitIndexViews)[number];
export const permitIndexViewLabels: Record<PermitIndexView, string> = {
  'awaiting-approval': 'Awaiting my approval',
  'awaiting-issue': 'Awaiting my issue',
  'awaiting-acceptance': 'Awaiting my acceptance',
  'mine-to-close': 'Mine to close',
  'starting-today': 'Starting today',
  held: 'I hold',
  requested: 'I requested',
  expiring: 'Expiring within 24 hours',
};

/**
 * Worklists (decision 0099): each lists the permits the signed-in person may act on now, by the
 * lifecycle's rules, so nobody opens a list to find permits they cannot move.
 * - `awaiting-approval`: Requested, a type they may approve, not their own request, not yet signed by them.
 * - `awaiting-issue`: Isolated, a type they may issue, a holder named who is not them (issuer ≠ holder).
 * - `awaiting-acceptance`: Issued to them as holder, not issued by them, its start reached.
 * - `mine-to-close`: Active permits they hold (they complete the work) and permits in De-isolation of a
 *   type they may issue (the issuing authority closes them).
 * - `starting-today`: planned start within today in the facility's time zone, not closed, cancelled or
 *   expired, and theirs to act on: they hold or requested it, or may issue its type.
 */
export const permitWorklists = [
  'awaiting-approval',
  'awaiting-issue',
  'awaiting-acceptance',
  'mine-to-close',
  'starting-today',
] as const satisfies readonly PermitIndexView[];
export type PermitWorklist = (typeof permitWorklists)[number];

/**
 * The worklists a person could ever act on, from their permissions in the facility: approving and
 * issuing need the permission for some type; accepting, closing their own work and starting need only
 * to see permits (anyone may be named holder). A worker is never offered a list they cannot use.
 * @example offeredWorklists(new Set(['permit:view:LOTO'])) → ['awaiting-acceptance', 'mine-to-close', 'starting-today']
 */
export function offeredWorklists(permissions: Iterable<string>): PermitWorklist[] {
  const held = [...permissions];
  const any = (action: string) => held.some((p) => p.startsWith(`permit:${action}:`));
  return worklistsFor({ view: any('view'), approve: any('approve'), issue: any('issue') });
}

/** offeredWorklists from whether the person may view, approve and issue some type (the server knows the types). */
export function worklistsFor(may: { view: boolean; approve: boolean; issue: boolean }): PermitWorklist[] {
  if (!may.view) return [];
  return permitWorklists.filter((list) => {
    if (list === 'awaiting-approval') return may.approve;
    if (list === 'awaiting-issue') return may.issue;
    return true;
  });
}

/**
 * Views the dashboard's widgets open (decision 0075): the index accepts them in its URL
 * like the views above, but they are not buttons of its "My work" bar. `tagged`: permits with a tag
 * the caller applied still in place; `isolated`: permits with a live isolation point (isolated,
 * verified or released for test); `locked`: permits with a lock on; `locks-overdue`: those whose
 * planned end has passed with a lock still on; `sync-conflicts`: permits with an offline change in
 * conflict not yet resolved; `gas-out-of-limits`: permits with a gas test out of limits since the
 * facility's midnight.
 */
export const permitIndexWidgetViews = [
  'tagged',
  'isolated',
  'locked',
  'locks-overdue',
  'sync-conflicts',
  'gas-out-of-limits',
] as const;
export type PermitIndexWidgetView = (typeof permitIndexWidgetViews)[number];
export const permitIndexWidgetViewLabels: Record<PermitIndexWidgetView, string> = {
  tagged: 'Tags I applied',
  isolated: 'Live isolations',
  locked: 'Locks in use',
  'locks-overdue': 'Locks overdue',
  'sync-conflicts': 'Offline conflicts',
  'gas-out-of-limits': 'Gas tests out of limits today',
};

/** The window of the `expiring` view, from the server's now. */
export const PERMIT_EXPIRING_WINDOW_HOURS = 24;

export const PERMIT_INDEX_PAGE_SIZE_MAX = 200;
export const PERMIT_INDEX_PAGE_SIZE_DEFAULT = 50;

/** A comma-separated list of statuses in a query string (`draft,requested`). */
const statusList = z.pipe(
  z.string().check(z.regex(new RegExp(`^(${permitStatuses.join('|')})(,(${permitStatuses.join('|')}))*$`))),
  z.transform((s: string) => [...new Set(s.split(','))] as (typeof permitStatuses)[number][]),
);
const date = isoDaySchema().check(z.describe('A day (YYYY-MM-DD, UTC), inclusive'));

/** Everything that selects and orders permits: the index page and both exports take it. */
export const permitIndexFilterSchema = z.object({
  status: z.optional(statusList),
  /** A permit type's code (`?permitType=LOTO`, as the navigation links it). */
  permitType: z.optional(z.string().check(z.regex(/^[A-Z0-9_-]{1,20}$/))),
  /** Permits in this area or any area below it. */
  areaId: z.optional(idParamSchema),
  assetId: z.optional(idParamSchema),
  requesterId: z.optional(idParamSchema),
  holderId: z.optional(idParamSchema),
  /** Someone with a current (not cleared) approval of the permit. */
  approverId: z.optional(idParamSchema),
  startFrom: z.optional(date),
  startTo: z.optional(date),
  endFrom: z.optional(date),
  endTo: z.optional(date),
  /** Free text: number, title, description, work method (case-insensitive substring). */
  q: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  view: z.optional(z.enum([...permitIndexViews, ...permitIndexWidgetViews])),
  /** Permits on which this isolation point of the facility is live (the shared-points widget). */
  pointId: z.optional(idParamSchema),
  sort: z._default(z.enum(permitIndexColumns), 'plannedStart'),
  dir: z._default(z.enum(['asc', 'desc']), 'desc'),
});
export type PermitIndexFilter = z.infer<typeof permitIndexFilterSchema>;

/** GET /api/permits: the filter plus the page. */
export const permitIndexQuerySchema = z.extend(permitIndexFilterSchema, {
  page: z._default(z.coerce.number<string>().check(z.int(), z.positive(), z.lte(1_000_000)), 1),
  pageSize: z._default(
    z.coerce.number<string>().check(z.int(), z.positive(), z.lte(PERMIT_INDEX_PAGE_SIZE_MAX)),
    PERMIT_INDEX_PAGE_SIZE_DEFAULT,
  ),
});
export type PermitIndexQuery = z.infer<typeof permitIndexQuerySchema>;

/** GET /api/permits/export.csv|xlsx: the filter plus the columns to write (else the user's saved ones). */
export const permitExportQuerySchema = z.extend(permitIndexFilterSchema, {
  columns: z.optional(
    z.pipe(
      z.string().check(z.regex(new RegExp(`^(${permitIndexColumns.join('|')})(,(${permitIndexColumns.join('|')}))*$`))),
      z.transform((s: string) => [...new Set(s.split(','))] as PermitIndexColumn[]),
    ),
  ),
});
export type PermitExportQuery = z.infer<typeof permitExportQuerySchema>;

const person = z.object({ ID: z.int(), displayName: z.string() });

export const permitIndexRowSchema = z.object({
  ID: z.int(),
  number: z.string(),
  // ID: the type's name is a stored caption keyed by it (said in the reader's language).
  permitType: z.object({ ID: z.int(), code: z.string(), name: z.string(), color: z.string() }),
  status: z.enum(permitStatuses),
  title: z.string(),
  area: z.nullable(z.object({ ID: z.int(), number: z.string(), name: z.string() })),
  requester: person,
  holder: z.nullable(person),
  issuer: z.nullable(person),
  plannedStart: z.string(),
  plannedEnd: z.string(),
  riskLevel: z.nullable(z.enum(permitRiskLevels)),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PermitIndexRow = z.infer<typeof permitIndexRowSchema>;

export const permitIndexPageSchema = z.object({
  rows: z.array(permitIndexRowSchema),
  /** Permits matching the filter (for the pager), counted up to a cap (10,000). */
  total: z.int(),
  /** More match than `total`: the page says "more than" and the pager ends at the cap. */
  totalCapped: z.boolean(),
});
export type PermitIndexPage = z.infer<typeof permitIndexPageSchema>;

/** GET/PUT /api/permits/index-columns: the caller's chosen columns, in order (at least one, no repeats). */
export const permitIndexColumnsSchema = z.object({
  columns: z.array(z.enum(permitIndexColumns)).check(
    z.minLength(1, 'Choose at least one column'),
    z.maxLength(permitIndexColumns.length),
    z.refine((c) => new Set(c).size === c.length, 'A column can be chosen once'),
  ),
});
export type PermitIndexColumns = z.infer<typeof permitIndexColumnsSchema>;

/** An export's file name, `permits-<facility>-<YYYY-MM-DD>.<ext>` (the server's header and the web's download). */
export function permitExportFileName(facilityName: string, now: Date, format: 'csv' | 'xlsx'): string {
  const facility = facilityName
    .normalize('NFKD')
    .replace(/[^\w-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
  return `permits-${facility || 'facility'}-${now.toISOString().slice(0, 10)}.${format}`;
}
