import type { QueryCreator, Transaction } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Permit, PermitSection } from '@hasp/contracts';
import { itemCaptionSql } from '../master-lists';
import { handoverOf, pendingHandoverColumn } from './permit-handover.repository';

/**
 * A permit as stored, before the caller's allowed commands are added (they depend on who asks), with
 * what the server alone uses: its type's limits and its facility (so a section's guard facts need
 * not look the facility up again).
 */
export type PermitRecord = Omit<Permit, 'allowedCommands'> & {
  maxExtensions: number;
  maxValidityHours: number;
  facilityId: number;
  /** The facility's IANA time zone: the lifecycle's refusals name times in it (the permit's start). */
  facilityTimeZone: string;
  /**
   * The type's "hazard analysis required before Requested", read with the permit (its guard's fact
   * costs no statement of its own; decision 0066).
   */
  hazardAnalysisRequired: boolean;
};
import type { Database, Db, PermitStatusColumn } from '../../db/schema';

/** The IDs among `ids` that are assets of the facility. */
export async function listFacilityAssetIds(db: Db, facilityId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('assets')
    .select('id')
    .where('facility_id', '=', facilityId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => r.id);
}

export async function isFacilityArea(db: Db, facilityId: number, areaId: number): Promise<boolean> {
  const row = await db
    .selectFrom('areas')
    .select('id')
    .where('facility_id', '=', facilityId)
    .where('id', '=', areaId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * May this user hold a permit of the type: a user of the facility who may view such permits (the
 * holder accepts and completes the work from the permit; someone who cannot open it never could).
 */
export async function mayHoldPermit(db: Db, facilityId: number, userId: number, typeCode: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_facilities as uf')
    .innerJoin('user_groups as ug', 'ug.user_id', 'uf.user_id')
    .innerJoin('groups as g', (join) => join.onRef('g.id', '=', 'ug.group_id').on('g.facility_id', '=', facilityId))
    .innerJoin('group_permissions as gp', 'gp.group_id', 'g.id')
    .select('uf.user_id')
    .where('uf.facility_id', '=', facilityId)
    .where('uf.user_id', '=', userId)
    .where('gp.permission', '=', `permit:view:${typeCode}`)
    .executeTakeFirst();
  return row !== undefined;
}

export interface NewPermit {
  facility_id: number;
  permit_type_id: number;
  number: string;
  area_id: number | null;
  title: string;
  description: string;
  work_method: string;
  planned_start: Date;
  planned_end: Date;
  requester_id: number;
  holder_id: number | null;
  risk_level: 'low' | 'medium' | 'high' | null;
  /** The work order it was made from (Hasp Connect); unique in the facility. */
  external_reference?: string | null;
  created_at: Date;
  updated_at: Date;
}

export async function insertPermit(trx: Transaction<Database>, values: NewPermit, assetIds: number[]): Promise<number> {
  const { id } = await trx.insertInto('permits').values(values).returning('id').executeTakeFirstOrThrow();
  if (assetIds.length) {
    await trx
      .insertInto('permit_assets')
      .values(assetIds.map((assetId) => ({ permit_id: id, facility_id: values.facility_id, asset_id: assetId })))
      .execute();
  }
  return id;
}

/**
 * Permits (`p`) with their type (`t`), area (`a`), requester (`r`), holder (`h`) and issuer (`i`):
 * the joins the permit page and the index both read from.
 */
export function permitsWithPeople(db: QueryCreator<Database>, from: 'permits' | 'permit_update' = 'permits') {
  return (
    db
      // `permit_update`: a CTE of `update permits … returning *` (updatePermit), the same columns.
      .selectFrom(`${from} as p` as 'permits as p')
      .innerJoin('permit_types as t', 't.id', 'p.permit_type_id')
      .leftJoin('areas as a', 'a.id', 'p.area_id')
      .innerJoin('users as r', 'r.id', 'p.requester_id')
      .leftJoin('users as h', 'h.id', 'p.holder_id')
      .leftJoin('users as i', 'i.id', 'p.issuer_id')
  );
}

/**
 * A permit of the facility as the API shows it (with the type's code, for the permission check), or
 * undefined. `lock`: the permit's row is locked FOR UPDATE (a lifecycle command's target), in the
 * same query that reads it.
 */
export async function findPermit(
  db: Db,
  facilityId: number,
  id: number,
  options: { lock?: boolean } = {},
): Promise<PermitRecord | undefined> {
  return readPermit(db, facilityId, id, { lock: options.lock ?? false, from: 'permits' });
}

async function readPermit(
  db: QueryCreator<Database>,
  facilityId: number,
  id: number,
  options: { lock: boolean; from: 'permits' | 'permit_update' },
): Promise<PermitRecord | undefined> {
  let query = permitRecordQuery(db, options.from).where('p.facility_id', '=', facilityId).where('p.id', '=', id);
  // Only the permit's row: the joined type, area and people stay free for other permits' commands.
  if (options.lock) query = query.forUpdate('p');
  const row = await query.executeTakeFirst();
  return row && permitRecordOf(row);
}

/**
 * The facility's permits among `ids` as findPermit reads each, in one statement (the offline
 * download reads a page of permits at once), by ID ascending; IDs of no permit of the facility are absent.
 */
export async function findPermits(db: Db, facilityId: number, ids: readonly number[]): Promise<PermitRecord[]> {
  if (!ids.length) return [];
  // The assets and approvals of all of them in one statement each, instead of two subqueries run
  // per permit (half of PostgreSQL's time in the download's page; decision 0070). One after another,
  // as the download's other statements: one pooled connection at a time.
  const rows = await permitColumnsQuery(db, 'permits')
    .where('p.facility_id', '=', facilityId)
    .where('p.id', 'in', [...ids])
    .orderBy('p.id')
    .execute();
  const assets = await db
    .selectFrom('permit_assets as pa')
    .innerJoin('assets as s', 's.id', 'pa.asset_id')
    .select(['pa.permit_id', 's.id', 's.number', 's.description'])
    .where('pa.facility_id', '=', facilityId)
    .where('pa.permit_id', 'in', [...ids])
    .orderBy('s.number')
    .execute();
  const approvals = await db
    .selectFrom('permit_approvals as ap')
    .innerJoin('users as u', 'u.id', 'ap.user_id')
    .select(['ap.permit_id', 'u.id', 'u.display_name', 'ap.approved_at'])
    .where('ap.permit_id', 'in', [...ids])
    .where('ap.cleared_at', 'is', null)
    .orderBy('ap.approved_at')
    .execute();
  const assetsOf = groupByPermit(assets);
  const approvalsOf = groupByPermit(approvals);
  return rows.map((row) =>
    permitRecordOf({
      ...row,
      assets: assetsOf.get(row.id) ?? [],
      // As the single read's JSON carries them (permitRecordOf normalizes them to the API's ISO form).
      approvals: (approvalsOf.get(row.id) ?? []).map((ap) => ({ ...ap, approved_at: ap.approved_at.toISOString() })),
    }),
  );
}

function groupByPermit<R extends { permit_id: number }>(rows: R[]): Map<number, Omit<R, 'permit_id'>[]> {
  const byPermit = new Map<number, Omit<R, 'permit_id'>[]>();
  for (const { permit_id, ...row } of rows) {
    const list = byPermit.get(permit_id);
    if (list) list.push(row);
    else byPermit.set(permit_id, [row]);
  }
  return byPermit;
}

function permitRecordQuery(db: QueryCreator<Database>, from: 'permits' | 'permit_update') {
  return permitColumnsQuery(db, from).select([
    // Assets and current approvals in the same query: one round trip per permit read (a lifecycle
    // command reads the permit twice inside its transaction).
    (eb) =>
      jsonArrayFrom(
        eb
          .selectFrom('permit_assets as pa')
          .innerJoin('assets as s', 's.id', 'pa.asset_id')
          .select(['s.id', 's.number', 's.description'])
          .whereRef('pa.permit_id', '=', 'p.id')
          .orderBy('s.number'),
      ).as('assets'),
    (eb) =>
      jsonArrayFrom(
        eb
          .selectFrom('permit_approvals as ap')
          .innerJoin('users as u', 'u.id', 'ap.user_id')
          .select(['u.id', 'u.display_name', 'ap.approved_at'])
          .whereRef('ap.permit_id', '=', 'p.id')
          .where('ap.cleared_at', 'is', null)
          .orderBy('ap.approved_at'),
      ).as('approvals'),
  ]);
}

/** The permit's own columns with its type's, area's and people's (without its assets and approvals). */
function permitColumnsQuery(db: QueryCreator<Database>, from: 'permits' | 'permit_update') {
  return (
    permitsWithPeople(db, from)
      .innerJoin('facilities as f', 'f.id', 'p.facility_id')
      // Returned for rework: who, and the "Rejection reasons" item (its caption, as a record shows it).
      .leftJoin('users as rb', 'rb.id', 'p.returned_by')
      .leftJoin('master_list_items as rr', 'rr.id', 'p.return_reason_item_id')
      .select([
        'p.id',
        'p.facility_id',
        'p.number',
        'p.status',
        'p.title',
        'p.description',
        'p.work_method',
        'p.planned_start',
        'p.planned_end',
        'p.revision',
        'p.version',
        'p.extension_count',
        'p.voided_at',
        'p.void_reason',
        'p.risk_level',
        'p.status_reason',
        'p.created_at',
        'p.updated_at',
        't.id as type_id',
        't.code as type_code',
        't.name as type_name',
        't.icon as type_icon',
        't.color as type_color',
        't.sections as type_sections',
        't.max_extensions',
        't.max_validity_hours',
        't.hazard_analysis_required',
        'a.id as area_id',
        'a.number as area_number',
        'a.name as area_name',
        'r.id as requester_id',
        'r.display_name as requester_name',
        'h.id as holder_id',
        'h.display_name as holder_name',
        'i.id as issuer_id',
        'i.display_name as issuer_name',
        'f.time_zone as facility_time_zone',
        'p.returned_by',
        'rb.display_name as returned_by_name',
        'p.returned_at',
        'p.return_note',
        'rr.id as return_reason_id',
        'rr.value as return_reason_value',
        itemCaptionSql('rr').as('return_reason_caption'),
        // A hand-over the incoming holder has not yet acknowledged: its notes, for the accept dialog and the accept guard.
        pendingHandoverColumn(),
      ])
  );
}

type PermitRecordRow = Awaited<ReturnType<ReturnType<typeof permitRecordQuery>['executeTakeFirstOrThrow']>>;

function permitRecordOf(row: PermitRecordRow): PermitRecord {
  const { assets, approvals } = row;
  const person = (personId: number | null, name: string | null) =>
    personId === null ? null : { ID: personId, displayName: name ?? '' };
  return {
    ID: row.id,
    number: row.number,
    permitType: {
      ID: row.type_id,
      code: row.type_code,
      name: row.type_name,
      icon: row.type_icon,
      color: row.type_color,
      sections: row.type_sections as PermitSection[],
    },
    status: row.status,
    title: row.title,
    description: row.description,
    workMethod: row.work_method,
    area: row.area_id === null ? null : { ID: row.area_id, number: row.area_number!, name: row.area_name! },
    assets: assets.map((s) => ({ ID: s.id, number: s.number, description: s.description })),
    plannedStart: row.planned_start.toISOString(),
    plannedEnd: row.planned_end.toISOString(),
    requester: { ID: row.requester_id, displayName: row.requester_name },
    holder: person(row.holder_id, row.holder_name),
    issuer: person(row.issuer_id, row.issuer_name),
    approvals: approvals.map((ap) => ({
      user: { ID: ap.id, displayName: ap.display_name },
      // JSON carries the time as PostgreSQL writes it: normalized to the API's ISO form.
      approvedAt: new Date(ap.approved_at).toISOString(),
    })),
    riskLevel: row.risk_level,
    statusReason: row.status_reason,
    returned:
      row.returned_by === null || row.returned_at === null || row.return_reason_id === null
        ? null
        : {
            by: { ID: row.returned_by, displayName: row.returned_by_name ?? '' },
            at: new Date(row.returned_at).toISOString(),
            reason: {
              ID: row.return_reason_id,
              value: row.return_reason_value ?? '',
              caption: row.return_reason_caption,
            },
            note: row.return_note ?? '',
          },
    pendingHandover: row.pending_handover ? handoverOf(row.pending_handover) : null,
    revision: row.revision,
    version: row.version,
    extensionCount: row.extension_count,
    voidedAt: row.voided_at?.toISOString() ?? null,
    voidReason: row.void_reason,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    maxExtensions: row.max_extensions,
    maxValidityHours: row.max_validity_hours,
    hazardAnalysisRequired: row.hazard_analysis_required,
    facilityId: row.facility_id,
    facilityTimeZone: row.facility_time_zone,
  };
}

export type PermitChange = Partial<{
  status: PermitStatusColumn;
  title: string;
  description: string;
  work_method: string;
  area_id: number | null;
  planned_start: Date;
  planned_end: Date;
  holder_id: number | null;
  issuer_id: number | null;
  risk_level: 'low' | 'medium' | 'high' | null;
  revision: number;
  extension_count: number;
  status_reason: string | null;
  voided_at: Date;
  void_reason: string;
  returned_by: number | null;
  returned_at: Date | null;
  return_reason_item_id: number | null;
  return_note: string | null;
  pending_handover_id: number | null;
}> & { updated_at: Date };

/**
 * Applies a lifecycle command's change, moves the permit on by one version (the runner's bump reads
 * it so) and answers the permit as it now is, in one statement: the update's RETURNING row read with
 * the same joins as findPermit. The assets and approvals subqueries see the command's earlier
 * statements (replaced assets, added or cleared approvals), as a read after the update would.
 */
export async function updatePermit(
  trx: Transaction<Database>,
  facilityId: number,
  id: number,
  change: PermitChange,
): Promise<PermitRecord> {
  const updated = trx.with('permit_update', (db) =>
    db
      .updateTable('permits')
      .set((eb) => ({ ...change, version: eb('version', '+', 1) }))
      .where('id', '=', id)
      .where('facility_id', '=', facilityId)
      .returningAll(),
  );
  const after = await readPermit(updated, facilityId, id, {
    lock: false,
    from: 'permit_update',
  });
  if (!after) throw new Error(`permit ${id}: the locked permit was not updated`);
  return after;
}

/** Makes the permit's assets exactly `assetIds` (the link rows are not history: the audit row keeps the before). */
export async function replacePermitAssets(
  trx: Transaction<Database>,
  facilityId: number,
  permitId: number,
  assetIds: number[],
): Promise<void> {
  await trx.deleteFrom('permit_assets').where('permit_id', '=', permitId).execute();
  if (assetIds.length) {
    await trx
      .insertInto('permit_assets')
      .values(assetIds.map((assetId) => ({ permit_id: permitId, facility_id: facilityId, asset_id: assetId })))
      .execute();
  }
}

export async function addApproval(
  trx: Transaction<Database>,
  facilityId: number,
  permitId: number,
  userId: number,
  at: Date,
): Promise<void> {
  await trx
    .insertInto('permit_approvals')
    .values({ permit_id: permitId, facility_id: facilityId, user_id: userId, approved_at: at })
    // A signer signing again (the content changed after their signature) is still one approver.
    .onConflict((oc) => oc.columns(['permit_id', 'user_id']).where('cleared_at', 'is', null).doNothing())
    .execute();
}

/** Clears the current approvals (the rows stay, with the time they stopped counting). */
export async function clearApprovals(trx: Transaction<Database>, permitId: number, at: Date): Promise<void> {
  await trx
    .updateTable('permit_approvals')
    .set({ cleared_at: at })
    .where('permit_id', '=', permitId)
    .where('cleared_at', 'is', null)
    .execute();
}
