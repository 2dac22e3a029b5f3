import { sql } from 'kysely';
import {
  holdingPlanPointStates,
  permitStatuses,
  REPORT_LONG_OPEN_DAYS_DEFAULT,
  type ReportColumn,
  type ReportFilters,
  type ReportKind,
} from '@hasp/contracts';
import { midnightIn } from '../../db/facility-days';
import type { Db } from '../../db/schema';
import { streamInSnapshot } from '../../platform';
import { AppError } from '../../plugins/app-error';
import { cellText, streamIndexRows, type ExportWords } from '../permits';
import type { SheetCell } from '../spreadsheet';

/** One row of a report: a value per column (the writer picks the chosen ones in their order). */
export type ReportRow = Partial<Record<ReportColumn, SheetCell>>;

/** The words a file's values are written in (the reader's language), looked up once per file. */
export interface ReportWords {
  permit: ExportWords;
  tagState: Record<string, string>;
  pointState: Record<string, string>;
  lockKind: Record<string, string>;
  lockStatus: Record<string, string>;
}

export interface ReportRun {
  facilityId: number;
  filters: ReportFilters;
  /** The generation's now: overdue hours and days open count from it. */
  now: Date;
  /** The facility's time zone (IANA): the filters' days start at its midnight. */
  timeZone: string;
  words: ReportWords;
}

type Source = (db: Db, run: ReportRun, onBatch: (rows: ReportRow[]) => Promise<void>) => Promise<void>;

/** Midnight of a filter's day in the facility's time zone (and of the day after), as instants. */
const dayStart = (day: string, timeZone: string) => midnightIn(day, timeZone);
const nextDay = (day: string, timeZone: string) => midnightIn(day, timeZone, 1);
const statusOrder = sql.raw(`array['${permitStatuses.join("','")}']::text[]`);
const holding = sql.join(holdingPlanPointStates.map((state) => sql.lit(state)));
const HOUR = 3_600_000;
const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The facility's permit type with the filter's code. A definition names a type by code; when that
 * type is gone (or the code was never one), the report fails with this reason rather than
 * quietly reporting every type.
 */
async function permitTypeId(db: Db, run: ReportRun): Promise<number | null> {
  if (!run.filters.permitType) return null;
  const type = await db
    .selectFrom('permit_types')
    .select('id')
    .where('facility_id', '=', run.facilityId)
    .where('code', '=', run.filters.permitType)
    .executeTakeFirst();
  if (!type)
    throw new AppError(
      'VALIDATION_FAILED',
      400,
      `The permit type ${run.filters.permitType} in the filters does not exist in this facility`,
    );
  return type.id;
}

/** Permit register: the permit index's own cursor and cell texts (every type of the facility). */
const permitRegister: Source = async (db, run, onBatch) => {
  await permitTypeId(db, run);
  const types = await db.selectFrom('permit_types').select('id').where('facility_id', '=', run.facilityId).execute();
  const scope = {
    facilityId: run.facilityId,
    userId: 0,
    viewTypeIds: types.map((t) => t.id),
    approveTypeIds: [],
    issueTypeIds: [],
    viewsAllTypes: true,
    now: run.now,
  };
  const f = run.filters;
  const filter = {
    sort: 'plannedStart' as const,
    dir: 'asc' as const,
    ...(f.status?.length ? { status: f.status } : {}),
    ...(f.permitType ? { permitType: f.permitType } : {}),
    ...(f.from ? { startFrom: f.from } : {}),
    ...(f.to ? { startTo: f.to } : {}),
  };
  const dates = new Set(['plannedStart', 'plannedEnd', 'createdAt', 'updatedAt']);
  const columns = ['number', 'permitType', 'status', 'title', 'area', 'requester', 'holder', 'issuer'] as const;
  const more = ['plannedStart', 'plannedEnd', 'riskLevel', 'createdAt', 'updatedAt'] as const;
  await streamIndexRows(db, scope, filter, (rows) =>
    onBatch(
      rows.map((row) =>
        Object.fromEntries(
          [...columns, ...more].map((c) => {
            const text = cellText(row, c, run.words.permit);
            return [c, dates.has(c) ? new Date(text) : text];
          }),
        ),
      ),
    ),
  );
};

