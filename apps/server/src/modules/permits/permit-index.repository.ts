import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import {
  PERMIT_EXPIRING_WINDOW_HOURS,
  permitStatuses,
  permitRiskLevels,
  type PermitIndexColumn,
  type PermitIndexFilter,
  type PermitIndexRow,
} from '@hasp/contracts';
import { facilityZone, midnightIn } from '../../db/facility-days';
import type { Database } from '../../db/schema';
import { streamInSnapshot } from '../../platform';
import { inForceStatuses } from './permit-expiry.repository';
import { permitsWithPeople } from './permit.repository';

/** Who asks, and which permit types of the facility they may see and approve (from their permissions). */
export interface IndexScope {
  facilityId: number;
  userId: number;
  viewTypeIds: number[];
  approveTypeIds: number[];
  /** The types the caller may issue (the issue and close worklists). */
  issueTypeIds: number[];
  /** The caller may view every type of the facility: the type condition is left out (the indexes need not carry the type). */
  viewsAllTypes: boolean;
  /** The request's now (the app's clock): the `expiring` view counts its 24 hours from it. */
  now: Date;
}

/** The facility's permit types whose codes the caller holds `permit:<action>:<CODE>` for, by action. */
export async function typeIdsByPermission(
  db: Kysely<Database>,
  facilityId: number,
  permissions: Set<string>,
): Promise<{ view: number[]; approve: number[]; issue: number[]; all: boolean }> {
  const codes = (action: string) =>
    new Set(
      [...permissions].filter((p) => p.startsWith(`permit:${action}:`)).map((p) => p.slice(`permit:${action}:`.length)),
    );
  const viewCodes = codes('view');
  if (!viewCodes.size) return { view: [], approve: [], issue: [], all: false };
  const approveCodes = codes('approve');
  const issueCodes = codes('issue');
  const types = await db
    .selectFrom('permit_types')
    .select(['id', 'code'])
    .where('facility_id', '=', facilityId)
    .execute();
  const viewable = types.filter((t) => viewCodes.has(t.code));
  return {
    view: viewable.map((t) => t.id),
    approve: viewable.filter((t) => approveCodes.has(t.code)).map((t) => t.id),
    issue: viewable.filter((t) => issueCodes.has(t.code)).map((t) => t.id),
    all: viewable.length === types.length,
  };
}

/** ORDER BY expression of each column. Statuses and risks sort in their lifecycle/severity order. */
const sortExpression: Record<PermitIndexColumn, Expression<unknown>> = {
  number: sql`p.number`,
  permitType: sql`t.name`,
  status: sql`array_position(${sql.raw(`array['${permitStatuses.join("','")}']`)}::text[], p.status)`,
  title: sql`p.title`,
  area: sql`a.number`,
  requester: sql`r.display_name`,
  holder: sql`h.display_name`,
  issuer: sql`i.display_name`,
  plannedStart: sql`p.planned_start`,
  plannedEnd: sql`p.planned_end`,
  riskLevel: sql`array_position(${sql.raw(`array['${permitRiskLevels.join("','")}']`)}::text[], p.risk_level)`,
  createdAt: sql`p.created_at`,
  updatedAt: sql`p.updated_at`,
};

// Literals, not parameters, so the planner matches the partial index permits_in_force_end_ix.
const inForce = sql.join(inForceStatuses.map((status) => sql.lit(status)));
const windingDown = sql.join((['work_complete', 'de_isolation', 'expired'] as const).map((s) => sql.lit(s)));

/**
 * "I hold" lists what needs the holder first, whatever the chosen sort (which orders within each
 * group; decision 0044): permits in force (work under way or about to be), then those winding down
 * or expired (isolations still to hand back), then those not yet issued (draft … approved).
 */
const heldAttention = sql`case when p.status in (${inForce}) then 0 when p.status in (${windingDown}) then 1 else 2 end`;

/**
 * ORDER BY of a sort: empty values last both ways. Only the nullable columns say so for descending:
 * a plain DESC on a NOT NULL column matches the indexes (`planned_start desc` is NULLS FIRST), so the
 * planner walks the index and stops after the page instead of sorting the set.
 */
