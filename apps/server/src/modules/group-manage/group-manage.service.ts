import type { Transaction } from 'kysely';
import type { GroupInput, GroupMember, GroupPermissions, GroupSummary } from '@hasp/contracts';
import type { Database, Db } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { defineCommand, type CommandRun } from '../../platform';
import { findFacilityPermissionCatalogue, listUserPermissions } from '../permissions';
import {
  countAnnouncementAudiences,
  countMembers,
  deleteGroup,
  deleteMember,
  findFacilityUser,
  findGroup,
  insertGroup,
  insertMember,
  isGroupNameTaken,
  isMember,
  listGroupPermissions,
  listGroups,
  listMembers,
  replaceGroupPermissions,
  updateGroup,
  type Caller,
} from './group-manage.repository';
import {
  facilityGroupsTarget,
  groupManagePolicy,
  groupTarget,
  type FacilityGroupsState,
  type GroupState,
} from './group-manage.policy';

type GroupRun<I> = CommandRun<I, GroupState>;

// The privilege-escalation rules, enforced here whatever the web shows. Each refusal says why.
export const refusals = {
  ownGroupPermissions:
    'You cannot change the permissions of a group you belong to. Ask another administrator to do it.',
  grantNotHeld: (list: string[]) => `You cannot grant permissions you do not hold yourself: ${list.join(', ')}`,
  addSelf: 'You cannot add yourself to a group. Ask another administrator to do it.',
  removeSelf: 'You cannot remove yourself from a group. Ask another administrator to do it.',
  memberOfStrongerGroup: (list: string[]) =>
    `You cannot add members to a group that grants permissions you do not hold yourself: ${list.join(', ')}`,
};

const forbidden = (message: string) => new AppError('FORBIDDEN', 403, message);

async function summaryOf(db: Db | Transaction<Database>, caller: Caller, id: number): Promise<GroupSummary> {
  const found = (await listGroups(db, caller)).find((g) => g.ID === id);
  if (!found) throw AppError.notFound('Group');
  return found;
}

async function assertNameFree(db: Db | Transaction<Database>, caller: Caller, name: string, exceptId?: number) {
  if (await isGroupNameTaken(db, caller.facilityId, name, exceptId)) {
    throw new AppError('CONFLICT', 409, 'A group with this name already exists in this facility', [
      { field: 'name', message: 'A group with this name already exists in this facility' },
    ]);
  }
}

/** Creates a group of the actor's facility, with no members and no permissions. */
export const createGroup = defineCommand({
  name: 'group.create',
  target: facilityGroupsTarget,
  policy: groupManagePolicy['group.create'],
  async apply({ trx, ctx, input, ...run }: CommandRun<GroupInput, FacilityGroupsState>): Promise<GroupSummary> {
    const caller = ctx.actor;
    await assertNameFree(trx, caller, input.name);
    const id = await insertGroup(trx, caller.facilityId, input);
    run.audit({
      ...audit('group.create', id),
      before: null,
      after: { name: input.name, description: input.description },
    });
    run.event({ name: 'group.created', entityType: 'group', entityId: id });
    return summaryOf(trx, caller, id);
  },
});

/** Renames a group or changes its description. */
export const editGroup = defineCommand({
  name: 'group.edit',
  target: groupTarget,
  policy: groupManagePolicy['group.edit'],
  async apply({ trx, ctx, input, state: group, ...run }: GroupRun<GroupInput>): Promise<GroupSummary> {
    await assertNameFree(trx, ctx.actor, input.name, group.id);
    await updateGroup(trx, group.id, { name: input.name, description: input.description });
    run.audit({
      ...audit('group.update', group.id),
      before: { name: group.name, description: group.description },
      after: { name: input.name, description: input.description },
    });
    run.event({ name: 'group.changed', entityType: 'group', entityId: group.id });
    return summaryOf(trx, ctx.actor, group.id);
  },
});

/** Deletes an empty group; one with members (or used as an announcement's audience) stays. */
export const removeGroup = defineCommand({
  name: 'group.remove',
  target: groupTarget,
  policy: groupManagePolicy['group.remove'],
  async apply({ trx, state: group, ...run }: GroupRun<null>): Promise<null> {
    const id = group.id;
    const members = await countMembers(trx, id);
    if (members > 0) {
      throw new AppError(
        'CONFLICT',
        409,
        `This group still has ${members} member${members === 1 ? '' : 's'}. Remove them before deleting the group.`,
      );
    }
    const audiences = await countAnnouncementAudiences(trx, id);
    if (audiences > 0) {
      throw new AppError(
        'CONFLICT',
        409,
        `This group is the audience of ${audiences} announcement${audiences === 1 ? '' : 's'}. Change their audience before deleting the group.`,
      );
    }
    const permissions = await listGroupPermissions(trx, id);
    await deleteGroup(trx, id);
    run.audit({
      ...audit('group.delete', id),
      before: { name: group.name, description: group.description, permissions },
      after: null,
    });
    run.event({ name: 'group.deleted', entityType: 'group', entityId: id });
    return null;
  },
});

