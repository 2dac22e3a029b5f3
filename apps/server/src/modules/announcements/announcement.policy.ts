import { rightNavPermission, type AnnouncementStatus } from '@hasp/contracts';
import { AppError } from '../../plugins/app-error';
import { type CommandTarget, type FacilityTargetState, policyTable } from '../../platform';
import { bumpAnnouncementVersion, lockAnnouncement } from './announcement.repository';

/** An announcement as its commands lock it: what the policy reads, and the row's version. */
export interface AnnouncementState {
  id: number;
  status: AnnouncementStatus;
  version: number;
}

/** An announcement of the actor's facility (another facility's is not found), locked for the change. */
export const announcementTarget: CommandTarget<AnnouncementState> = {
  noun: 'Announcement',
  staleMessage: 'This announcement was changed by someone else. Reload it and make your change again.',
  lock: (trx, actor, id) => lockAnnouncement(trx, actor, id),
  bump: (trx, id) => bumpAnnouncementVersion(trx, id),
};

const screen = [rightNavPermission('announcement-manage')];

/** An archived announcement (the manager's delete) is published, expired or archived no more. */
const notArchived = (announcement: AnnouncementState) =>
  announcement.status === 'archived' ? new AppError('CONFLICT', 409, 'This announcement is archived') : null;

/** Who may write a new announcement: Announcement Manage's permission, as the routes' preHandler. */
export const announcementCreatePolicy = policyTable<FacilityTargetState>()({
  'announcement.create': { permissions: screen },
});

/**
 * Who may change an announcement, by command: Announcement Manage's permission; a status change
 * of an archived one is refused. (An edit of an archived one stays not found, as the use case finds it.)
 */
export const announcementPolicy = policyTable<AnnouncementState>()({
  'announcement.edit': { permissions: screen },
  'announcement.publish': { permissions: screen, refuse: notArchived },
  'announcement.expire': { permissions: screen, refuse: notArchived },
  'announcement.archive': { permissions: screen, refuse: notArchived },
});
