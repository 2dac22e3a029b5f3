import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import {
  permitPrintInForceStatuses,
  permitPrintWaitingStatuses,
  PRINT_LIST_LIMIT,
  type PrintListItem,
  type PrintQueue,
} from '@hasp/contracts';
import type { Db } from '../../db/schema';

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The print list's filters, as the tags' source takes them too. */
export interface PrintListFilter {
  queue: PrintQueue;
  permitId?: number;
  areaId?: number;
  typeCodes: readonly string[];
}

/**
 * The printed copy is the permit as it is now: same revision (an edit after approval is a new one),
 * same validity (an extension moves the end) and same holder (a hand-over names another). Anything
 * else makes the copy on the job site stale, and the permit waits to print again.
 */
const printIsCurrent = sql`(r.printed_revision = p.revision and r.printed_extension_count = p.extension_count
  and r.printed_holder_id is not distinct from p.holder_id)`;

/**
 * The serials of the isolation locks on lockbox `b`'s permit now (applied to a plan point, not
 * removed): whose keys go in the box, in the order the label lists them.
 */
const lockboxKeys = sql`coalesce((select array_agg(l.serial order by l.serial)
  from lock_applications la join locks l on l.id = la.lock_id
  where la.facility_id = b.facility_id and la.permit_id = b.permit_id
    and la.plan_point_id is not null and la.removed_at is null), '{}')`;

/**
 * An item's stamp: what it prints as now, compact (PrintListItem.stamp). Written twice, once in SQL
 * for the list and once here for the commands: print-kinds tests compare the two.
 */
const permitStampSql = sql`concat('r', p.revision, 'e', p.extension_count, 'h', coalesce(p.holder_id::text, '-'))`;
const lockboxStampSql = sql`md5(array_to_string(${lockboxKeys}, E'\n'))`;
export const permitStamp = (s: { revision: number; extensionCount: number; holderId: number | null }) =>
  `r${s.revision}e${s.extensionCount}h${s.holderId ?? '-'}`;
export const lockboxStamp = (keys: readonly string[]) => createHash('md5').update(keys.join('\n')).digest('hex');

/** The label lists the keys in the box now (one printed before labels kept their keys is not known to). */
const labelIsCurrent = sql`(r.printed_keys is not null and r.printed_keys = ${lockboxKeys})`;

const permitFilters = (filter: PrintListFilter) => sql`
  and pt.code = any(${[...filter.typeCodes]}::text[])
  ${filter.permitId === undefined ? sql`` : sql`and p.id = ${filter.permitId}`}
  ${filter.areaId === undefined ? sql`` : sql`and p.area_id = ${filter.areaId}`}`;

const commonColumns = sql`
  json_build_object('ID', p.id, 'number', p.number, 'title', p.title) as permit,
  case when a.id is null then null else json_build_object('ID', a.id, 'name', a.name) end as area,
  null as point, null as legend, ${iso('r.printed_at')} as "printedAt", u.display_name as "printedBy",
  coalesce(r.reprint_count, 0) as "reprintCount", coalesce(r.version, 0) as version`;

/**
 * Permits of one queue (decision 0074). Waiting: issued or active, and never printed or printed at
 * another revision, validity or holder. Printed: in force and printed as it is now.
 */
export async function listQueuedPermits(db: Db, facilityId: number, filter: PrintListFilter): Promise<PrintListItem[]> {
  const waiting = filter.queue === 'waiting';
  const statuses = [...(waiting ? permitPrintWaitingStatuses : permitPrintInForceStatuses)];
  const { rows } = await sql<PrintListItem>`
    select 'permit' as kind, p.id as "ID", p.number, pt.name as detail, ${commonColumns}, ${permitStampSql} as stamp
    from permits p
    join permit_types pt on pt.id = p.permit_type_id
    left join areas a on a.facility_id = p.facility_id and a.id = p.area_id
    left join print_records r on r.facility_id = p.facility_id and r.kind = 'permit' and r.subject_id = p.id
    left join users u on u.id = r.printed_by
    where p.facility_id = ${facilityId} and p.status = any(${statuses}::text[])
      and ${waiting ? sql`(r.subject_id is null or not ${printIsCurrent})` : sql`r.subject_id is not null and ${printIsCurrent}`}
      ${permitFilters(filter)}
    order by p.number
    limit ${PRINT_LIST_LIMIT + 1}`.execute(db);
  return rows;
}

