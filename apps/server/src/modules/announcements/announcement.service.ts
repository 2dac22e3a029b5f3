import type { Kysely } from 'kysely';
import type { Announcement, AnnouncementInput } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { recordAudit } from '../audit';
import { isBlankRichText, sanitizeRichText } from '../rich-text';
import {
  countFacilityGroups,
  findAnnouncementById,
  insertAcknowledgement,
  insertAnnouncement,
  listCurrentAnnouncementsForUser,
  lockAnnouncement,
  setAnnouncementStatus,
  updateAnnouncement,
  type AnnouncementValues,
  type FacilityScope,
} from './announcement.repository';
import type { Actor } from '../../platform';

type Db = Kysely<Database>;
/** Who acts: the platform's actor, as far as this module needs it. */
type Caller = Pick<Actor, 'facilityId' | 'userId'>;

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

/** The announcement as the audit log records it: what the manager sets, not the viewer's acknowledgement. */
const audited = (a: Announcement) => ({
  title: a.title,
  bodyHtml: a.bodyHtml,
  validFrom: a.validFrom,
  validTo: a.validTo,
  status: a.status,
  requiresAcknowledgement: a.requiresAcknowledgement,
  audienceGroupIDs: a.audienceGroupIDs,
});

const audit = (db: Db, caller: Caller, action: string, before: Announcement | null, after: Announcement) =>
  recordAudit(db, {
    userId: caller.userId,
    facilityId: caller.facilityId,
    action,
    entityType: 'announcement',
    entityId: after.ID,
    before: before && audited(before),
    after: audited(after),
  });

/** Locks the announcement for the rest of the transaction and returns it (404 outside the facility). */
async function lockAndLoad(trx: Db, caller: Caller, id: number): Promise<Announcement> {
  if (!(await lockAnnouncement(trx, caller, id))) throw AppError.notFound('Announcement');
  return load(trx, caller, id);
}

export async function createAnnouncement(db: Db, caller: Caller, input: AnnouncementInput): Promise<Announcement> {
  const values = await valuesFrom(db, caller, input);
  return db.transaction().execute(async (trx) => {
    const created = await load(trx, caller, await insertAnnouncement(trx, caller, caller.userId, values));
    await audit(trx, caller, 'announcement.create', null, created);
    return created;
  });
}

export async function editAnnouncement(
  db: Db,
  caller: Caller,
  id: number,
  input: AnnouncementInput,
): Promise<Announcement> {
  const values = await valuesFrom(db, caller, input);
  return db.transaction().execute(async (trx) => {
    const before = await lockAndLoad(trx, caller, id);
    if (!(await updateAnnouncement(trx, caller, id, values))) throw AppError.notFound('Announcement');
    const after = await load(trx, caller, id);
    await audit(trx, caller, 'announcement.update', before, after);
    return after;
  });
}

/** publish, expire (ends the validity window now) or archive (the manager's delete). */
export async function changeAnnouncementStatus(
  db: Db,
  caller: Caller,
  id: number,
  action: 'publish' | 'expire' | 'archive',
  now: Date,
): Promise<Announcement> {
  return db.transaction().execute(async (trx) => {
    const current = await lockAndLoad(trx, caller, id);
    if (current.status === 'archived') throw new AppError('CONFLICT', 409, 'This announcement is archived');
    const status = action === 'publish' ? 'published' : action === 'expire' ? 'expired' : 'archived';
    const endsLater = current.validTo === null || Date.parse(current.validTo) > now.getTime();
    await setAnnouncementStatus(trx, caller, id, status, action === 'expire' && endsLater ? { validTo: now } : {});
    const after = await load(trx, caller, id);
    await audit(trx, caller, `announcement.${action}`, current, after);
    return after;
  });
}

/** Records that the caller read an announcement that asks for it and is addressed to them. */
export async function acknowledgeAnnouncement(db: Db, caller: Caller, id: number, now: Date): Promise<Announcement> {
  const visible = (await listCurrentAnnouncementsForUser(db, caller, caller.userId, now)).find((a) => a.ID === id);
  if (!visible) throw AppError.notFound('Announcement');
  if (!visible.requiresAcknowledgement)
    throw new AppError('CONFLICT', 409, 'This announcement does not ask for acknowledgement');
  await insertAcknowledgement(db, id, caller.userId);
  return load(db, caller, id);
}