const nullableColumns = new Set<PermitIndexColumn>(['area', 'holder', 'issuer', 'riskLevel']);
function orderBy(f: PermitIndexFilter) {
  const dir = f.dir === 'asc' ? 'asc' : 'desc';
  const nulls = dir === 'desc' && nullableColumns.has(f.sort) ? ' nulls last' : '';
  const sorted = sql`${sortExpression[f.sort]} ${sql.raw(dir + nulls)}, p.id ${sql.raw(dir)}`;
  return f.view === 'held' ? sql`${heldAttention} asc, ${sorted}` : sorted;
}

/** The start of a provisional number (`OFF-<type>-<day>-<4>`, sync's `provisionalNumber`). */
const PROVISIONAL = /^off-/i;
const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/*
 * The records the dashboard's views look for (decision 0075), each `select 1 from … where …` so a
 * view adds `and <alias>.permit_id = p.id` and the dashboard's widgets count the same rows.
 */
/** Isolation points live on a plan: isolated, verified or released for test (as `…_held_ix` reads them). */
const liveIsolations = (facilityId: number) =>
  sql`select 1 from permit_isolation_points pip where pip.facility_id = ${facilityId}
    and pip.removed_at is null and pip.state in ('isolated', 'verified', 'test_released')`;
/** A lock application (alias `la`) of the facility applied and not yet removed. */
export const openLock = (facilityId: number) => sql<SqlBool>`la.facility_id = ${facilityId} and la.removed_at is null`;
/** Locks applied and not yet removed. */
const openLocks = (facilityId: number) => sql`select 1 from lock_applications la where ${openLock(facilityId)}`;
/** A permit (alias `p`) whose planned end has passed: with an open lock, the 'locks-overdue' view and the `lock.overdue` job. */
export const pastPlannedEnd = (now: Date) => sql<SqlBool>`p.planned_end < ${now}`;
/** Offline changes in conflict that nobody has resolved. */
const openConflicts = (facilityId: number) =>
  sql`select 1 from sync_commands sc where sc.facility_id = ${facilityId}
    and sc.outcome = 'conflict' and sc.resolved_at is null`;
/**
 * The facility's midnight today (its time zone), from the request's now; `days` 1: the next one, a day
 * of wall-clock time later (23 or 25 hours on a daylight-saving change).
 */
const facilityMidnight = (scope: Pick<IndexScope, 'facilityId' | 'now'>, days: 0 | 1 = 0) =>
  sql`(select ((date_trunc('day', ${scope.now}::timestamptz at time zone f.time_zone) + ${`${days} day`}::interval) at time zone f.time_zone)
    from facilities f where f.id = ${scope.facilityId})`;
/** Gas tests out of limits (not voided) recorded since the facility's midnight. */
const gasOutOfLimitsToday = (scope: Pick<IndexScope, 'facilityId' | 'now'>) =>
  sql`select 1 from permit_gas_tests gt where gt.facility_id = ${scope.facilityId}
    and not gt.in_limits and gt.voided_at is null and gt.tested_at >= ${facilityMidnight(scope)}`;

