import type { Attachment, AttachmentList } from '@hasp/contracts';
import type { Db } from '../../db/schema';
import type { Actor } from '../../platform';
import { listFacilityAndConnectionPermissions } from '../permissions';
import { attachRefusal, mayRemoveOthers, removeRefusal } from './attachment-rules';
import {
  listAttachmentRows,
  listAttachmentRowsForPermits,
  type AttachmentPermit,
  type AttachmentViewRow,
} from './attachments.repository';

/** The rows with what this caller may do to each (the same rules as the commands' policy). */
async function withRights(db: Db, actor: Actor, permit: AttachmentPermit, attachmentId?: number) {
  const rows = await listAttachmentRows(db, actor.facilityId, permit.id, attachmentId);
  return rowsWithRights(rows, actor, permit, await listFacilityAndConnectionPermissions(db, actor));
}

function rowsWithRights(
  rows: AttachmentViewRow[],
  actor: Actor,
  permit: AttachmentPermit,
  permissions: Parameters<typeof mayRemoveOthers>[0],
) {
  const removesOthers = mayRemoveOthers(permissions, permit.typeCode);
  return rows.map((row): Attachment => ({
    ...row,
    canRemove:
      removeRefusal({
        status: permit.status,
        removed: row.removed !== null,
        attachedBy: row.attachedBy.ID,
        userId: actor.userId,
        removesOthers,
      }) === null,
  }));
}

/** One attachment as the caller sees it (a command's answer). */
export async function attachmentView(db: Db, actor: Actor, permit: AttachmentPermit, id: number): Promise<Attachment> {
  const [row] = await withRights(db, actor, permit, id);
  return row!;
}

/** The permit's Attachments tab. */
export async function attachmentListView(
  db: Db,
  actor: Actor,
  permit: AttachmentPermit,
  maxBytes: number,
): Promise<AttachmentList> {
  return {
    attachments: await withRights(db, actor, permit),
    maxBytes,
    canAttach: attachRefusal(permit.status) === null,
  };
}

/** attachmentListView for many permits of the caller's facility in two statements for all, by permit ID. */
export async function attachmentListViewsForPermits(
  db: Db,
  actor: Actor,
  permits: readonly AttachmentPermit[],
  maxBytes: number,
): Promise<Map<number, AttachmentList>> {
  if (!permits.length) return new Map();
  const [rows, permissions] = await Promise.all([
    listAttachmentRowsForPermits(
      db,
      actor.facilityId,
      permits.map((p) => p.id),
    ),
    listFacilityAndConnectionPermissions(db, actor),
  ]);
  return new Map(
    permits.map((permit) => [
      permit.id,
      {
        attachments: rowsWithRights(rows.get(permit.id) ?? [], actor, permit, permissions),
        maxBytes,
        canAttach: attachRefusal(permit.status) === null,
      },
    ]),
  );
}
