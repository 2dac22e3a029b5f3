import { sql } from 'kysely';
import { rightNavPermission } from '@hasp/contracts';
import { AppError } from '../../plugins/app-error';
import { type CommandTarget, policyTable } from '../../platform';
import { bumpUserVersion } from '../auth';

/** A user as User Manage's commands lock them: what the policy reads, and the row's version. */
export interface UserState {
  id: number;
  isActiveDirectoryUser: boolean;
  version: number;
}

/**
 * A user who may sign in to the actor's facility (anyone else is not found, as the list and the
 * form see them), locked so two administrators' changes, or an administrator's and the user's own
 * profile change, do not interleave. The version is the account's: the profile's commands bump it too.
 */
export const userTarget: CommandTarget<UserState> = {
  noun: 'User',
  staleMessage: 'This user was changed by someone else. Reload them and try again.',
  async lock(trx, actor, id) {
    const row = await trx
      .selectFrom('users')
      .innerJoin('user_facilities', 'user_facilities.user_id', 'users.id')
      .select(['users.id', 'users.is_active_directory_user', 'users.version'])
      .where('users.id', '=', id)
      .where('user_facilities.facility_id', '=', actor.facilityId)
      .forUpdate('users')
      .executeTakeFirst();
    return row && { id: row.id, isActiveDirectoryUser: row.is_active_directory_user, version: row.version };
  },
  bump: (trx, id) => bumpUserVersion(trx, id),
};

/** The connection's users, as a new user's target. */
export interface FacilityUsersState {
  facilityId: number;
  version: number;
}

/**
 * The target of a user's creation: the actor's facility (another facility's is not found). Sign-in
 * names are unique in the whole connection, so its transaction lock serializes creations
 * connection-wide: a name checked free stays free until the user is in. The facility has no
 * version of its own here (0).
 */
export const facilityUsersTarget: CommandTarget<FacilityUsersState> = {
  async lock(trx, actor, id) {
    if (id !== actor.facilityId) return undefined;
    await sql`select pg_advisory_xact_lock(hashtext('hasp-users'))`.execute(trx);
    return { facilityId: id, version: 0 };
  },
  bump: async () => 0,
};

const screen = [rightNavPermission('user-manage')];

/** Who may create a user: User Manage's permission (the reach rules are the use case's, as below). */
export const userCreatePolicy = policyTable<FacilityUsersState>()({
  'user.create': { permissions: screen },
});

/**
 * Who may change a user, by command: User Manage's permission, and the refusals that depend only
 * on who acts and the user. The reach rules (decision 0013: groups, facilities, users wholly within
 * the caller's reach) depend on the request and the caller's grants: the use cases enforce them.
 */
export const userManagePolicy = policyTable<UserState>()({
  'user.edit': { permissions: screen },
  'user.deactivate': {
    permissions: screen,
    refuse: (user, actor) =>
      user.id === actor.userId ? new AppError('CONFLICT', 409, 'You cannot deactivate your own account') : null,
  },
  'user.reactivate': { permissions: screen },
  'user.password.reset': {
    permissions: screen,
    refuse: (user, actor) => {
      // A stolen access token must not become the account: the owner changes their own password in
      // the profile, after the current one, and a one-time password they issued themselves would skip that.
      if (user.id === actor.userId) {
        return new AppError(
          'FORBIDDEN',
          403,
          'You cannot reset your own password here: change it in your User Profile (Change password), which asks for your current password',
        );
      }
      return user.isActiveDirectoryUser
        ? new AppError(
            'CONFLICT',
            409,
            'This user signs in through the organisation’s directory and has no password here to reset',
          )
        : null;
    },
  },
  'user.unlock': { permissions: screen },
});
