import { sql } from 'kysely';
import { rightNavPermission } from '@hasp/contracts';
import { type CommandTarget, policyTable } from '../../platform';
import type { GroupRow } from './group-manage.repository';

/** A group as its commands lock it. */
export interface GroupState extends GroupRow {
  version: number;
}

/** A group of the actor's facility, locked so two administrators' changes do not interleave. */
export const groupTarget: CommandTarget<GroupState> = {
  noun: 'Group',
  lock: (trx, actor, id) =>
    trx
      .selectFrom('groups')
      .select(['id', 'name', 'description', 'version'])
      .where('facility_id', '=', actor.facilityId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst(),
  async bump(trx, id, state) {
    const row = await trx
      .updateTable('groups')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', id)
      .returning('version')
      .executeTakeFirst();
    // A deleted group has no row left to bump.
    return row?.version ?? state.version + 1;
  },
};

/** The facility's groups, as a new group's target: locked so two creations check the name in turn. */
export interface FacilityGroupsState {
  facilityId: number;
  version: number;
}

/**
 * The target of a group's creation: the actor's facility (another facility's is not found). Its
 * transaction lock serializes creations per facility, so a name checked free stays free; the
 * facility has no version of its own here (0).
 */
export const facilityGroupsTarget: CommandTarget<FacilityGroupsState> = {
  async lock(trx, actor, id) {
    if (id !== actor.facilityId) return undefined;
    await sql`select pg_advisory_xact_lock(hashtext('hasp-groups'), ${id})`.execute(trx);
    return { facilityId: id, version: 0 };
  },
  bump: async () => 0,
};

const screen = [rightNavPermission('group-manage')];

/**
 * Who may change a group, by command. The escalation rules (nobody changes their own groups, nor
 * grants what they do not hold) depend on the request and the caller's grants: the use cases
 * enforce them, with the reasons in `refusals`.
 */
export const groupManagePolicy = policyTable<GroupState | FacilityGroupsState>()({
  'group.create': { permissions: screen },
  'group.edit': { permissions: screen },
  'group.remove': { permissions: screen },
  'group.member.add': { permissions: screen },
  'group.member.remove': { permissions: screen },
  'group.permissions.set': { permissions: screen },
});
