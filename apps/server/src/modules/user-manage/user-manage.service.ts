import type { Caller } from '../../platform';
import type { ManagedUser, UserInput } from '@hasp/contracts';
import type { Db } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { defineCommand, type CommandRun } from '../../platform';
import { hashPassword } from '../auth';
import { readSetting } from '../settings';
import { newOneTimePassword } from './one-time-password';
import {
  countActiveFacilities,
  countFacilityGroups,
  findManagedUser,
  replaceFacilities,
  replaceFacilityGroups,
  revokeUserSessions,
  userNameTakenBy,
} from './user-manage.repository';
import { assertMayChangeFacilities, assertMayGrantGroups, assertUserWithinReach } from './user-reach';
import {
  facilityUsersTarget,
  userCreatePolicy,
  userManagePolicy,
  userTarget,
  type FacilityUsersState,
  type UserState,
} from './user-manage.policy';

type UserRun<I> = CommandRun<I, UserState>;
/** Who acts: the platform's actor, as far as this module needs it. */
export type { Caller } from '../../platform';

const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((x) => b.includes(x));

/** What the audit log keeps of a user: never a password or its hash. */
const auditView = (user: ManagedUser) => ({
  userName: user.userName,
  displayName: user.displayName,
  email: user.email,
  isActiveDirectoryUser: user.isActiveDirectoryUser,
  isActive: user.isActive,
  locked: user.lockedAt !== null,
  mustChangePassword: user.mustChangePassword,
  groupIDs: user.groups.map((g) => g.ID),
  facilityIDs: user.facilityIDs,
  department: user.department,
  contact: user.contact,
});

/**
 * The department and contact to store: a field left out stays as it is (a client that does not know
 * them yet never clears them); empty text is none.
 */
export const reachFields = (input: { department?: string | null; contact?: string | null }) => ({
  ...(input.department !== undefined ? { department: input.department || null } : {}),
  ...(input.contact !== undefined ? { contact: input.contact || null } : {}),
});

async function load(db: Db, caller: Caller, id: number): Promise<ManagedUser> {
  const found = await findManagedUser(db, caller, id);
  if (!found) throw AppError.notFound('User');
  return found;
}

/** Checks names, groups and facilities; returns them cleaned (the caller's facility always included). */
async function checkedInput(db: Db, caller: Caller, input: UserInput, userId: number | null) {
  const groupIds = [...new Set(input.groupIDs)];
  const facilityIds = [...new Set([caller.facilityId, ...input.facilityIDs])].sort((a, b) => a - b);
  const problems: { field: string; message: string }[] = [];
  if (await userNameTakenBy(db, input.userName, userId)) {
    problems.push({ field: 'userName', message: 'This user name is already taken' });
  }
  if ((await countFacilityGroups(db, caller, groupIds)) !== groupIds.length) {
    problems.push({ field: 'groupIDs', message: 'Choose groups of this facility' });
  }
  if ((await countActiveFacilities(db, facilityIds)) !== facilityIds.length) {
    problems.push({ field: 'facilityIDs', message: 'Choose active facilities of this connection' });
  }
  if (problems.length) throw AppError.validation(problems);
  return { groupIds, facilityIds };
}

