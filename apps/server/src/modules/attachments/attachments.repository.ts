import { sql, type Transaction } from 'kysely';
import type { Attachment } from '@hasp/contracts';
import type { Database, Db, PermitAttachmentTable } from '../../db/schema';
import type { Insertable } from 'kysely';

/** What the attachment commands and the list read of a permit. */
export interface AttachmentPermit {
  id: number;
  version: number;
  typeCode: string;
  status: string;
}

/** A permit of the facility with its type's code; `lock`: FOR SHARE (a lifecycle command waits for the attach). */
export async function findAttachmentPermit(
  db: Db,
  facilityId: number,
  permitId: number,
  lock = false,
): Promise<AttachmentPermit | undefined> {
  const { rows } = await sql<AttachmentPermit>`
    select p.id, p.version, t.code as "typeCode", p.status
    from permits p join permit_types t on t.id = p.permit_type_id
    where p.facility_id = ${facilityId} and p.id = ${permitId}
    ${lock ? sql`for share of p` : sql``}`.execute(db);
  return rows[0];
}

/** findAttachmentPermit for many permits of the facility in one statement, by ID (absent: not the facility's). */
export async function findAttachmentPermits(
  db: Db,
  facilityId: number,
  permitIds: readonly number[],
): Promise<Map<number, AttachmentPermit>> {
  if (!permitIds.length) return new Map();
  const { rows } = await sql<AttachmentPermit>`
    select p.id, p.version, t.code as "typeCode", p.status
    from permits p join permit_types t on t.id = p.permit_type_id
    where p.facility_id = ${facilityId} and p.id = any(${[...permitIds]}::int[])`.execute(db);
  return new Map(rows.map((row) => [row.id, row]));
}

export type AttachmentRow = Pick<
  PermitAttachmentTable,
  'kind' | 'content_type' | 'display_name' | 'storage' | 'has_thumbnail' | 'attached_by' | 'remove_reason'
> & { id: number; permit_id: number; version: number; removed_at: Date | null };

/** One attachment of the facility (FOR UPDATE when changing it). */
export async function findAttachment(
  db: Db,
  facilityId: number,
  attachmentId: number,
  lock = false,
): Promise<AttachmentRow | undefined> {
  let query = db
    .selectFrom('permit_attachments')
    .select([
      'id',
      'permit_id',
      'kind',
      'content_type',
      'display_name',
      'storage',
      'has_thumbnail',
      'attached_by',
      'removed_at',
      'remove_reason',
      'version',
    ])
    .where('facility_id', '=', facilityId)
    .where('id', '=', attachmentId);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function insertAttachment(
  trx: Transaction<Database>,
  row: Insertable<PermitAttachmentTable>,
): Promise<number> {
  const { id } = await trx.insertInto('permit_attachments').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function markAttachmentRemoved(
  trx: Transaction<Database>,
  id: number,
  change: { by: number; at: Date; reason: string },
): Promise<void> {
  await trx
    .updateTable('permit_attachments')
    .set({ removed_by: change.by, removed_at: change.at, remove_reason: change.reason, version: sql`version + 1` })
    .where('id', '=', id)
    .execute();
}

export type AttachmentViewRow = Omit<Attachment, 'canRemove'>;
const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** A permit's attachments (or one), newest first, with the people who attached and removed them. */
export async function listAttachmentRows(
  db: Db,
  facilityId: number,
  permitId: number,
  attachmentId?: number,
): Promise<AttachmentViewRow[]> {
  return selectAttachmentRows(db, facilityId, [permitId], attachmentId);
}

/** listAttachmentRows for many permits of the facility in one statement, by permit ID (none: absent). */
export async function listAttachmentRowsForPermits(
  db: Db,
  facilityId: number,
  permitIds: readonly number[],
): Promise<Map<number, AttachmentViewRow[]>> {
  const byPermit = new Map<number, AttachmentViewRow[]>();
  if (!permitIds.length) return byPermit;
  for (const row of await selectAttachmentRows(db, facilityId, permitIds)) {
    const list = byPermit.get(row.permitId);
    if (list) list.push(row);
    else byPermit.set(row.permitId, [row]);
  }
  return byPermit;
}

async function selectAttachmentRows(
  db: Db,
  facilityId: number,
  permitIds: readonly number[],
  attachmentId?: number,
): Promise<AttachmentViewRow[]> {
  const { rows } = await sql<AttachmentViewRow>`
    select a.id as "ID", a.permit_id as "permitId", a.kind, a.content_type as "contentType",
      a.display_name as "displayName", a.byte_size as "byteSize", a.width, a.height,
      a.has_thumbnail as "hasThumbnail",
      json_build_object('ID', ua.id, 'displayName', ua.display_name) as "attachedBy",
      ${iso('a.attached_at')} as "attachedAt",
      case when a.removed_at is null then null else json_build_object(
        'by', json_build_object('ID', ur.id, 'displayName', ur.display_name),
        'at', ${iso('a.removed_at')}, 'reason', a.remove_reason) end as removed,
      a.version
    from permit_attachments a
    join users ua on ua.id = a.attached_by
    left join users ur on ur.id = a.removed_by
    where a.facility_id = ${facilityId} and a.permit_id = any(${[...permitIds]}::int[])
      ${attachmentId === undefined ? sql`` : sql`and a.id = ${attachmentId}`}
    order by a.id desc`.execute(db);
  return rows;
}