/**
 * Open lockboxes of one queue. Waiting: never labelled, or labelled with other keys than the box
 * holds now (a lock applied or removed since). Printed: labelled as it is now.
 */
export async function listQueuedLockboxes(
  db: Db,
  facilityId: number,
  filter: PrintListFilter,
): Promise<PrintListItem[]> {
  const { rows } = await sql<PrintListItem>`
    select 'lockbox' as kind, b.id as "ID", b.number, pu.display_name as detail, ${commonColumns},
      ${lockboxStampSql} as stamp
    from lockboxes b
    join permits p on p.facility_id = b.facility_id and p.id = b.permit_id
    join permit_types pt on pt.id = p.permit_type_id
    join users pu on pu.id = b.primary_user_id
    left join areas a on a.facility_id = p.facility_id and a.id = p.area_id
    left join print_records r on r.facility_id = b.facility_id and r.kind = 'lockbox' and r.subject_id = b.id
    left join users u on u.id = r.printed_by
    where b.facility_id = ${facilityId} and b.released_at is null
      and ${filter.queue === 'waiting' ? sql`(r.subject_id is null or not ${labelIsCurrent})` : sql`r.subject_id is not null and ${labelIsCurrent}`}
      ${permitFilters(filter)}
    order by p.number, b.number
    limit ${PRINT_LIST_LIMIT + 1}`.execute(db);
  return rows;
}

/** The items' stamps now (permits or lockbox labels of the facility), by id. */
export async function currentStamps(
  db: Db,
  facilityId: number,
  kind: 'permit' | 'lockbox',
  ids: readonly number[],
): Promise<Map<number, string>> {
  const { rows } =
    kind === 'permit'
      ? await sql<{ id: number; stamp: string }>`
          select p.id, ${permitStampSql} as stamp from permits p
          where p.facility_id = ${facilityId} and p.id = any(${[...ids]}::int[])`.execute(db)
      : await sql<{ id: number; stamp: string }>`
          select b.id, ${lockboxStampSql} as stamp from lockboxes b
          where b.facility_id = ${facilityId} and b.id = any(${[...ids]}::int[])`.execute(db);
  return new Map(rows.map((r) => [r.id, r.stamp]));
}

/** The kinds that keep a print record (a tag keeps its printed state on itself, decision 0071). */
export type PrintRecordKind = 'permit' | 'lockbox' | 'lock';

/** A print record as the print commands read and write it. */
export interface PrintRecordRow {
  printedRevision: number | null;
  printedExtensionCount: number | null;
  printedHolderId: number | null;
  printedKeys: string[] | null;
  printedAt: Date;
  printedBy: number;
  reprintCount: number;
  version: number;
}

/** The permit, locked (FOR UPDATE of its row: what is printed cannot change meanwhile), with its print record. */
export async function lockPermitForPrint(db: Db, facilityId: number, permitId: number) {
  const { rows } = await sql<{
    id: number;
    number: string;
    status: string;
    typeCode: string;
    revision: number;
    extensionCount: number;
    holderId: number | null;
  }>`
    select p.id, p.number, p.status, pt.code as "typeCode", p.revision, p.extension_count as "extensionCount",
      p.holder_id as "holderId"
    from permits p join permit_types pt on pt.id = p.permit_type_id
    where p.facility_id = ${facilityId} and p.id = ${permitId}
    for update of p`.execute(db);
  const permit = rows[0];
  return permit && { permit, record: await findPrintRecord(db, facilityId, 'permit', permitId) };
}

/** The lockbox, locked (FOR UPDATE of its row), with its permit's type and its print record. */
export async function lockLockboxForPrint(db: Db, facilityId: number, lockboxId: number) {
  const { rows } = await sql<{
    id: number;
    number: string;
    permitId: number;
    typeCode: string;
    released: boolean;
    keys: string[];
  }>`
    select b.id, b.number, b.permit_id as "permitId", pt.code as "typeCode", b.released_at is not null as released,
      ${lockboxKeys} as keys
    from lockboxes b
    join permits p on p.facility_id = b.facility_id and p.id = b.permit_id
    join permit_types pt on pt.id = p.permit_type_id
    where b.facility_id = ${facilityId} and b.id = ${lockboxId}
    for update of b`.execute(db);
  const lockbox = rows[0];
  return lockbox && { lockbox, record: await findPrintRecord(db, facilityId, 'lockbox', lockboxId) };
}

