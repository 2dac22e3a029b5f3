import { permitPermission, type Attachment, type AttachmentRemoveInput } from '@hasp/contracts';
import { AppError } from '../../plugins/app-error';
import { actorPermissions, defineCommand, type CommandTarget } from '../../platform';
import type { PreparedAttachment } from './attachment-content';
import type { AttachmentStorage } from './attachment-storage';
import { attachRefusal, mayRemoveOthers, removeRefusal } from './attachment-rules';
import { attachmentView } from './attachment-view';
import {
  findAttachment,
  findAttachmentPermit,
  insertAttachment,
  markAttachmentRemoved,
  type AttachmentPermit,
  type AttachmentRow,
} from './attachments.repository';

/** The attach command's input: the checked file and where its bytes go (not part of the fingerprint). */
export interface AttachInput {
  file: PreparedAttachment;
  storage: AttachmentStorage;
}

/**
 * Attaching targets the permit (locked FOR SHARE, not changed: its version, the ETag, stays), as a
 * creation targets what it is added to (decision 0028). Another facility's permit: 404.
 */
const attachTarget: CommandTarget<AttachmentPermit> = {
  noun: 'Permit',
  lock: (trx, actor, id) => findAttachmentPermit(trx, actor.facilityId, id, true),
  bump: async (_trx, _id, state) => state.version,
};

/** The metadata the audit row keeps (never the bytes). */
const audited = (file: PreparedAttachment, id: number, permitId: number) => ({
  id,
  permitId,
  kind: file.kind,
  contentType: file.contentType,
  displayName: file.displayName,
  byteSize: file.content.length,
  width: file.width,
  height: file.height,
  sha256: file.sha256,
});

/** Attaches a photo or document to a permit (`attachment.attach`). */
export const attachFile = defineCommand<AttachInput, AttachmentPermit, Attachment>({
  name: 'attachment.attach',
  target: attachTarget,
  policy: {
    permissions: (_input, state) => [permitPermission('view', state.typeCode)],
    refuse: (state) => attachRefusal(state.status),
  },
  // Two sends of one file with one key are the same command: the bytes' hash stands for the bytes.
  fingerprint: ({ file }) => ({ sha256: file.sha256, displayName: file.displayName }),
  async apply(run) {
    const { trx, ctx, input, state } = run;
    const { file, storage } = input;
    const id = await insertAttachment(trx, {
      facility_id: ctx.actor.facilityId,
      permit_id: state.id,
      kind: file.kind,
      content_type: file.contentType,
      display_name: file.displayName,
      byte_size: file.content.length,
      width: file.width,
      height: file.height,
      has_thumbnail: file.thumbnail !== null,
      storage: storage.kind,
      sha256: file.sha256,
      attached_by: ctx.actor.userId,
      attached_at: ctx.now,
    });
    // Last, so a failure before it leaves no file behind.
    await storage.write(trx, ctx.connection.name, id, file.content, file.thumbnail);
    const after = audited(file, id, state.id);
    run.audit({ action: 'attachment.attach', entityType: 'permit-attachment', entityId: id, before: null, after });
    run.event({ name: 'attachment.attach', entityType: 'permit-attachment', entityId: id, payload: after });
    return attachmentView(trx, ctx.actor, state, id);
  },
});

interface RemoveState {
  version: number;
  permit: AttachmentPermit;
  attachment: AttachmentRow;
  removesOthers: boolean;
}

/** The attachment, locked after its permit (FOR SHARE, then the row FOR UPDATE). */
const removeTarget: CommandTarget<RemoveState> = {
  noun: 'Attachment',
  staleMessage: 'Someone changed this attachment first. Reload the permit and try again.',
  async lock(trx, actor, id) {
    const found = await findAttachment(trx, actor.facilityId, id);
    if (!found) return undefined;
    const permit = await findAttachmentPermit(trx, actor.facilityId, found.permit_id, true);
    const attachment = permit && (await findAttachment(trx, actor.facilityId, id, true));
    if (!permit || !attachment) return undefined;
    const removesOthers = mayRemoveOthers(await actorPermissions(trx, actor), permit.typeCode);
    return { version: attachment.version, permit, attachment, removesOthers };
  },
  bump: async (_trx, _id, state) => state.version + 1,
};

/**
 * Removes an attachment from the permit's list (`attachment.remove`): never deleted, the row keeps
 * who, when and why, and the file stays downloadable for audit.
 */
export const removeAttachment = defineCommand<AttachmentRemoveInput & { permitId: number }, RemoveState, Attachment>({
  name: 'attachment.remove',
  target: removeTarget,
  policy: {
    permissions: (_input, state) => [permitPermission('view', state.permit.typeCode)],
    refuse: (state, actor, input) => {
      // An attachment of another permit than the path's: as if it were not there.
      if (state.permit.id !== input.permitId) return AppError.notFound('Attachment');
      return removeRefusal({
        status: state.permit.status,
        removed: state.attachment.removed_at !== null,
        attachedBy: state.attachment.attached_by,
        userId: actor.userId,
        removesOthers: state.removesOthers,
      });
    },
  },
  async apply(run) {
    const { trx, ctx, input, state } = run;
    const { attachment, permit } = state;
    await markAttachmentRemoved(trx, attachment.id, { by: ctx.actor.userId, at: ctx.now, reason: input.reason });
    const summary = { id: attachment.id, permitId: permit.id, displayName: attachment.display_name };
    run.audit({
      action: 'attachment.remove',
      entityType: 'permit-attachment',
      entityId: attachment.id,
      before: { ...summary, removed: false },
      after: { ...summary, removed: true },
      reason: input.reason,
    });
    run.event({
      name: 'attachment.remove',
      entityType: 'permit-attachment',
      entityId: attachment.id,
      payload: summary,
    });
    return attachmentView(trx, ctx.actor, permit, attachment.id);
  },
});