/** Creates a user of the actor's facility (no password yet: a reset hands over a one-time one). */
export const createUser = defineCommand({
  name: 'user.create',
  target: facilityUsersTarget,
  policy: userCreatePolicy['user.create'],
  async apply({ trx, ctx, input, ...run }: CommandRun<UserInput, FacilityUsersState>): Promise<ManagedUser> {
    const caller = ctx.actor;
    const { groupIds, facilityIds } = await checkedInput(trx, caller, input, null);
    await assertMayGrantGroups(trx, caller, groupIds);
    await assertMayChangeFacilities(trx, caller, [], facilityIds);
    const { id } = await trx
      .insertInto('users')
      .values({
        user_name: input.userName,
        display_name: input.displayName,
        email: input.email,
        password_hash: null,
        is_active_directory_user: input.isActiveDirectoryUser,
        ...reachFields(input),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await replaceFacilities(trx, id, facilityIds);
    await replaceFacilityGroups(trx, caller, id, groupIds);
    const created = await load(trx, caller, id);
    run.audit({ action: 'user.create', ...about(id), before: null, after: auditView(created) });
    run.event({ name: 'user.created', ...about(id) });
    return created;
  },
});

/** Edits a user, their groups in this facility and the facilities they may sign in to. */
export const editUser = defineCommand({
  name: 'user.edit',
  target: userTarget,
  policy: userManagePolicy['user.edit'],
  async apply({ trx, ctx, input, state, ...run }: UserRun<UserInput>): Promise<ManagedUser> {
    const caller = ctx.actor;
    const id = state.id;
    const before = await load(trx, caller, id);
    const { groupIds, facilityIds } = await checkedInput(trx, caller, input, id);
    if (id === caller.userId) {
      // Nobody raises their own privileges: another administrator must change them.
      if (
        !sameSet(
          groupIds,
          before.groups.map((g) => g.ID),
        )
      ) {
        throw new AppError('FORBIDDEN', 403, 'You cannot change your own groups; ask another administrator');
      }
      if (!sameSet(facilityIds, before.facilityIDs)) {
        throw new AppError('FORBIDDEN', 403, 'You cannot change your own facilities; ask another administrator');
      }
      if (input.isActiveDirectoryUser !== before.isActiveDirectoryUser) {
        throw new AppError('FORBIDDEN', 403, 'You cannot change how your own account signs in');
      }
      // A stolen token would rename the account to a name the thief holds at the identity provider
      // or directory (single sign-on finds the account by name).
      if (input.userName !== before.userName) {
        throw new AppError('FORBIDDEN', 403, 'You cannot change your own sign-in name; ask another administrator');
      }
    }
    const held = before.groups.map((g) => g.ID);
    await assertMayGrantGroups(
      trx,
      caller,
      groupIds.filter((g) => !held.includes(g)),
    );
    await assertMayChangeFacilities(trx, caller, before.facilityIDs, facilityIds);
    const accountChanged =
      input.userName !== before.userName ||
      input.displayName !== before.displayName ||
      input.email !== before.email ||
      input.isActiveDirectoryUser !== before.isActiveDirectoryUser ||
      // The account's, like its name: every facility's tags print them.
      Object.entries(reachFields(input)).some(([key, value]) => before[key as 'department' | 'contact'] !== value);
    // A new sign-in name (one the caller holds at the identity provider) or method hands the sign-in over.
    const signInChanged =
      input.userName !== before.userName || input.isActiveDirectoryUser !== before.isActiveDirectoryUser;
    // The account is the connection's: renaming it or changing how it signs in reaches every facility.
    if (accountChanged && id !== caller.userId) {
      await assertUserWithinReach(trx, caller, id, signInChanged ? { signIn: true } : {});
    }
    await trx
      .updateTable('users')
      .set({
        user_name: input.userName,
        display_name: input.displayName,
        email: input.email,
        is_active_directory_user: input.isActiveDirectoryUser,
        ...reachFields(input),
        // A directory user has no local password.
        ...(input.isActiveDirectoryUser ? { password_hash: null, must_change_password: false } : {}),
      })
      .where('id', '=', id)
      .execute();
    await replaceFacilities(trx, id, facilityIds);
    await replaceFacilityGroups(trx, caller, id, groupIds);
    const after = await load(trx, caller, id);
    // Saved as it was, the form still counts as an edit (audited, a new version), as it always has.
    run.audit({ action: 'user.update', ...about(id), before: auditView(before), after: auditView(after) });
    run.event({ name: 'user.changed', ...about(id) });
    return after;
  },
});

/** Deactivates (ending every session at once) or reactivates a user; users are never deleted. */
function setUserActive(active: boolean) {
  const name = active ? 'user.reactivate' : 'user.deactivate';
  return defineCommand({
    name,
    target: userTarget,
    policy: userManagePolicy[name],
    async apply({ trx, ctx, state, ...run }: UserRun<null>): Promise<ManagedUser> {
      const caller = ctx.actor;
      const id = state.id;
      const before = await load(trx, caller, id);
      // Deactivation is connection-wide: only for a user wholly within the caller's reach (decision 0013).
      if (id !== caller.userId) await assertUserWithinReach(trx, caller, id);
      await trx.updateTable('users').set({ is_active: active }).where('id', '=', id).execute();
      if (!active) await revokeUserSessions(trx, id, 'user deactivated', ctx.now);
      const after = await load(trx, caller, id);
      run.audit({
        action: name,
        ...about(id),
        before: { isActive: before.isActive },
        after: { isActive: after.isActive },
      });
      run.event({ name: active ? 'user.reactivated' : 'user.deactivated', ...about(id) });
      return after;
    },
  });
}
export const deactivateUser = setUserActive(false);
export const reactivateUser = setUserActive(true);

/** A reset's input: the one-time password's hash, made before the command (see `issueOneTimePassword`). */
export interface PasswordReset {
  passwordHash: string;
}

/**
 * A one-time password for a reset, and its hash. Made outside the command so that only the hash
 * enters it: the command's stored response (kept for replays) never holds the password.
 */
export async function issueOneTimePassword(db: Db): Promise<{ oneTimePassword: string; input: PasswordReset }> {
  const oneTimePassword = newOneTimePassword(await readSetting(db, 'security.passwordMinLength'));
  return { oneTimePassword, input: { passwordHash: await hashPassword(oneTimePassword) } };
}

/**
 * Gives the user the one-time password's hash: they must change it at their next sign-in; their
 * sessions end and a lock is lifted. Answers nothing: the route hands the password over once.
 */
export const resetPassword = defineCommand({
  name: 'user.password.reset',
  target: userTarget,
  policy: userManagePolicy['user.password.reset'],
  // Every send makes a new password, so the hash tells nothing about the request: a send with the
  // same key is the same reset (a replay), whatever password it carried.
  fingerprint: () => null,
  async apply({ trx, ctx, input, state, ...run }: UserRun<PasswordReset>): Promise<null> {
    const caller = ctx.actor;
    const id = state.id;
    const before = await load(trx, caller, id);
    // Whoever resets a password can sign in as that user: never someone holding more than the caller,
    // and an administrator only by a holder of the connection permission.
    await assertUserWithinReach(trx, caller, id, { signIn: true });
    await trx
      .updateTable('users')
      .set({ password_hash: input.passwordHash, must_change_password: true, failed_login_count: 0, locked_at: null })
      .where('id', '=', id)
      .execute();
    await revokeUserSessions(trx, id, 'password reset', ctx.now);
    run.audit({
      action: 'user.password.reset',
      ...about(id),
      before: { mustChangePassword: before.mustChangePassword, locked: before.lockedAt !== null },
      after: { mustChangePassword: true, locked: false },
    });
    run.event({ name: 'user.password.reset', ...about(id) });
    return null;
  },
});

/** Lifts a lockout: the user may sign in again, with a fresh count of failures. */
export const unlockUser = defineCommand({
  name: 'user.unlock',
  target: userTarget,
  policy: userManagePolicy['user.unlock'],
  async apply({ trx, ctx, state, ...run }: UserRun<null>): Promise<ManagedUser> {
    const caller = ctx.actor;
    const id = state.id;
    const before = await load(trx, caller, id);
    if (id !== caller.userId) await assertUserWithinReach(trx, caller, id);
    await trx.updateTable('users').set({ locked_at: null, failed_login_count: 0 }).where('id', '=', id).execute();
    const after = await load(trx, caller, id);
    run.audit({
      action: 'user.unlock',
      ...about(id),
      before: { lockedAt: before.lockedAt },
      after: { lockedAt: null },
    });
    run.event({ name: 'user.unlocked', ...about(id) });
    return after;
  },
});

/** The user an audit row or a domain event is about. */
function about(userId: number) {
  return { entityType: 'user', entityId: userId };
}