/** The print record of one subject, locked (FOR UPDATE): the command's version is its. */
export async function findPrintRecord(
  db: Db,
  facilityId: number,
  kind: PrintRecordKind,
  subjectId: number,
): Promise<PrintRecordRow | undefined> {
  return db
    .selectFrom('print_records')
    .select([
      'printed_revision as printedRevision',
      'printed_extension_count as printedExtensionCount',
      'printed_holder_id as printedHolderId',
      'printed_keys as printedKeys',
      'printed_at as printedAt',
      'printed_by as printedBy',
      'reprint_count as reprintCount',
      'version',
    ])
    .where('facility_id', '=', facilityId)
    .where('kind', '=', kind)
    .where('subject_id', '=', subjectId)
    .forUpdate()
    .executeTakeFirst();
}

/** Records a print (the first, or of a newer copy): the reprint count starts again with the new copy. */
export async function savePrintRecord(
  db: Db,
  row: {
    facilityId: number;
    kind: PrintRecordKind;
    subjectId: number;
    /** Null for a lock label: of no permit. */
    permitId: number | null;
    stamp: { revision: number; extensionCount: number; holderId: number | null } | null;
    /** A lockbox label: the lock serials it lists; a lock label: its one serial. */
    keys: string[] | null;
    at: Date;
    by: number;
  },
): Promise<void> {
  const columns = {
    permit_id: row.permitId,
    printed_revision: row.stamp?.revision ?? null,
    printed_extension_count: row.stamp?.extensionCount ?? null,
    printed_holder_id: row.stamp?.holderId ?? null,
    printed_keys: row.keys,
    printed_at: row.at,
    printed_by: row.by,
  };
  await db
    .insertInto('print_records')
    .values({ facility_id: row.facilityId, kind: row.kind, subject_id: row.subjectId, ...columns })
    .onConflict((oc) =>
      oc.columns(['facility_id', 'kind', 'subject_id']).doUpdateSet({
        ...columns,
        reprint_count: 0,
        reprinted_at: null,
        version: sql`print_records.version + 1`,
      }),
    )
    .execute();
}

/** Counts a reprint of a printed item. */
export async function countReprint(
  db: Db,
  row: { facilityId: number; kind: PrintRecordKind; subjectId: number; at: Date },
): Promise<void> {
  await db
    .updateTable('print_records')
    .set({ reprint_count: sql`reprint_count + 1`, reprinted_at: row.at, version: sql`version + 1` })
    .where('facility_id', '=', row.facilityId)
    .where('kind', '=', row.kind)
    .where('subject_id', '=', row.subjectId)
    .execute();
}

/** What a lockbox label prints (facility-scoped; lockboxes of types the caller may not view are left out). */
export interface LockboxLabelRow {
  id: number;
  number: string;
  permitId: number;
  permitNumber: string;
  permitTitle: string;
  device: string | null;
  primary: string;
  /** The isolation locks on the permit's points now: their keys go in the box. */
  locks: string[];
}

export async function listLockboxLabelRows(
  db: Db,
  facilityId: number,
  lockboxIds: readonly number[],
  typeCodes: readonly string[],
): Promise<LockboxLabelRow[]> {
  const { rows } = await sql<LockboxLabelRow>`
    select b.id, b.number, p.id as "permitId", p.number as "permitNumber", p.title as "permitTitle",
      d.serial as device, pu.display_name as primary,
      ${lockboxKeys} as locks
    from lockboxes b
    join permits p on p.facility_id = b.facility_id and p.id = b.permit_id
    join permit_types pt on pt.id = p.permit_type_id
    join users pu on pu.id = b.primary_user_id
    left join locks d on d.id = b.lock_id
    where b.facility_id = ${facilityId} and b.id = any(${[...lockboxIds]}::int[])
      and pt.code = any(${[...typeCodes]}::text[])`.execute(db);
  return rows;
}

/** The permits of the facility among `permitIds` whose types the caller may view (the permit PDF's check). */
export async function viewablePermitIds(
  db: Db,
  facilityId: number,
  permitIds: readonly number[],
  typeCodes: readonly string[],
): Promise<Set<number>> {
  const rows = await db
    .selectFrom('permits as p')
    .innerJoin('permit_types as pt', 'pt.id', 'p.permit_type_id')
    .select('p.id')
    .where('p.facility_id', '=', facilityId)
    .where('p.id', 'in', [...permitIds])
    .where('pt.code', 'in', typeCodes.length ? [...typeCodes] : [''])
    .execute();
  return new Set(rows.map((r) => r.id));
}
