import type { Caller } from '../../platform';
import type { Transaction } from 'kysely';
import {
  rightNavIds,
  rightNavPermission,
  type AdminFacility,
  type AdminFacilityCreate,
  type AdminFacilityUpdate,
} from '@hasp/contracts';
import type { Database, Db } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { listUserPermissions } from '../permissions';
import {
  findFacilityRow,
  insertFacility,
  listAllFacilities,
  nameTaken,
  snapshotOf,
  toAdminFacility,
  updateFacilityRow,
} from './admin-facility.repository';
import { defineCommand, type CommandRun, type FacilityTargetState } from '../../platform';
import {
  adminFacilityPolicy,
  adminFacilityTarget,
  facilityCreatePolicy,
  facilityTreeTarget,
  type AdminFacilityState,
} from './admin-facility.policy';

type Trx = Transaction<Database>;
/** Who acts: the platform's actor, as far as this module needs it. */

/** The group a new facility starts with, so the administrator who created it can configure it at once. */
const FIRST_GROUP = {
  name: 'Administrators',
  description: 'Configure the facility: users, groups, settings, master lists',
};

const nameInUse = () => AppError.validation([{ field: 'name', message: 'Another facility already has this name' }]);

export async function listAdminFacilities(db: Db, caller: Caller): Promise<AdminFacility[]> {
  return (await listAllFacilities(db)).map((row) => toAdminFacility(row, caller.facilityId));
}

/** Refuses a new parent that does not exist, is inactive or would make a cycle. */
async function checkParent(trx: Trx, facilityId: number | null, parentId: number | null) {
  if (parentId === null) return;
  const field = 'companyID';
  if (parentId === facilityId) throw AppError.validation([{ field, message: 'A facility cannot be its own parent' }]);
  const all = await listAllFacilities(trx);
  const byId = new Map(all.map((f) => [f.id, f]));
  const parent = byId.get(parentId);
  if (!parent) throw AppError.validation([{ field, message: 'Choose a facility of this connection as the parent' }]);
  if (!parent.is_active) {
    throw AppError.validation([{ field, message: 'Choose an active facility as the parent' }]);
  }
  if (facilityId === null) return;
  // Walk up from the proposed parent: meeting the facility itself means it would become its own ancestor.
  const seen = new Set<number>();
  for (let at: number | null = parentId; at !== null && !seen.has(at); at = byId.get(at)?.parent_id ?? null) {
    if (at === facilityId) {
      throw AppError.validation([{ field, message: 'That parent is inside this facility: the tree would loop' }]);
    }
    seen.add(at);
  }
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/** Writes the facility; a name taken meanwhile is refused by the unique index as before (the runner rolls back). */
async function naming<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    throw isUniqueViolation(error) ? nameInUse() : error;
  }
}

/**
 * Creates a facility that is usable at once: default facility settings, every right-nav feature
 * switched on, an Administrators group holding every right-nav permission, and the creator in it
 * with access to the facility. Facilities are the connection's: the audit row and the event name
 * no facility.
 */
export const createFacility = defineCommand({
  name: 'facility.create',
  target: facilityTreeTarget,
  policy: facilityCreatePolicy['facility.create'],
  async apply({
    trx,
    ctx,
    input,
    ...run
  }: CommandRun<AdminFacilityCreate, FacilityTargetState>): Promise<AdminFacility> {
    const caller = ctx.actor;
    if (await nameTaken(trx, input.name, null)) throw nameInUse();
    await checkParent(trx, null, input.companyID);
    // The new facility keeps its parent's clock, or the creator's facility's.
    const zoneSource = await findFacilityRow(trx, input.companyID ?? caller.facilityId);
    const created = await naming(
      insertFacility(trx, { name: input.name, parentId: input.companyID, timeZone: zoneSource?.time_zone ?? 'UTC' }),
    );
    const setup = await setUpFacility(trx, created.id, caller.userId);
    run.audit({
      ...about(created.id),
      action: 'facility.create',
      before: null,
      after: { ...snapshotOf(created), setup },
    });
    run.event({ ...about(created.id), name: 'facility.created' });
    return toAdminFacility(created, caller.facilityId);
  },
});

