import type { Kysely, Transaction } from 'kysely';
import type { ManagedUser, UserInput } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { recordAudit } from '../audit';
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
import type { Actor } from '../../platform';

type Db = Kysely<Database>;
/** Who acts: the platform's actor, as far as this module needs it. */
export type Caller = Pick<Actor, 'facilityId' | 'userId'>;

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

async function load(db: Db | Transaction<Database>, caller: Caller, id: number): Promise<ManagedUser> {
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

export async function createUser(db: Db, caller: Caller, input: UserInput): Promise<ManagedUser> {
  const { groupIds, facilityIds } = await checkedInput(db, caller, input, null);
  await assertMayGrantGroups(db, caller, groupIds);
  await assertMayChangeFacilities(db, caller, [], facilityIds);
  return db.transaction().execute(async (trx) => {
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
    await recordAudit(trx, {
      userId: caller.userId,
      facilityId: caller.facilityId,
      action: 'user.create',
      entityType: 'user',
      entityId: id,
      before: null,
      after: auditView(created),
    });
    return created;
  });
}

export async function editUser(db: Db, caller: Caller, id: number, input: UserInput): Promise<ManagedUser> {
  const before = await load(db, caller, id);
  const { groupIds, facilityIds } = await checkedInput(db, caller, input, id);
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
    db,
    caller,
    groupIds.filter((g) => !held.includes(g)),
  );
  await assertMayChangeFacilities(db, caller, before.facilityIDs, facilityIds);
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
    await assertUserWithinReach(db, caller, id, signInChanged ? { signIn: true } : {});
  }
  return db.transaction().execute(async (trx) => {
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
    await recordAudit(trx, {
      userId: caller.userId,
      facilityId: caller.facilityId,
      action: 'user.update',
      entityType: 'user',
      entityId: id,
      before: auditView(before),
      after: auditView(after),
    });
    return after;
  });
}

/** Deactivates (ending every session at once) or reactivates a user; users are never deleted. */
export async function setUserActive(
  db: Db,
  caller: Caller,
  id: number,
  active: boolean,
  now: Date,
): Promise<ManagedUser> {
  const before = await load(db, caller, id);
  if (!active && id === caller.userId) {
    throw new AppError('CONFLICT', 409, 'You cannot deactivate your own account');
  }
  // Deactivation is connection-wide: only for a user wholly within the caller's reach (decision 0013).
  if (id !== caller.userId) await assertUserWithinReach(db, caller, id);
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ is_active: active }).where('id', '=', id).execute();
    if (!active) await revokeUserSessions(trx, id, 'user deactivated', now);
    const after = await load(trx, caller, id);
    await recordAudit(trx, {
      userId: caller.userId,
      facilityId: caller.facilityId,
      action: active ? 'user.reactivate' : 'user.deactivate',
      entityType: 'user',
      entityId: id,
      before: { isActive: before.isActive },
      after: { isActive: after.isActive },
    });
    return after;
  });
}

/**
 * Gives the user a one-time password (returned once, stored only as a hash) that they must change
 * at their next sign-in; their sessions end and a lock is lifted.
 */
export async function resetPassword(
  db: Db,
  caller: Caller,
  id: number,
  now: Date,
): Promise<{ oneTimePassword: string }> {
  // A stolen access token must not become the account: the owner changes their own password in the
  // profile, after the current one, and a one-time password they issued themselves would skip that.
  if (id === caller.userId) {
    throw new AppError(
      'FORBIDDEN',
      403,
      'You cannot reset your own password here: change it in your User Profile (Change password), which asks for your current password',
    );
  }
  const before = await load(db, caller, id);
  if (before.isActiveDirectoryUser) {
    throw new AppError(
      'CONFLICT',
      409,
      'This user signs in through the organisation’s directory and has no password here to reset',
    );
  }
  // Whoever resets a password can sign in as that user: never someone holding more than the caller,
  // and an administrator only by a holder of the connection permission.
  await assertUserWithinReach(db, caller, id, { signIn: true });
  const oneTimePassword = newOneTimePassword(await readSetting(db, 'security.passwordMinLength'));
  const hash = await hashPassword(oneTimePassword);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: hash, must_change_password: true, failed_login_count: 0, locked_at: null })
      .where('id', '=', id)
      .execute();
    await revokeUserSessions(trx, id, 'password reset', now);
    await recordAudit(trx, {
      userId: caller.userId,
      facilityId: caller.facilityId,
      action: 'user.password.reset',
      entityType: 'user',
      entityId: id,
      before: { mustChangePassword: before.mustChangePassword, locked: before.lockedAt !== null },
      after: { mustChangePassword: true, locked: false },
    });
  });
  return { oneTimePassword };
}

/** Lifts a lockout: the user may sign in again, with a fresh count of failures. */
export async function unlockUser(db: Db, caller: Caller, id: number): Promise<ManagedUser> {
  const before = await load(db, caller, id);
  if (id !== caller.userId) await assertUserWithinReach(db, caller, id);
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ locked_at: null, failed_login_count: 0 }).where('id', '=', id).execute();
    const after = await load(trx, caller, id);
    await recordAudit(trx, {
      userId: caller.userId,
      facilityId: caller.facilityId,
      action: 'user.unlock',
      entityType: 'user',
      entityId: id,
      before: { lockedAt: before.lockedAt },
      after: { lockedAt: null },
    });
    return after;
  });
}