/** The WHERE of the index: facility, viewable types, then each filter given. Uses only permits' own columns. */
export function conditions(scope: IndexScope, f: PermitIndexFilter): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [sql<SqlBool>`p.facility_id = ${scope.facilityId}`];
  if (!scope.viewsAllTypes) where.push(sql<SqlBool>`p.permit_type_id = any(${scope.viewTypeIds}::int[])`);
  const add = (e: Expression<SqlBool>) => where.push(e);
  const zone = facilityZone(scope.facilityId);
  if (f.status?.length) add(sql`p.status = any(${f.status}::text[])`);
  if (f.permitType)
    add(
      sql`p.permit_type_id = (select id from permit_types where facility_id = ${scope.facilityId} and code = ${f.permitType})`,
    );
  if (f.areaId !== undefined)
    add(sql`p.area_id in (
      with recursive sub(id) as (
        select id from areas where facility_id = ${scope.facilityId} and id = ${f.areaId}
        union all
        select c.id from areas c join sub on c.parent_area_id = sub.id where c.facility_id = ${scope.facilityId}
      ) select id from sub)`);
  if (f.assetId !== undefined)
    add(
      sql`p.id in (select permit_id from permit_assets where facility_id = ${scope.facilityId} and asset_id = ${f.assetId})`,
    );
  if (f.requesterId !== undefined) add(sql`p.requester_id = ${f.requesterId}`);
  if (f.holderId !== undefined) add(sql`p.holder_id = ${f.holderId}`);
  if (f.approverId !== undefined)
    add(sql`p.id in (select permit_id from permit_approvals
      where facility_id = ${scope.facilityId} and user_id = ${f.approverId} and cleared_at is null)`);
  if (f.startFrom) add(sql`p.planned_start >= ${midnightIn(f.startFrom, zone)}`);
  if (f.startTo) add(sql`p.planned_start < ${midnightIn(f.startTo, zone, 1)}`);
  if (f.endFrom) add(sql`p.planned_end >= ${midnightIn(f.endFrom, zone)}`);
  if (f.endTo) add(sql`p.planned_end < ${midnightIn(f.endTo, zone, 1)}`);
  if (f.q && PROVISIONAL.test(f.q.trim()))
    // A number a device showed for a permit made offline (written on its tags): the permit the server made.
    add(sql`(p.search_text like ${likePattern(f.q)} or p.id in (select permit_id from sync_local_ids
      where facility_id = ${scope.facilityId} and lower(provisional_number) like ${likePattern(f.q.trim())}))`);
  else if (f.q) add(sql`p.search_text like ${likePattern(f.q)}`);
  switch (f.view) {
    case 'awaiting-approval':
      // Requested permits of types the caller may approve, not their own (requester ≠ approver), not yet approved by them.
      add(sql`p.status = 'requested'`);
      add(sql`p.permit_type_id = any(${scope.approveTypeIds}::int[])`);
      add(sql`p.requester_id <> ${scope.userId}`);
      add(sql`not exists (select 1 from permit_approvals ap
        where ap.permit_id = p.id and ap.user_id = ${scope.userId} and ap.cleared_at is null)`);
      break;
    // The worklists (contracts permitWorklists): the lifecycle's person rules in SQL, so each lists
    // only what its reader may act on; permit-worklists.test.ts holds them to the lifecycle.
    case 'awaiting-issue':
      add(sql`p.status = 'isolated'`);
      add(sql`p.permit_type_id = any(${scope.issueTypeIds}::int[])`);
      add(sql`p.holder_id <> ${scope.userId}`);
      break;
    case 'awaiting-acceptance':
      add(sql`p.status = 'issued'`);
      add(sql`p.holder_id = ${scope.userId}`);
      add(sql`p.issuer_id is distinct from ${scope.userId}`);
      add(sql`p.planned_start <= ${scope.now}`);
      break;
    case 'mine-to-close':
      add(sql`((p.status = 'active' and p.holder_id = ${scope.userId})
        or (p.status = 'de_isolation' and p.permit_type_id = any(${scope.issueTypeIds}::int[])))`);
      break;
    case 'starting-today':
      add(sql`p.status not in ('closed', 'cancelled', 'expired')`);
      add(sql`p.planned_start >= ${facilityMidnight(scope)}`);
      add(sql`p.planned_start < ${facilityMidnight(scope, 1)}`);
      add(sql`(p.holder_id = ${scope.userId} or p.requester_id = ${scope.userId}
        or p.permit_type_id = any(${scope.issueTypeIds}::int[]))`);
      break;
    case 'held':
      add(sql`p.holder_id = ${scope.userId}`);
      add(sql`p.status not in ('closed', 'cancelled')`);
      break;
    case 'requested':
      add(sql`p.requester_id = ${scope.userId}`);
      break;
    case 'expiring':
      // No lower bound: a permit in force whose end has just passed (before the expiry job's tick) needs attention most.
      add(sql`p.status in (${inForce})`);
      add(sql`p.planned_end < ${new Date(scope.now.getTime() + PERMIT_EXPIRING_WINDOW_HOURS * 3_600_000)}`);
      break;
    case 'tagged':
      add(sql`exists (select 1 from tags tg where tg.facility_id = ${scope.facilityId} and tg.permit_id = p.id
        and tg.applied_by = ${scope.userId} and tg.state in ('applied', 'verified'))`);
      break;
    case 'isolated':
      add(sql`exists (${liveIsolations(scope.facilityId)} and pip.permit_id = p.id)`);
      break;
    case 'locked':
      add(sql`exists (${openLocks(scope.facilityId)} and la.permit_id = p.id)`);
      break;
    case 'locks-overdue':
      add(pastPlannedEnd(scope.now));
      add(sql`exists (${openLocks(scope.facilityId)} and la.permit_id = p.id)`);
      break;
    case 'sync-conflicts':
      add(sql`exists (${openConflicts(scope.facilityId)} and sc.permit_id = p.id)`);
      break;
    case 'gas-out-of-limits':
      add(sql`exists (${gasOutOfLimitsToday(scope)} and gt.permit_id = p.id)`);
      break;
    case undefined:
      break;
  }
  if (f.pointId !== undefined)
    add(sql`exists (${liveIsolations(scope.facilityId)} and pip.permit_id = p.id
      and pip.isolation_point_id = ${f.pointId})`);
  return where;
}

