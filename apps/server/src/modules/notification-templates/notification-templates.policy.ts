import { rightNavPermission, type NotificationEvent } from '@hasp/contracts';
import { type CommandTarget, policyTable, savedRowTarget, type SavedRowState } from '../../platform';
import { bumpUserVersion } from '../auth';
import { findTemplateRow, type TemplateRow } from './notification-templates.repository';

/** An event's template as its save locks it: the saved row (none while the default applies) and its version. */
export type TemplateState = SavedRowState<TemplateRow, { event: NotificationEvent }>;

/** The actor's facility's template of the input's event (another facility's is not found). */
export const templateTarget = savedRowTarget({
  staleMessage: (current) =>
    `Someone changed this template first (it is now at version ${current}). Reload it and try again.`,
  find: (trx, actor, input: { event: NotificationEvent }, lock) =>
    findTemplateRow(trx, actor.facilityId, input.event, lock),
});

/** Who may change the facility's templates: Notification Template Manage's permission, as the routes' preHandler. */
export const templatesPolicy = policyTable<TemplateState>()({
  'notification-templates.update': { permissions: [rightNavPermission('notification-template-manage')] },
});

/** The signed-in user's own account, as their opt-outs lock it. */
export interface OptOutsState {
  userId: number;
  version: number;
}

/**
 * The actor's own user row (anyone else's is not found), locked so two tabs' opt-outs take turns.
 * Opt-outs are the account's preferences, as the profile's are: they move the account's version.
 */
export const ownOptOutsTarget: CommandTarget<OptOutsState> = {
  async lock(trx, actor, id) {
    if (id !== actor.userId) return undefined;
    const row = await trx
      .selectFrom('users')
      .innerJoin('user_facilities', 'user_facilities.user_id', 'users.id')
      .select(['users.id', 'users.version'])
      .where('users.id', '=', id)
      .where('user_facilities.facility_id', '=', actor.facilityId)
      .forUpdate('users')
      .executeTakeFirst();
    return row && { userId: row.id, version: row.version };
  },
  bump: (trx, id) => bumpUserVersion(trx, id),
};

/** Any signed-in user switches their own notices off (the use case refuses a safety-critical event). */
export const optOutsPolicy = policyTable<OptOutsState>()({
  'notification-opt-outs.update': { permissions: [] },
});