export async function membersOf(db: Db, caller: Caller, groupId: number): Promise<GroupMember[]> {
  if (!(await findGroup(db, caller.facilityId, groupId))) throw AppError.notFound('Group');
  return listMembers(db, groupId);
}

/**
 * Adds a user of the facility to the group. Nobody adds themself, and nobody hands another user
 * a group's permissions that they do not hold themselves.
 */
export const addMember = defineCommand({
  name: 'group.member.add',
  target: groupTarget,
  policy: groupManagePolicy['group.member.add'],
  async apply({ trx, ctx, input, state: group, ...run }: GroupRun<{ userId: number }>): Promise<GroupMember[]> {
    const caller = ctx.actor;
    const { userId } = input;
    if (userId === caller.userId) throw forbidden(refusals.addSelf);
    const user = await findFacilityUser(trx, caller.facilityId, userId);
    if (!user) throw AppError.notFound('User');
    const held = new Set(await listUserPermissions(trx, caller));
    const lacking = (await listGroupPermissions(trx, group.id)).filter((p) => !held.has(p));
    if (lacking.length) throw forbidden(refusals.memberOfStrongerGroup(lacking));
    if (await insertMember(trx, group.id, userId)) {
      run.audit({
        ...audit('group.member.add', group.id),
        before: null,
        after: { group: group.name, userId, userName: user.userName },
      });
      run.event({ name: 'permissions.changed', entityType: 'group', entityId: group.id });
    } else run.unchanged();
    return listMembers(trx, group.id);
  },
});

export const removeMember = defineCommand({
  name: 'group.member.remove',
  target: groupTarget,
  policy: groupManagePolicy['group.member.remove'],
  async apply({ trx, ctx, input, state: group, ...run }: GroupRun<{ userId: number }>): Promise<GroupMember[]> {
    const { userId } = input;
    if (userId === ctx.actor.userId) throw forbidden(refusals.removeSelf);
    if (!(await isMember(trx, group.id, userId))) throw AppError.notFound('Member');
    await deleteMember(trx, group.id, userId);
    run.audit({
      ...audit('group.member.remove', group.id),
      before: { group: group.name, userId },
      after: null,
    });
    run.event({ name: 'permissions.changed', entityType: 'group', entityId: group.id });
    return listMembers(trx, group.id);
  },
});

export async function permissionsOfGroup(db: Db, caller: Caller, groupId: number): Promise<GroupPermissions> {
  if (!(await findGroup(db, caller.facilityId, groupId))) throw AppError.notFound('Group');
  return { permissions: await listGroupPermissions(db, groupId) };
}

/**
 * Replaces the group's grants. Refused for a group the caller belongs to, and for any added
 * permission the caller does not hold (taking away one they lack is allowed: it grants nothing).
 */
export const setGroupPermissions = defineCommand({
  name: 'group.permissions.set',
  target: groupTarget,
  policy: groupManagePolicy['group.permissions.set'],
  async apply({
    trx,
    ctx,
    input,
    state: group,
    ...run
  }: GroupRun<{ permissions: string[] }>): Promise<GroupPermissions> {
    const caller = ctx.actor;
    const groupId = group.id;
    const wanted = [...new Set(input.permissions)].sort();
    if (await isMember(trx, groupId, caller.userId)) throw forbidden(refusals.ownGroupPermissions);
    const before = await listGroupPermissions(trx, groupId);
    const known = new Set((await findFacilityPermissionCatalogue(trx, caller.facilityId)).map((p) => p.permission));
    // A grant the group already has may stay even if its permit type is gone; new ones must exist.
    const unknown = wanted.filter((p) => !known.has(p) && !before.includes(p));
    if (unknown.length) {
      throw AppError.validation(
        unknown.map((p) => ({ field: 'permissions', message: `Unknown permission for this facility: ${p}` })),
      );
    }
    const held = new Set(await listUserPermissions(trx, caller));
    const lacking = wanted.filter((p) => !before.includes(p) && !held.has(p));
    if (lacking.length) throw forbidden(refusals.grantNotHeld(lacking));
    await replaceGroupPermissions(trx, groupId, wanted);
    run.audit({
      ...audit('group.permissions.update', groupId),
      before: { permissions: before },
      after: { permissions: wanted },
    });
    run.event({ name: 'permissions.changed', entityType: 'group', entityId: groupId });
    return { permissions: wanted };
  },
});

function audit(action: string, groupId: number) {
  return { action, entityType: 'group', entityId: groupId };
}
