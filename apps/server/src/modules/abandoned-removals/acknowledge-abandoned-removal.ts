import type { AbandonedRemoval } from '@hasp/contracts';
import { defineCommand } from '../../platform';
import { findAbandonedRemoval, setAcknowledged } from './abandoned-removal.repository';
import { abandonedRemovalsPolicy, removalTarget, type RemovalState } from './abandoned-removals.policy';

/**
 * OSHA 1910.147 (e)(3)(iii): the applier says they know their lock or tag was removed. Once: a
 * second acknowledgement (a double tap, another tab) changes nothing and answers the first.
 */
export const acknowledgeAbandonedRemoval = defineCommand<Record<string, never>, RemovalState, AbandonedRemoval>({
  name: 'abandoned-removal.acknowledge',
  target: removalTarget,
  policy: abandonedRemovalsPolicy['abandoned-removal.acknowledge'],
  async apply(run) {
    const { trx, ctx, state } = run;
    const before = state.removal;
    if (before.acknowledgedAt !== null) {
      run.unchanged();
      return before;
    }
    await setAcknowledged(trx, ctx.actor.facilityId, before.ID, ctx.now);
    const after = (await findAbandonedRemoval(trx, ctx.actor.facilityId, before.ID))!;
    run.audit({
      action: 'abandoned-removal.acknowledge',
      entityType: 'abandoned-removal',
      entityId: before.ID,
      before: { acknowledgedAt: null },
      after: { acknowledgedAt: after.acknowledgedAt },
    });
    run.event({ name: 'abandoned-removal.acknowledged', entityType: 'abandoned-removal', entityId: before.ID });
    return after;
  },
});
