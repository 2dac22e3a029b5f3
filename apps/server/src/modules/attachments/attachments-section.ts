import type { Kysely } from 'kysely';
import { ATTACHMENT_HARD_MAX_BYTES, type AttachmentList } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import type { Actor } from '../../platform';
import { readSetting } from '../settings';
import { attachmentListView, attachmentListViewsForPermits } from './attachment-view';
import { findAttachmentPermit, findAttachmentPermits } from './attachments.repository';

/** The attachments list exactly as `GET /permits/:id/attachments` answers it (the files stay on the server). */
export async function readAttachmentsSection(
  db: Kysely<Database>,
  viewer: { actor: Actor },
  permitId: number,
): Promise<AttachmentList | null> {
  const permit = await findAttachmentPermit(db, viewer.actor.facilityId, permitId);
  if (!permit) return null;
  const megabytes = await readSetting(db, 'attachments.maxFileMegabytes', viewer.actor.facilityId);
  return attachmentListView(db, viewer.actor, permit, Math.min(megabytes * 1024 * 1024, ATTACHMENT_HARD_MAX_BYTES));
}

/**
 * readAttachmentsSection for many permits of the caller's facility in a few statements for all (the
 * offline download's page), by permit ID; IDs of no permit of the facility are absent.
 */
export async function readAttachmentsSectionsForPermits(
  db: Kysely<Database>,
  viewer: { actor: Actor },
  permitIds: readonly number[],
): Promise<Map<number, AttachmentList>> {
  const [permits, megabytes] = await Promise.all([
    findAttachmentPermits(db, viewer.actor.facilityId, permitIds),
    readSetting(db, 'attachments.maxFileMegabytes', viewer.actor.facilityId),
  ]);
  const maxBytes = Math.min(megabytes * 1024 * 1024, ATTACHMENT_HARD_MAX_BYTES);
  return attachmentListViewsForPermits(db, viewer.actor, [...permits.values()], maxBytes);
}
