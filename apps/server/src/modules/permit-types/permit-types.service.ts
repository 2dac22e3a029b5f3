import type { Transaction } from 'kysely';
import { permitPermission, permitTypeActions, type PermitTypeCreate, type PermitTypeUpdate } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { permitConfigCommand, type Caller } from './permit-groups.service';
import { permitTypesScreenPermission } from './permit-types.policy';
import {
  findPermitGroup,
  findPermitType,
  insertGroupPermissions,
  insertPermitType,
  isPermitTypeCodeTaken,
  isPermitTypeNameTaken,
  listGroupIdsGranting,
  nextTypeOrder,
  permitTypeOf,
  updatePermitType,
} from './permit-types.repository';

type Trx = Transaction<Database>;

export { permitTypesScreenPermission };

const conflict = (field: string, message: string) => new AppError('CONFLICT', 409, message, [{ field, message }]);

async function assertGroupOfFacility(trx: Trx, caller: Caller, groupId: number) {
  if (!(await findPermitGroup(trx, caller.facilityId, groupId))) {
    throw AppError.validation([{ field: 'groupId', message: 'Group: no such permit group in this facility' }]);
  }
}

async function assertNameFree(trx: Trx, caller: Caller, name: string, exceptId?: number) {
  if (await isPermitTypeNameTaken(trx, caller.facilityId, name, exceptId)) {
    throw conflict('name', 'Name: a permit type with this name already exists in this facility');
  }
}

/**
 * Creates a permit type, last in its group. Its permissions (`permit:<action>:<CODE>`) join the
 * facility's catalogue at once; the groups that hold this screen's permission are granted all of
 * them, so the administrators who configure types can use the new one and grant it onwards in
 * Group Manage (which only lets people grant what they hold). Audited with the grants.
 */
export const createPermitType = permitConfigCommand<PermitTypeCreate>(
  'permit-types.create',
  async ({ trx, input, ...run }, caller) => {
    await assertGroupOfFacility(trx, caller, input.groupId);
    if (await isPermitTypeCodeTaken(trx, caller.facilityId, input.code)) {
      throw conflict('code', `Code: ${input.code} is already used by a permit type of this facility`);
    }
    await assertNameFree(trx, caller, input.name);
    const id = await insertPermitType(trx, caller.facilityId, {
      code: input.code,
      ...valuesOf(input),
      sort_order: await nextTypeOrder(trx, input.groupId),
    });
    const grantedTo = await listGroupIdsGranting(trx, caller.facilityId, permitTypesScreenPermission);
    const permissions = permitTypeActions.map((action) => permitPermission(action, input.code));
    await insertGroupPermissions(trx, grantedTo, permissions);
    run.audit({
      ...audit('permit-type.create', id),
      before: null,
      after: { ...input, grantedTo: { groupIds: grantedTo, permissions } },
    });
  },
);

/** Edits a type (never its code); `isActive: false` deactivates it: gone from the sidebar, kept on old permits. */
export const editPermitType = permitConfigCommand<{ id: number; values: PermitTypeUpdate }>(
  'permit-types.edit',
  async ({ trx, input: { id, values: input }, ...run }, caller) => {
    const row = await findPermitType(trx, caller.facilityId, id);
    if (!row) throw AppError.notFound('Permit type');
    await assertGroupOfFacility(trx, caller, input.groupId);
    await assertNameFree(trx, caller, input.name, id);
    const moved = input.groupId !== row.permit_group_id;
    await updatePermitType(trx, id, {
      ...valuesOf(input),
      is_active: input.isActive,
      sort_order: moved ? await nextTypeOrder(trx, input.groupId) : row.sort_order,
    });
    const { ID: _id, sortOrder: _order, code, ...before } = permitTypeOf(row);
    run.audit({
      ...audit(input.isActive === row.is_active ? 'permit-type.update' : deactivation(input.isActive), id),
      before: { code, ...before },
      after: { code, ...input },
    });
  },
);

const deactivation = (active: boolean) => (active ? 'permit-type.reactivate' : 'permit-type.deactivate');

function valuesOf(input: PermitTypeCreate | PermitTypeUpdate) {
  return {
    permit_group_id: input.groupId,
    name: input.name,
    icon: input.icon,
    color: input.color.toLowerCase(),
    prefix: input.prefix,
    sections: [...new Set(input.sections)],
    max_validity_hours: input.maxValidityHours,
    ...(input.maxExtensions === undefined ? {} : { max_extensions: input.maxExtensions }),
    offline_enabled: input.offlineEnabled,
    ...(input.tagPerPersonalLock === undefined ? {} : { tag_per_personal_lock: input.tagPerPersonalLock }),
    ...(input.gasRetestMinutes === undefined ? {} : { gas_retest_minutes: input.gasRetestMinutes }),
    ...(input.hazardAnalysisRequired === undefined ? {} : { hazard_analysis_required: input.hazardAnalysisRequired }),
  };
}

function audit(action: string, id: number) {
  return { action, entityType: 'permit_type', entityId: id };
}
