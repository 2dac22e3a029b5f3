import type { Caller } from '../../platform';
import type { Announcement, AnnouncementInput } from '@hasp/contracts';
import type { Db } from '../../db/schema';
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
import { defineCommand, actorFacilityTarget, type CommandRun, type FacilityTargetState } from '../../platform';
import {
  announcementCreatePolicy,
  announcementPolicy,
  announcementTarget,
  type AnnouncementState,
} from './announcement.policy';

/** Who acts: the platform's actor, as far as this module needs it. */

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

type AnnouncementRun<I> = CommandRun<I, AnnouncementState>;
type Recorder = Pick<AnnouncementRun<unknown>, 'audit' | 'event'>;

/** Audits the change with the same action as ever and announces it (entity `announcement`). */
function record(run: Recorder, action: string, event: string, before: Announcement | null, after: Announcement) {
  run.audit({
    action,
    entityType: 'announcement',
    entityId: after.ID,
    before: before && audited(before),
    after: audited(after),
  });
  run.event({ name: event, entityType: 'announcement', entityId: after.ID });
}

/** Writes a draft announcement (audited `announcement.create`, announced `announcement.created`). */
export const createAnnouncement = defineCommand({
  name: 'announcement.create',
  target: actorFacilityTarget,
  policy: announcementCreatePolicy['announcement.create'],
  async apply({ trx, ctx, input, ...run }: CommandRun<AnnouncementInput, FacilityTargetState>): Promise<Announcement> {
    const caller = ctx.actor;
    const values = await valuesFrom(trx, caller, input);
    const created = await load(trx, caller, await insertAnnouncement(trx, caller, caller.userId, values));
    record(run, 'announcement.create', 'announcement.created', null, created);
    return created;
  },
});

/** Edits an announcement (audited `announcement.update`, announced `announcement.changed`); an archived one is not found. */
export const editAnnouncement = defineCommand({
  name: 'announcement.edit',
  target: announcementTarget,
  policy: announcementPolicy['announcement.edit'],
  async apply({ trx, ctx, input, state, ...run }: AnnouncementRun<AnnouncementInput>): Promise<Announcement> {
    const caller = ctx.actor;
    const values = await valuesFrom(trx, caller, input);
    const before = await load(trx, caller, state.id);
    if (!(await updateAnnouncement(trx, caller, state.id, values))) throw AppError.notFound('Announcement');
    const after = await load(trx, caller, state.id);
    record(run, 'announcement.update', 'announcement.changed', before, after);
    return after;
  },
});

type StatusAction = 'publish' | 'expire' | 'archive';
const statusOf = { publish: 'published', expire: 'expired', archive: 'archived' } as const;

/** publish, expire (ends the validity window now) or archive (the manager's delete): `announcement.<action>`. */
function statusCommand(action: StatusAction) {
  const status = statusOf[action];
  return defineCommand({
    name: `announcement.${action}`,
    target: announcementTarget,
    policy: announcementPolicy[`announcement.${action}`],
    async apply({ trx, ctx, state, ...run }: AnnouncementRun<unknown>): Promise<Announcement> {
      const { actor: caller, now } = ctx;
      const current = await load(trx, caller, state.id);
      const endsLater = current.validTo === null || Date.parse(current.validTo) > now.getTime();
      await setAnnouncementStatus(
        trx,
        caller,
        state.id,
        status,
        action === 'expire' && endsLater ? { validTo: now } : {},
      );
      const after = await load(trx, caller, state.id);
      record(run, `announcement.${action}`, `announcement.${status}`, current, after);
      return after;
    },
  });
}

/** The status commands by action, as the routes send them. */
export const changeAnnouncementStatus = {
  publish: statusCommand('publish'),
  expire: statusCommand('expire'),
  archive: statusCommand('archive'),
};

/** Records that the caller read an announcement that asks for it and is addressed to them. */
export async function acknowledgeAnnouncement(db: Db, caller: Caller, id: number, now: Date): Promise<Announcement> {
  const visible = (await listCurrentAnnouncementsForUser(db, caller, caller.userId, now)).find((a) => a.ID === id);
  if (!visible) throw AppError.notFound('Announcement');
  if (!visible.requiresAcknowledgement)
    throw new AppError('CONFLICT', 409, 'This announcement does not ask for acknowledgement');
  await insertAcknowledgement(db, id, caller.userId);
  return load(db, caller, id);
}
