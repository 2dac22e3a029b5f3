import { permitTypeSubject, type Permit, type PermitCreate } from '@hasp/contracts';
import { actorPermissions, defineCommand } from '../../platform';
import { allocateNumber } from '../numbering';
import { checkPermitCore } from './permit-core';
import { findPermit, insertPermit } from './permit.repository';
import { permitView, storedPermit } from './permit-view';
import { permitTypeTarget, permitsPolicy, type PermitTypeState } from './permits.policy';

/**
 * Creates a draft permit of a type, requested by the caller. The number comes from the type's
 * numbering pattern inside the transaction (the counter row stays locked until commit, so numbers
 * are distinct under concurrency, and a refused creation gives its number back). Area, assets and
 * holder must be the facility's; the planned window must fit the type's maximum validity.
 */
export const createPermit = defineCommand<PermitCreate, PermitTypeState, Permit>({
  name: 'permit.create',
  target: permitTypeTarget,
  policy: permitsPolicy['permit.create'],
  async apply({ trx, ctx, input, state: type, ...run }) {
    const { facilityId, userId } = ctx.actor;
    const { start, end, assetIds } = await checkPermitCore(trx, facilityId, input, type);
    const { number } = await allocateNumber(trx, facilityId, permitTypeSubject(type.id), { now: ctx.now });
    const id = await insertPermit(
      trx,
      {
        facility_id: facilityId,
        permit_type_id: type.id,
        number,
        area_id: input.areaId,
        title: input.title,
        description: input.description,
        work_method: input.workMethod,
        planned_start: start,
        planned_end: end,
        requester_id: userId,
        holder_id: input.holderId,
        risk_level: input.riskLevel,
        created_at: ctx.now,
        updated_at: ctx.now,
      },
      assetIds,
    );
    const record = (await findPermit(trx, facilityId, id))!;
    run.audit({
      action: 'permit.create',
      entityType: 'permit',
      entityId: id,
      before: null,
      after: storedPermit(record),
    });
    run.event({
      name: 'permit.created',
      entityType: 'permit',
      entityId: id,
      payload: { number, permitTypeId: type.id, requesterId: userId, holderId: input.holderId },
    });
    const permissions = await actorPermissions(trx, ctx.actor);
    return permitView(record, { userId, permissions, now: ctx.now });
  },
});