/**
 * Conditions the filter already implies, for the ordered reads only (not the count). A window ends
 * after it starts (permits_window_ck), so a bound on one end bounds the other: where the sort walks
 * the other end's index, the walk starts at the bound instead of skipping every earlier permit
 * (March starts by planned end at 300,000: 25,000 index entries skipped, 10 ms → 0.2 ms). The count
 * leaves them out: it reads the filtered end's index alone, and the other end is not in it.
 */
function sortHints(scope: IndexScope, f: PermitIndexFilter): Expression<SqlBool>[] {
  const zone = facilityZone(scope.facilityId);
  const hints: Expression<SqlBool>[] = [];
  if (f.startFrom && f.sort === 'plannedEnd')
    hints.push(sql<SqlBool>`p.planned_end > ${midnightIn(f.startFrom, zone)}`);
  if (f.endTo && f.sort === 'plannedStart') hints.push(sql<SqlBool>`p.planned_start < ${midnightIn(f.endTo, zone, 1)}`);
  return hints;
}

/** Every column the index shows, joined (no filter, no order). */
function displayQuery(db: Kysely<Database>) {
  return permitsWithPeople(db).select([
    'p.id',
    'p.number',
    'p.status',
    'p.title',
    'p.planned_start',
    'p.planned_end',
    'p.risk_level',
    'p.created_at',
    'p.updated_at',
    't.id as type_id',
    't.code as type_code',
    't.name as type_name',
    't.color as type_color',
    'a.id as area_id',
    'a.number as area_number',
    'a.name as area_name',
    'r.id as requester_id',
    'r.display_name as requester_name',
    'h.id as holder_id',
    'h.display_name as holder_name',
    'i.id as issuer_id',
    'i.display_name as issuer_name',
  ]);
}

/** The rows of the filter in its order (the export streams this). */
export function indexQuery(db: Kysely<Database>, scope: IndexScope, f: PermitIndexFilter) {
  return displayQuery(db)
    .where((eb) => eb.and([...conditions(scope, f), ...sortHints(scope, f)]))
    .orderBy(orderBy(f));
}

type IndexDbRow = Awaited<ReturnType<ReturnType<typeof indexQuery>['execute']>>[number];

