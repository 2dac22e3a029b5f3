import type { Kysely, Transaction } from 'kysely';
import type { Attachment, AttachmentList } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import type { Actor } from '../../platform';
import { listFacilityAndConnectionPermissions } from '../permissions';
import { attachRefusal, mayRemoveOthers, removeRefusal } from './attachment-rules';
import { listAttachmentRows, type AttachmentPermit } from './attachments.repository';

type Db = Kysely<Database> | Transaction<Database>;

/** The rows with what this caller may do to each (the same rules as the commands' policy). */
async function withRights(db: Db, actor: Actor, permit: AttachmentPermit, attachmentId?: number) {
  const rows = await listAttachmentRows(db, actor.facilityId, permit.id, attachmentId);
  const removesOthers = mayRemoveOthers(await listFacilityAndConnectionPermissions(db, actor), permit.typeCode);
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