const tagRegister: Source = async (db, run, onBatch) => {
  const typeId = await permitTypeId(db, run);
  const f = run.filters;
  const query = db
    .selectFrom('tags as t')
    .innerJoin('permits as p', 'p.id', 't.permit_id')
    .leftJoin('users as u', 'u.id', 't.applied_by')
    .select([
      't.number',
      'p.number as permit',
      't.state',
      't.reason',
      'u.display_name as applied_by',
      't.applied_at',
      't.printed_at',
      't.removed_at',
    ])
    .where('t.facility_id', '=', run.facilityId)
    .$if(typeId !== null, (q) => q.where('p.permit_type_id', '=', typeId!))
    .$if(!!f.from, (q) => q.where('t.created_at', '>=', dayStart(f.from!, run.timeZone)))
    .$if(!!f.to, (q) => q.where('t.created_at', '<', nextDay(f.to!, run.timeZone)))
    .orderBy('t.number')
    .orderBy('t.id');
  await streamInSnapshot(db, query, (rows) =>
    onBatch(
      rows.map((r) => ({
        number: r.number,
        permit: r.permit,
        state: run.words.tagState[r.state] ?? r.state,
        reason: r.reason,
        appliedBy: r.applied_by,
        appliedAt: r.applied_at,
        printedAt: r.printed_at,
        removedAt: r.removed_at,
      })),
    ),
  );
};

/** Points still isolated under a permit (isolated, verified, released for a test), oldest first. */
function openPoints(db: Db, run: ReportRun, typeId: number | null) {
  return db
    .selectFrom('permit_isolation_points as pip')
    .innerJoin('permits as p', 'p.id', 'pip.permit_id')
    .innerJoin('isolation_points as ip', 'ip.id', 'pip.isolation_point_id')
    .leftJoin('users as u', 'u.id', 'pip.isolated_by')
    .select([
      'p.number as permit',
      'p.status as permit_status',
      'ip.code as point',
      'ip.location',
      'pip.state',
      'u.display_name as isolated_by',
      'pip.isolated_at',
    ])
    .where('pip.facility_id', '=', run.facilityId)
    .where('pip.removed_at', 'is', null)
    .where(sql<boolean>`pip.state in (${holding})`)
    .$if(typeId !== null, (q) => q.where('p.permit_type_id', '=', typeId!))
    .orderBy('pip.isolated_at')
    .orderBy('pip.id');
}
type OpenPoint = Awaited<ReturnType<ReturnType<typeof openPoints>['execute']>>[number];
const openPointRow = (run: ReportRun, r: OpenPoint): ReportRow => ({
  permit: r.permit,
  permitStatus: run.words.permit.status[r.permit_status],
  point: r.point,
  location: r.location,
  state: run.words.pointState[r.state] ?? r.state,
  isolatedBy: r.isolated_by,
  isolatedAt: r.isolated_at,
});

const openIsolations: Source = async (db, run, onBatch) => {
  const query = openPoints(db, run, await permitTypeId(db, run));
  await streamInSnapshot(db, query, (rows) => onBatch(rows.map((r) => openPointRow(run, r))));
};

/** KPI: points isolated longer than N days (default 7), with how long. */
const longOpenIsolations: Source = async (db, run, onBatch) => {
  const days = run.filters.days ?? REPORT_LONG_OPEN_DAYS_DEFAULT;
  const before = new Date(run.now.getTime() - days * 24 * HOUR);
  const query = openPoints(db, run, await permitTypeId(db, run)).where('pip.isolated_at', '<', before);
  await streamInSnapshot(db, query, (rows) =>
    onBatch(
      rows.map((r) => ({
        ...openPointRow(run, r),
        daysOpen: Math.floor((run.now.getTime() - r.isolated_at!.getTime()) / (24 * HOUR)),
      })),
    ),
  );
};

/** Every lock of the facility, and the permit it is on now (an open application). */
const lockInventory: Source = async (db, run, onBatch) => {
  const query = db
    .selectFrom('locks as l')
    .leftJoin('users as o', 'o.id', 'l.owner_id')
    .leftJoin('lock_applications as la', (join) =>
      join.onRef('la.lock_id', '=', 'l.id').on('la.removed_at', 'is', null),
    )
    .leftJoin('permits as p', 'p.id', 'la.permit_id')
    .select(['l.serial', 'l.kind', 'l.status', 'o.display_name as owner', 'p.number as permit', 'la.applied_at'])
    .where('l.facility_id', '=', run.facilityId)
    .orderBy('l.serial')
    .orderBy('l.id');
  await streamInSnapshot(db, query, (rows) =>
    onBatch(
      rows.map((r) => ({
        serial: r.serial,
        kind: run.words.lockKind[r.kind] ?? r.kind,
        status: run.words.lockStatus[r.status] ?? r.status,
        owner: r.owner,
        permit: r.permit,
        appliedAt: r.applied_at,
      })),
    ),
  );
};