export function toIndexRow(row: IndexDbRow): PermitIndexRow {
  const person = (id: number | null, name: string | null) => (id === null ? null : { ID: id, displayName: name ?? '' });
  return {
    ID: row.id,
    number: row.number,
    permitType: { ID: row.type_id, code: row.type_code, name: row.type_name, color: row.type_color },
    status: row.status,
    title: row.title,
    area: row.area_id === null ? null : { ID: row.area_id, number: row.area_number!, name: row.area_name! },
    requester: { ID: row.requester_id, displayName: row.requester_name },
    holder: person(row.holder_id, row.holder_name),
    issuer: person(row.issuer_id, row.issuer_name),
    plannedStart: row.planned_start.toISOString(),
    plannedEnd: row.planned_end.toISOString(),
    riskLevel: row.risk_level,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Counting stops here: beyond it the pager says "more than" (a count of 300,000 rows costs more than the page). */
export const PERMIT_INDEX_COUNT_CAP = 10_000;

/** The join a sort needs before the page is cut (none for the permit's own columns). */
const sortJoin: Partial<Record<PermitIndexColumn, string>> = {
  permitType: 'join permit_types t on t.id = p.permit_type_id',
  area: 'left join areas a on a.id = p.area_id',
  requester: 'join users r on r.id = p.requester_id',
  holder: 'left join users h on h.id = p.holder_id',
  issuer: 'left join users i on i.id = p.issuer_id',
};

/**
 * One page and the filter's total in one statement. The page's IDs are cut
 * from `permits` alone (plus the one join its sort needs), so the planner can walk an index in sort
 * order and stop after the page; the display joins then run for those rows only. The total counts
 * at most PERMIT_INDEX_COUNT_CAP + 1 rows.
 */
export async function findIndexPage(
  db: Kysely<Database>,
  scope: IndexScope,
  f: PermitIndexFilter,
  page: number,
  pageSize: number,
): Promise<{ rows: PermitIndexRow[]; total: number; totalCapped: boolean }> {
  if (!scope.viewTypeIds.length) return { rows: [], total: 0, totalCapped: false };
  const where = sql.join(conditions(scope, f), sql` and `);
  const pageIds = sql`
    select p.id, row_number() over () as ordinal from (
      select p.id from permits p ${sql.raw(sortJoin[f.sort] ?? '')}
      where ${sql.join([...conditions(scope, f), ...sortHints(scope, f)], sql` and `)}
      order by ${orderBy(f)}
      limit ${pageSize} offset ${(page - 1) * pageSize}
    ) p`;
  const countSql = sql<string>`(select count(*) from (select 1 from permits p where ${where} limit ${
    PERMIT_INDEX_COUNT_CAP + 1
  }) x)`;
  // One statement, one pool connection: the count is an uncorrelated subquery, computed once.
  const rows = await displayQuery(db)
    .innerJoin(
      (eb) =>
        eb
          .selectFrom(sql<{ id: number; ordinal: string }>`(${pageIds})`.as('pg'))
          .selectAll()
          .as('pg'),
      (join) => join.onRef('pg.id', '=', 'p.id'),
    )
    .select(countSql.as('total_count'))
    .orderBy('pg.ordinal')
    .execute();
  // A page past the end has no row to carry the count: ask for it alone.
  const n = Number(rows[0]?.total_count ?? (await sql<{ n: string }>`select ${countSql} as n`.execute(db)).rows[0]!.n);
  return {
    rows: rows.map(toIndexRow),
    total: Math.min(n, PERMIT_INDEX_COUNT_CAP),
    totalCapped: n > PERMIT_INDEX_COUNT_CAP,
  };
}

/**
 * Every row of the filter, in its order, in batches from a server-side cursor (one transaction, so
 * the set is one snapshot and memory stays at one batch whatever the size).
 */
export async function streamIndexRows(
  db: Kysely<Database>,
  scope: IndexScope,
  f: PermitIndexFilter,
  onBatch: (rows: PermitIndexRow[]) => Promise<void>,
  batchSize = 2000,
): Promise<void> {
  if (!scope.viewTypeIds.length) return;
  await streamInSnapshot(db, indexQuery(db, scope, f), (rows) => onBatch(rows.map(toIndexRow)), batchSize);
}

/** The user's saved columns (unknown ids dropped), or null when they never chose. */
export async function findSavedColumns(db: Kysely<Database>, userId: number): Promise<string[] | null> {
  const row = await db
    .selectFrom('permit_index_columns')
    .select('columns')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.columns ?? null;
}

export async function saveColumns(db: Kysely<Database>, userId: number, columns: string[]): Promise<void> {
  await db
    .insertInto('permit_index_columns')
    .values({ user_id: userId, columns })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ columns, updated_at: sql`now()` }))
    .execute();
}
