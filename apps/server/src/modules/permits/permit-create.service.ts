import { permitTypeSubject, type Permit, type PermitCreate } from '@hasp/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { actorPermissions, defineCommand } from '../../platform';
import { AppError } from '../../plugins/app-error';
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
    const reference = input.externalReference ?? null;
    if (reference !== null) await refuseTakenReference(trx, facilityId, reference);
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
        external_reference: reference,
        created_at: ctx.now,
        updated_at: ctx.now,
      },
      assetIds,
    ).catch((error: unknown) => {
      // Two creates of one work order at once: the second waits on the unique index, then lands here.
      if ((error as { constraint?: string }).constraint === 'permits_external_reference_ux')
        throw referenceTaken(reference ?? '', null);
      throw error;
    });
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
      payload: {
        number,
        permitTypeId: type.id,
        requesterId: userId,
        holderId: input.holderId,
        ...(reference !== null ? { externalReference: reference } : {}),
      },
    });
    const permissions = await actorPermissions(trx, ctx.actor);
    return permitView(record, { userId, permissions, now: ctx.now });
  },
});

/** 409 naming the permit already made from the work order (Hasp Connect: one permit per external reference). */
function referenceTaken(reference: string, permitId: number | null): AppError {
  return new AppError(
    'CONFLICT',
    409,
    `A permit was already created from work order ${reference}${permitId ? ` (permit ${permitId})` : ''}`,
    [{ field: 'externalReference', message: permitId ? String(permitId) : reference }],
  );
}

async function refuseTakenReference(trx: Transaction<Database>, facilityId: number, reference: string) {
  const taken = await trx
    .selectFrom('permits')
    .select('id')
    .where('facility_id', '=', facilityId)
    .where('external_reference', '=', reference)
    .executeTakeFirst();
  if (taken) throw referenceTaken(reference, taken.id);
}