/** Permits past their planned end and not yet closed or cancelled (drafts are not work), most overdue first. */
const overdueItems: Source = async (db, run, onBatch) => {
  const typeId = await permitTypeId(db, run);
  const query = db
    .selectFrom('permits as p')
    .innerJoin('permit_types as t', 't.id', 'p.permit_type_id')
    .leftJoin('users as h', 'h.id', 'p.holder_id')
    .select(['p.number', 't.name as type_name', 'p.status', 'p.title', 'h.display_name as holder', 'p.planned_end'])
    .where('p.facility_id', '=', run.facilityId)
    .where('p.status', 'not in', ['draft', 'closed', 'cancelled'])
    .where('p.planned_end', '<', run.now)
    .$if(typeId !== null, (q) => q.where('p.permit_type_id', '=', typeId!))
    .orderBy('p.planned_end')
    .orderBy('p.id');
  await streamInSnapshot(db, query, (rows) =>
    onBatch(
      rows.map((r) => ({
        permit: r.number,
        permitType: r.type_name,
        status: run.words.permit.status[r.status],
        title: r.title,
        holder: r.holder,
        plannedEnd: r.planned_end,
        hoursOverdue: round1((run.now.getTime() - r.planned_end.getTime()) / HOUR),
      })),
    ),
  );
};

/** KPI: how many permits are in each state, per type (planned start within the days given). */
const permitsByStateType: Source = async (db, run, onBatch) => {
  const typeId = await permitTypeId(db, run);
  const f = run.filters;
  const rows = await db
    .selectFrom('permits as p')
    .innerJoin('permit_types as t', 't.id', 'p.permit_type_id')
    .select(['t.name', 'p.status', (eb) => eb.fn.countAll<string>().as('n')])
    .where('p.facility_id', '=', run.facilityId)
    .$if(typeId !== null, (q) => q.where('p.permit_type_id', '=', typeId!))
    .$if(!!f.from, (q) => q.where('p.planned_start', '>=', dayStart(f.from!, run.timeZone)))
    .$if(!!f.to, (q) => q.where('p.planned_start', '<', nextDay(f.to!, run.timeZone)))
    .groupBy(['t.name', 'p.status'])
    .orderBy('t.name')
    .orderBy(sql`array_position(${statusOrder}, p.status)`)
    .execute();
  await onBatch(
    rows.map((r) => ({ permitType: r.name, status: run.words.permit.status[r.status], count: Number(r.n) })),
  );
};

/**
 * KPI: per type, how many permits were approved and the mean hours from their first request to
 * their first approval, both read from the audit trail (the lifecycle's record of each move).
 * The days given bound the request.
 */
const timeToApprove: Source = async (db, run, onBatch) => {
  const typeId = await permitTypeId(db, run);
  const f = run.filters;
  const firstAt = (status: string) =>
    db
      .selectFrom('audit_log')
      .select([sql<number>`entity_id::int`.as('permit_id'), (eb) => eb.fn.min('occurred_at').as('at')])
      .where('facility_id', '=', run.facilityId)
      .where('entity_type', '=', 'permit')
      .where(sql<boolean>`after->>'status' = ${status}`)
      .groupBy('entity_id');
  const rows = await db
    .with('req', () => firstAt('requested'))
    .with('appr', () => firstAt('approved'))
    .selectFrom('req')
    .innerJoin('appr', 'appr.permit_id', 'req.permit_id')
    .innerJoin('permits as p', 'p.id', 'req.permit_id')
    .innerJoin('permit_types as t', 't.id', 'p.permit_type_id')
    .select([
      't.name',
      (eb) => eb.fn.countAll<string>().as('n'),
      sql<string>`avg(extract(epoch from appr.at - req.at)) / 3600`.as('mean_hours'),
    ])
    .where('p.facility_id', '=', run.facilityId)
    .$if(typeId !== null, (q) => q.where('p.permit_type_id', '=', typeId!))
    .$if(!!f.from, (q) => q.where('req.at', '>=', dayStart(f.from!, run.timeZone)))
    .$if(!!f.to, (q) => q.where('req.at', '<', nextDay(f.to!, run.timeZone)))
    .groupBy('t.name')
    .orderBy('t.name')
    .execute();
  await onBatch(
    rows.map((r) => ({ permitType: r.name, approved: Number(r.n), meanHours: round1(Number(r.mean_hours)) })),
  );
};

/** Where each kind's rows come from. */
export const reportSources: Record<ReportKind, Source> = {
  'permit-register': permitRegister,
  'tag-register': tagRegister,
  'open-isolations': openIsolations,
  'lock-inventory': lockInventory,
  'overdue-items': overdueItems,
  'permits-by-state-type': permitsByStateType,
  'time-to-approve': timeToApprove,
  'long-open-isolations': longOpenIsolations,
};
