import type { Kysely } from 'kysely';
import type { Announcement, AnnouncementInput } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { isBlankRichText, sanitizeRichText } from '../rich-text';
import {
  countFacilityGroups,
  findAnnouncementById,
  insertAcknowledgement,
  insertAnnouncement,
  listCurrentAnnouncementsForUser,
  setAnnouncementStatus,
  updateAnnouncement,
  type AnnouncementValues,
  type FacilityScope,
} from './announcement.repository';

type Db = Kysely<Database>;
interface Caller extends FacilityScope {
  userId: number;
}

/** Sanitizes the body and checks the audience belongs to the facility. */
async function valuesFrom(db: Db, scope: FacilityScope, input: AnnouncementInput): Promise<AnnouncementValues> {
  const bodyHtml = sanitizeRichText(input.bodyHtml);
  if (isBlankRichText(bodyHtml)) {
    throw new AppError('VALIDATION_FAILED', 400, 'The announcement needs some text', [
      { field: 'bodyHtml', message: 'Text is required' },
    ]);
  }
  const groups = [...new Set(input.audienceGroupIDs)];
  if ((await countFacilityGroups(db, scope, groups)) !== groups.length) {
    throw new AppError('VALIDATION_FAILED', 400, 'Unknown group in the audience', [
      { field: 'audienceGroupIDs', message: 'Choose groups of this facility' },
    ]);
  }
  return {
    title: input.title,
    bodyHtml,
    validFrom: new Date(input.validFrom),
    validTo: input.validTo ? new Date(input.validTo) : null,
    requiresAcknowledgement: input.requiresAcknowledgement,
    audienceGroupIDs: groups,
  };
}

async function load(db: Db, caller: Caller, id: number): Promise<Announcement> {
  const found = await findAnnouncementById(db, caller, caller.userId, id);
  if (!found) throw AppError.notFound('Announcement');
  return found;
}

export async function createAnnouncement(db: Db, caller: Caller, input: AnnouncementInput): Promise<Announcement> {
  const values = await valuesFrom(db, caller, input);
  const id = await db.transaction().execute((trx) => insertAnnouncement(trx, caller, caller.userId, values));
  return load(db, caller, id);
}

export async function editAnnouncement(
  db: Db,
  caller: Caller,
  id: number,
  input: AnnouncementInput,
): Promise<Announcement> {
  const values = await valuesFrom(db, caller, input);
  const updated = await db.transaction().execute((trx) => updateAnnouncement(trx, caller, id, values));
  if (!updated) throw AppError.notFound('Announcement');
  return load(db, caller, id);
}

/** publish, expire (ends the validity window now) or archive (the manager's delete). */
export async function changeAnnouncementStatus(
  db: Db,
  caller: Caller,
  id: number,
  action: 'publish' | 'expire' | 'archive',
  now = new Date(),
): Promise<Announcement> {
  const current = await load(db, caller, id);
  if (current.status === 'archived') throw new AppError('CONFLICT', 409, 'This announcement is archived');
  const status = action === 'publish' ? 'published' : action === 'expire' ? 'expired' : 'archived';
  const endsLater = current.validTo === null || Date.parse(current.validTo) > now.getTime();
  await setAnnouncementStatus(db, caller, id, status, action === 'expire' && endsLater ? { validTo: now } : {});
  return load(db, caller, id);
}

/** Records that the caller read an announcement that asks for it and is addressed to them. */
export async function acknowledgeAnnouncement(
  db: Db,
  caller: Caller,
  id: number,
  now = new Date(),
): Promise<Announcement> {
  const visible = (await listCurrentAnnouncementsForUser(db, caller, caller.userId, now)).find((a) => a.ID === id);
  if (!visible) throw AppError.notFound('Announcement');
  if (!visible.requiresAcknowledgement)
    throw new AppError('CONFLICT', 409, 'This announcement does not ask for acknowledgement');
  await insertAcknowledgement(db, id, caller.userId);
  return load(db, caller, id);
}
