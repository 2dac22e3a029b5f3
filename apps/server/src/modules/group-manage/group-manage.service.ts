import type { Kysely, Transaction } from 'kysely';
import type { GroupInput, GroupMember, GroupPermissions, GroupSummary } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { recordAudit } from '../audit';
import { notifyContextChanged, findFacilityPermissionCatalogue, listUserPermissions } from '../permissions';
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
  type GroupRow,
} from './group-manage.repository';

type Db = Kysely<Database>;

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

/** The group, locked for the rest of the transaction so two administrators' changes do not interleave. */
async function lockGroup(trx: Transaction<Database>, caller: Caller, id: number): Promise<GroupRow> {
  const group = await trx
    .selectFrom('groups')
    .select(['id', 'name', 'description'])
    .where('facility_id', '=', caller.facilityId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!group) throw AppError.notFound('Group');
  return group;
}

async function summaryOf(db: Db, caller: Caller, id: number): Promise<GroupSummary> {
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

export async function createGroup(db: Db, caller: Caller, input: GroupInput): Promise<GroupSummary> {
  const id = await db.transaction().execute(async (trx) => {
    await assertNameFree(trx, caller, input.name);
    const newId = await insertGroup(trx, caller.facilityId, input);
    await recordAudit(trx, {
      ...audit(caller, 'group.create', newId),
      before: null,
      after: { name: input.name, description: input.description },
    });
    return newId;
  });
  return summaryOf(db, caller, id);
}

export async function editGroup(db: Db, caller: Caller, id: number, input: GroupInput): Promise<GroupSummary> {
  await db.transaction().execute(async (trx) => {
    const group = await lockGroup(trx, caller, id);
    await assertNameFree(trx, caller, input.name, id);
    await updateGroup(trx, id, { name: input.name, description: input.description });
    await recordAudit(trx, {
      ...audit(caller, 'group.update', id),
      before: { name: group.name, description: group.description },
      after: { name: input.name, description: input.description },
    });
  });
  return summaryOf(db, caller, id);
}

/** Deletes an empty group; one with members (or used as an announcement's audience) stays. */
export async function removeGroup(db: Db, caller: Caller, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const group = await lockGroup(trx, caller, id);
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
    await recordAudit(trx, {
      ...audit(caller, 'group.delete', id),
      before: { name: group.name, description: group.description, permissions },
      after: null,
    });
  });
}

export async function membersOf(db: Db, caller: Caller, groupId: number): Promise<GroupMember[]> {
  if (!(await findGroup(db, caller.facilityId, groupId))) throw AppError.notFound('Group');
  return listMembers(db, groupId);
}

/**
 * Adds a user of the facility to the group. Nobody adds themself, and nobody hands another user
 * a group's permissions that they do not hold themselves.
 */
export async function addMember(db: Db, caller: Caller, groupId: number, userId: number): Promise<GroupMember[]> {
  await db.transaction().execute(async (trx) => {
    const group = await lockGroup(trx, caller, groupId);
    if (userId === caller.userId) throw forbidden(refusals.addSelf);
    const user = await findFacilityUser(trx, caller.facilityId, userId);
    if (!user) throw AppError.notFound('User');
    const held = new Set(await listUserPermissions(trx, caller));
    const lacking = (await listGroupPermissions(trx, groupId)).filter((p) => !held.has(p));
    if (lacking.length) throw forbidden(refusals.memberOfStrongerGroup(lacking));
    if (!(await insertMember(trx, groupId, userId))) return;
    await recordAudit(trx, {
      ...audit(caller, 'group.member.add', groupId),
      before: null,
      after: { group: group.name, userId, userName: user.userName },
    });
    await notifyContextChanged(trx, caller.facilityId);
  });
  return listMembers(db, groupId);
}

export async function removeMember(db: Db, caller: Caller, groupId: number, userId: number): Promise<GroupMember[]> {
  await db.transaction().execute(async (trx) => {
    const group = await lockGroup(trx, caller, groupId);
    if (userId === caller.userId) throw forbidden(refusals.removeSelf);
    if (!(await isMember(trx, groupId, userId))) throw AppError.notFound('Member');
    await deleteMember(trx, groupId, userId);
    await recordAudit(trx, {
      ...audit(caller, 'group.member.remove', groupId),
      before: { group: group.name, userId },
      after: null,
    });
    await notifyContextChanged(trx, caller.facilityId);
  });
  return listMembers(db, groupId);
}

export async function permissionsOfGroup(db: Db, caller: Caller, groupId: number): Promise<GroupPermissions> {
  if (!(await findGroup(db, caller.facilityId, groupId))) throw AppError.notFound('Group');
  return { permissions: await listGroupPermissions(db, groupId) };
}

/**
 * Replaces the group's grants. Refused for a group the caller belongs to, and for any added
 * permission the caller does not hold (taking away one they lack is allowed: it grants nothing).
 */
export async function setGroupPermissions(
  db: Db,
  caller: Caller,
  groupId: number,
  requested: string[],
): Promise<GroupPermissions> {
  const wanted = [...new Set(requested)].sort();
  await db.transaction().execute(async (trx) => {
    await lockGroup(trx, caller, groupId);
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
    await recordAudit(trx, {
      ...audit(caller, 'group.permissions.update', groupId),
      before: { permissions: before },
      after: { permissions: wanted },
    });
    await notifyContextChanged(trx, caller.facilityId);
  });
  return { permissions: wanted };
}

function audit(caller: Caller, action: string, groupId: number) {
  return {
    userId: caller.userId,
    facilityId: caller.facilityId,
    action,
    entityType: 'group',
    entityId: groupId,
  };
}
