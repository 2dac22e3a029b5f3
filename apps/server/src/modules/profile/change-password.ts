import { passwordPolicyFor } from '@hasp/contracts';
import { AppError } from '../../plugins/app-error';
import { defineCommand, type CommandRun, type CommandTarget, policyTable } from '../../platform';
import { bumpUserVersion, insertAuthEvent, hashPassword, verifyPassword, revokeRefreshFamily } from '../auth';
import { readSetting } from '../settings';
import { listOtherSessionIds } from './profile.repository';

/** The request body of the password change (contracts' changePasswordSchema, defaults applied). */
export interface ChangePassword {
  currentPassword: string;
  newPassword: string;
  signOutOtherSessions: boolean;
}

/** The signed-in user's own account, as the password change locks it. */
export interface OwnAccountState {
  userId: number;
  passwordHash: string | null;
  isDirectoryUser: boolean;
  version: number;
}

/** The user row of the actor, in the actor's facility; anyone else's account is not found. */
export const ownAccount: CommandTarget<OwnAccountState> = {
  async lock(trx, actor, id) {
    if (id !== actor.userId) return undefined;
    const row = await trx
      .selectFrom('users')
      .innerJoin('user_facilities', 'user_facilities.user_id', 'users.id')
      .select(['users.id', 'users.password_hash', 'users.is_active_directory_user', 'users.version'])
      .where('users.id', '=', id)
      .where('user_facilities.facility_id', '=', actor.facilityId)
      .forUpdate('users')
      .executeTakeFirst();
    return (
      row && {
        userId: row.id,
        passwordHash: row.password_hash,
        isDirectoryUser: row.is_active_directory_user,
        version: row.version,
      }
    );
  },
  bump: (trx, id) => bumpUserVersion(trx, id),
};

/**
 * Who may change a password: any signed-in user their own, unless the directory manages it. Their
 * name, e-mail, language, department and contact: any signed-in user their own.
 */
export const profilePolicy = policyTable<OwnAccountState>()({
  'profile.update': { permissions: [] },
  'profile.change-password': {
    permissions: [],
    refuse: (account) =>
      account.isDirectoryUser
        ? new AppError('CONFLICT', 409, 'Your password is managed by your organisation’s directory')
        : null,
  },
});

/**
 * Changes the signed-in user's password in one transaction: the new hash (a one-time password is
 * then used up), the other devices signed out when asked, the sign-in event and the audit row all
 * land together or not at all. The current password is required.
 */
export const changeOwnPassword = defineCommand({
  name: 'profile.change-password',
  target: ownAccount,
  policy: profilePolicy['profile.change-password'],
  // The passwords never reach the idempotency table, not even plainly hashed: only their keyed
  // hash, so the same key with other passwords is another request (422), not a replay.
  fingerprint: (input: ChangePassword) => ({ signOutOtherSessions: input.signOutOtherSessions }),
  secretFingerprint: ({ currentPassword, newPassword }: ChangePassword) => ({ currentPassword, newPassword }),
  async apply(run: CommandRun<ChangePassword, OwnAccountState>): Promise<null> {
    const { trx, ctx, input, state } = run;
    if (!state.passwordHash || !(await verifyPassword(state.passwordHash, input.currentPassword))) {
      throw new AppError('VALIDATION_FAILED', 400, 'The current password is not correct', [
        { field: 'currentPassword', message: 'The current password is not correct' },
      ]);
    }
    const minLength = await readSetting(trx, 'security.passwordMinLength');
    if (input.newPassword.length < minLength) {
      const message = `The new password is too short. ${passwordPolicyFor(minLength)}`;
      throw AppError.validation([{ field: 'newPassword', message }]);
    }
    if (input.newPassword === input.currentPassword) {
      throw new AppError('VALIDATION_FAILED', 400, 'Choose a new password', [
        { field: 'newPassword', message: 'The new password must differ from the current one' },
      ]);
    }
    await trx
      .updateTable('users')
      .set({ password_hash: await hashPassword(input.newPassword), must_change_password: false })
      .where('id', '=', state.userId)
      .execute();
    const signedOut = input.signOutOtherSessions
      ? await listOtherSessionIds(trx, state.userId, ctx.actor.sessionId)
      : [];
    for (const family of signedOut) await revokeRefreshFamily(trx, family, 'password changed', ctx.now);
    await insertAuthEvent(trx, {
      kind: 'password_changed',
      userId: state.userId,
      facilityId: ctx.actor.facilityId,
      ip: ctx.address,
    });
    run.audit({
      action: 'user.password.change',
      entityType: 'user',
      entityId: state.userId,
      before: null,
      after: { otherSessionsSignedOut: signedOut.length },
    });
    run.event({ name: 'user.password.changed', entityType: 'user', entityId: state.userId });
    return null;
  },
});