/** The defaults a new facility starts with (the demo seed's shape for a facility). */
async function setUpFacility(trx: Trx, facilityId: number, creatorId: number) {
  await trx.insertInto('facility_settings').values({ facility_id: facilityId }).execute();
  await trx
    .insertInto('facility_security_settings')
    .values(rightNavIds.map((feature) => ({ facility_id: facilityId, feature, enabled: true })))
    .execute();
  const group = await trx
    .insertInto('groups')
    .values({ facility_id: facilityId, ...FIRST_GROUP })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('group_permissions')
    .values(rightNavIds.map((id) => ({ group_id: group.id, permission: rightNavPermission(id) })))
    .execute();
  await trx.insertInto('user_groups').values({ user_id: creatorId, group_id: group.id }).execute();
  await trx.insertInto('user_facilities').values({ user_id: creatorId, facility_id: facilityId }).execute();
  return { administratorsGroupID: group.id, grantedUserID: creatorId };
}

/** Renames, moves, deactivates or reactivates a facility; an unchanged edit records nothing. */
export const editFacility = defineCommand({
  name: 'facility.edit',
  target: adminFacilityTarget,
  policy: adminFacilityPolicy['facility.edit'],
  async apply({
    trx,
    ctx,
    input,
    state: current,
    ...run
  }: CommandRun<AdminFacilityUpdate, AdminFacilityState>): Promise<AdminFacility> {
    const caller = ctx.actor;
    const id = current.id;
    if (input.name !== current.name && (await nameTaken(trx, input.name, id))) throw nameInUse();
    if (input.companyID !== current.parent_id) await checkParent(trx, id, input.companyID);
    const changed =
      input.name !== current.name || input.companyID !== current.parent_id || input.isActive !== current.is_active;
    if (!changed) {
      run.unchanged();
      return toAdminFacility(current, caller.facilityId);
    }
    // Renaming, moving or deactivating a facility changes it for all its users: only its own administrators may.
    if (!(await administersFacility(trx, caller.userId, id))) {
      throw new AppError(
        'FORBIDDEN',
        403,
        `You do not administer ${current.name}: ask one of its administrators to change it`,
      );
    }
    const updated = await naming(
      updateFacilityRow(trx, id, { name: input.name, parentId: input.companyID, isActive: input.isActive }),
    );
    const action = actionFor(current.is_active, input.isActive);
    run.audit({ ...about(id), action, before: snapshotOf(current), after: snapshotOf(updated) });
    run.event({ ...about(id), name: eventFor[action]! });
    return toAdminFacility(updated, caller.facilityId);
  },
});

/** The facility an audit row or a domain event is about: the connection's, so of no facility. */
function about(facilityId: number) {
  return { facilityId: null, entityType: 'facility', entityId: facilityId };
}

const eventFor: Record<string, string> = {
  'facility.deactivate': 'facility.deactivated',
  'facility.reactivate': 'facility.reactivated',
  'facility.update': 'facility.changed',
};

/** Whether the user may sign in to the facility and holds Administrator there. */
async function administersFacility(trx: Trx, userId: number, facilityId: number): Promise<boolean> {
  const member = await trx
    .selectFrom('user_facilities')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('facility_id', '=', facilityId)
    .executeTakeFirst();
  if (!member) return false;
  return (await listUserPermissions(trx, { userId, facilityId })).includes(rightNavPermission('administrator'));
}

function actionFor(wasActive: boolean, isActive: boolean): string {
  if (wasActive && !isActive) return 'facility.deactivate';
  if (!wasActive && isActive) return 'facility.reactivate';
  return 'facility.update';
}
