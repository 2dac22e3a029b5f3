import type { Kysely } from 'kysely';
import type { BulkUserActionInput, BulkUserResult } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { recordAudit } from '../audit';
import {
  countFacilityGroups,
  revokeUserSessions,
  type Caller,
  assertMayGrantGroups,
  reachRefusals,
} from '../user-manage';
import { findFacilityUsers, membersOf } from './user-management.repository';

/**
 * Adds or removes a group of the caller's facility for many users, or deactivates many users:
 * all or nothing in one transaction, each user's change audited. The caller is never among them.
 */
export async function runBulkAction(
  db: Kysely<Database>,
  caller: Caller,
  input: BulkUserActionInput,
  now: Date,
): Promise<BulkUserResult> {
  const ids = [...new Set(input.userIDs)];
  const users = await findFacilityUsers(db, caller, ids);
  const self = users.find((u) => u.id === caller.userId);
  if (self || ids.includes(caller.userId)) {
    const name = self?.user_name ?? String(caller.userId);
    throw AppError.validation([
      {
        field: 'userIDs',
        message: `You cannot change your own account (${name}) in a bulk action; ask another administrator`,
      },
    ]);
  }
  if (users.length !== ids.length) {
    const known = new Set(users.map((u) => u.id));
    const missing = ids.filter((id) => !known.has(id));
    throw new AppError('NOT_FOUND', 404, `No user of this facility has the ID ${missing.join(', ')}`);
  }
  const groupId = input.groupID;
  if (input.action !== 'deactivate') {
    if (groupId === undefined || (await countFacilityGroups(db, caller, [groupId])) !== 1) {
      throw AppError.validation([{ field: 'groupID', message: 'Choose a group of this facility' }]);
    }
    // Group Manage's rule: nobody hands out a group granting more than they hold.
    if (input.action === 'addGroup') await assertMayGrantGroups(db, caller, [groupId]);
  } else {
    // Deactivation is connection-wide: every user must be wholly within the caller's reach.
    const refusals = await reachRefusals(
      db,
      caller,
      users.map((u) => u.id),
    );
    const refused = users.find((u) => refusals.has(u.id));
    if (refused) throw new AppError('FORBIDDEN', 403, `${refused.user_name}: ${refusals.get(refused.id)}`);
  }

  return db.transaction().execute(async (trx) => {
    let changed = 0;
    const audit = (entityId: number, action: string, before: unknown, after: unknown) =>
      recordAudit(trx, {
        userId: caller.userId,
        facilityId: caller.facilityId,
        action,
        entityType: 'user',
        entityId,
        before,
        after,
      });
    if (input.action === 'deactivate') {
      for (const user of users.filter((u) => u.is_active)) {
        await trx.updateTable('users').set({ is_active: false }).where('id', '=', user.id).execute();
        await revokeUserSessions(trx, user.id, 'user deactivated', now);
        await audit(user.id, 'user.deactivate', { isActive: true }, { isActive: false, bulk: true });
        changed++;
      }
    } else {
      const group = groupId!;
      const members = await membersOf(trx, group, ids);
      const adding = input.action === 'addGroup';
      const targets = ids.filter((id) => members.has(id) !== adding);
      if (targets.length) {
        if (adding) {
          await trx
            .insertInto('user_groups')
            .values(targets.map((user_id) => ({ user_id, group_id: group })))
            .execute();
        } else {
          await trx.deleteFrom('user_groups').where('group_id', '=', group).where('user_id', 'in', targets).execute();
        }
      }
      for (const id of targets) {
        await audit(
          id,
          adding ? 'user.group.add' : 'user.group.remove',
          { groupID: group, member: !adding },
          { groupID: group, member: adding, bulk: true },
        );
      }
      changed = targets.length;
    }
    return { action: input.action, requested: ids.length, changed, unchanged: ids.length - changed };
  });
}
