import type { Caller } from '../../platform';
import type { Transaction } from 'kysely';
import type { PermitGroupInput, PermitLayout, PermitTypesConfig } from '@hasp/contracts';
import type { Database, Db } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { defineCommand, type CommandRun } from '../../platform';
import { facilityConfigTarget, type FacilityConfigState } from '../settings';
import { permitTypesPolicy } from './permit-types.policy';
import {
  countTypesInGroup,
  deletePermitGroup,
  findPermitGroup,
  insertPermitGroup,
  isPermitGroupNameTaken,
  listPermitGroupsWithTypes,
  setPermitGroupOrder,
  setPermitTypePlace,
  updatePermitGroup,
  type PermitGroupRow,
} from './permit-types.repository';

export type { Caller } from '../../platform';
export type PermitConfigRun<I> = CommandRun<I, FacilityConfigState>;

/** The facility's permit groups and types, in sidebar order. */
export async function permitTypesConfig(db: Db, facilityId: number): Promise<PermitTypesConfig> {
  return { groups: await listPermitGroupsWithTypes(db, facilityId) };
}

/**
 * A command of this screen: it changes the facility's configuration (locked for the transaction,
 * so uniqueness checks and orders computed from what was read stay true until commit), tells open
 * sessions through a `permit-types.changed` event, and answers the whole configuration.
 */
export function permitConfigCommand<I>(
  name: keyof typeof permitTypesPolicy,
  change: (run: PermitConfigRun<I>, caller: Caller) => Promise<void>,
) {
  return defineCommand({
    name,
    target: facilityConfigTarget,
    policy: permitTypesPolicy[name],
    async apply(run: PermitConfigRun<I>): Promise<PermitTypesConfig> {
      await change(run, run.ctx.actor);
      // The sidebar, the offline permit types and (for a new type) permissions follow the change.
      run.event({ name: 'permit-types.changed', entityType: 'facility', entityId: run.state.facilityId });
      return permitTypesConfig(run.trx, run.state.facilityId);
    },
  });
}

const nameTaken = () =>
  new AppError('CONFLICT', 409, 'Name: a permit group with this name already exists in this facility', [
    { field: 'name', message: 'Name: a permit group with this name already exists in this facility' },
  ]);

/** A group of the caller's facility; another facility's is not found. */
export async function groupOf(db: Db | Transaction<Database>, caller: Caller, id: number): Promise<PermitGroupRow> {
  const group = await findPermitGroup(db, caller.facilityId, id);
  if (!group) throw AppError.notFound('Permit group');
  return group;
}

/** A new group, placed last in the sidebar. */
export const createPermitGroup = permitConfigCommand<PermitGroupInput>(
  'permit-groups.create',
  async ({ trx, input, ...run }, caller) => {
    if (await isPermitGroupNameTaken(trx, caller.facilityId, input.name)) throw nameTaken();
    const id = await insertPermitGroup(trx, caller.facilityId, input);
    run.audit({ ...audit('permit-group.create', id), before: null, after: input });
  },
);

/** Renames a group or changes its icon. */
export const editPermitGroup = permitConfigCommand<{ id: number; values: PermitGroupInput }>(
  'permit-groups.edit',
  async ({ trx, input: { id, values: input }, ...run }, caller) => {
    const group = await groupOf(trx, caller, id);
    if (await isPermitGroupNameTaken(trx, caller.facilityId, input.name, id)) throw nameTaken();
    await updatePermitGroup(trx, id, input);
    run.audit({
      ...audit('permit-group.update', id),
      before: { name: group.name, icon: group.icon },
      after: input,
    });
  },
);

/** Deletes a group that holds no permit type (active or not: a type is never deleted, so it must move first). */
export const removePermitGroup = permitConfigCommand<{ id: number }>(
  'permit-groups.remove',
  async ({ trx, input: { id }, ...run }, caller) => {
    const group = await groupOf(trx, caller, id);
    const types = await countTypesInGroup(trx, id);
    if (types > 0) {
      throw new AppError(
        'CONFLICT',
        409,
        `This group still holds ${types} permit type${types === 1 ? '' : 's'}. Move ${types === 1 ? 'it' : 'them'} to another group first.`,
      );
    }
    await deletePermitGroup(trx, id);
    run.audit({
      ...audit('permit-group.delete', id),
      before: { name: group.name, icon: group.icon },
      after: null,
    });
  },
);

/**
 * Sets the order of the groups and of the types within them (a type listed under another group
 * moves there). The layout must name every group and type of the facility exactly once, so a
 * screen that read an old list cannot silently drop what someone else added.
 */
export const arrangePermitTypes = permitConfigCommand<PermitLayout>(
  'permit-types.arrange',
  async ({ trx, input: layout, ...run }, caller) => {
    const current = await listPermitGroupsWithTypes(trx, caller.facilityId);
    const groupIds = layout.groups.map((g) => g.ID);
    const typeIds = layout.groups.flatMap((g) => g.typeIds);
    const knownGroups = current.map((g) => g.ID);
    const knownTypes = current.flatMap((g) => g.types.map((t) => t.ID));
    if (!sameSet(groupIds, knownGroups) || !sameSet(typeIds, knownTypes)) {
      throw new AppError(
        'CONFLICT',
        409,
        'The permit types changed since this page loaded them. Reload the page and arrange them again.',
        [{ field: 'groups', message: 'Groups: list every group and permit type of this facility exactly once' }],
      );
    }
    for (const [order, group] of layout.groups.entries()) {
      await setPermitGroupOrder(trx, group.ID, order);
      for (const [typeOrder, typeId] of group.typeIds.entries()) {
        await setPermitTypePlace(trx, typeId, group.ID, typeOrder);
      }
    }
    const shape = (groups: { ID: number; typeIds: number[] }[]) => groups.map((g) => `${g.ID}:${g.typeIds.join(',')}`);
    run.audit({
      ...audit('permit-types.arrange', caller.facilityId),
      entityType: 'permit_groups',
      before: { groups: shape(current.map((g) => ({ ID: g.ID, typeIds: g.types.map((t) => t.ID) }))) },
      after: { groups: shape(layout.groups) },
    });
  },
);

function sameSet(given: number[], known: number[]): boolean {
  const set = new Set(given);
  return set.size === given.length && given.length === known.length && known.every((id) => set.has(id));
}

function audit(action: string, id: number) {
  return { action, entityType: 'permit_group', entityId: id };
}
