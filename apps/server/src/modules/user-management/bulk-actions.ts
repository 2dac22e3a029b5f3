import type { BulkUserActionInput, BulkUserResult } from '@hasp/contracts';
import { actorFacilityTarget, defineCommand, type CommandRun, type FacilityTargetState } from '../../platform';
import { AppError } from '../../plugins/app-error';
import { countFacilityGroups, revokeUserSessions, assertMayGrantGroups, reachRefusals } from '../user-manage';
import { findFacilityUsers, membersOf } from './user-management.repository';
import { userManagementPolicy } from './user-management.policy';

/**
 * Adds or removes a group of the caller's facility for many users, or deactivates many users:
 * all or nothing in one command, each user's change audited. The caller is never among them.
 * Its target is the caller's facility: the users are many, and none is locked (as before).
 */
export const bulkUserAction = defineCommand({
  name: 'user.bulk-action',
  target: actorFacilityTarget,
  policy: userManagementPolicy['user.bulk-action'],
  apply: (run: CommandRun<BulkUserActionInput, FacilityTargetState>) => runBulkAction(run),
});

async function runBulkAction(run: CommandRun<BulkUserActionInput, FacilityTargetState>): Promise<BulkUserResult> {
  const { trx, input } = run;
  const caller = run.ctx.actor;
  const ids = [...new Set(input.userIDs)];
  const users = await findFacilityUsers(trx, caller, ids);
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
    if (groupId === undefined || (await countFacilityGroups(trx, caller, [groupId])) !== 1) {
      throw AppError.validation([{ field: 'groupID', message: 'Choose a group of this facility' }]);
    }
    // Group Manage's rule: nobody hands out a group granting more than they hold.
    if (input.action === 'addGroup') await assertMayGrantGroups(trx, caller, [groupId]);
  } else {
    // Deactivation is connection-wide: every user must be wholly within the caller's reach.
    const refusals = await reachRefusals(
      trx,
      caller,
      users.map((u) => u.id),
    );
    const refused = users.find((u) => refusals.has(u.id));
    if (refused) throw new AppError('FORBIDDEN', 403, `${refused.user_name}: ${refusals.get(refused.id)}`);
  }

  let changed = 0;
  const audit = (entityId: number, action: string, before: unknown, after: unknown) =>
    run.audit({ action, entityType: 'user', entityId, before, after });
  if (input.action === 'deactivate') {
    for (const user of users.filter((u) => u.is_active)) {
      await trx.updateTable('users').set({ is_active: false }).where('id', '=', user.id).execute();
      await revokeUserSessions(trx, user.id, 'user deactivated', run.ctx.now);
      audit(user.id, 'user.deactivate', { isActive: true }, { isActive: false, bulk: true });
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
      audit(
        id,
        adding ? 'user.group.add' : 'user.group.remove',
        { groupID: group, member: !adding },
        { groupID: group, member: adding, bulk: true },
      );
    }
    changed = targets.length;
  }
  // Nothing to change (every user already so): no audit row and no event, as before.
  if (changed === 0) run.unchanged();
  else {
    run.event({
      name: 'users.bulk-changed',
      entityType: 'facility',
      entityId: caller.facilityId,
      payload: { action: input.action, groupID: groupId ?? null, changed },
    });
  }
  return { action: input.action, requested: ids.length, changed, unchanged: ids.length - changed };
}
