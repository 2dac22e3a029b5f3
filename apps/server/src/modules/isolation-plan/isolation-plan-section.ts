import type { Kysely } from 'kysely';
import type { IsolationPlan } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import type { Actor } from '../../platform';
import { findSectionPermits } from '../permits';
import { planView } from './isolation-plan-command.service';
import { allowedVerbs } from './isolation-plan.policy';
import { findPlanPermit, loadPlansForPermits } from './isolation-plan.repository';

/**
 * The isolation plan exactly as `GET /permits/:id/isolation-plan` answers it, for a caller who may
 * view the permit (the offline download checks that once per type); null when the type has no plan.
 */
export async function readIsolationPlanSection(
  db: Kysely<Database>,
  viewer: { actor: Actor; permissions: ReadonlySet<string> },
  permitId: number,
): Promise<IsolationPlan | null> {
  const permit = await findPlanPermit(db, viewer.actor.facilityId, permitId);
  if (!permit?.sections.includes('isolation-plan')) return null;
  return planView(db, permit, viewer.permissions);
}

/**
 * readIsolationPlanSection for many permits of the caller's facility in a few statements for all
 * (the offline download's page), by permit ID: null where the type has no plan; IDs of no permit of
 * the facility are absent.
 */
export async function readIsolationPlanSectionsForPermits(
  db: Kysely<Database>,
  viewer: { actor: Actor; permissions: ReadonlySet<string> },
  permitIds: readonly number[],
): Promise<Map<number, IsolationPlan | null>> {
  const permits = await findSectionPermits(db, viewer.actor.facilityId, permitIds);
  const withPlan = [...permits.values()].filter((p) => p.sections.includes('isolation-plan'));
  const plans = await loadPlansForPermits(db, withPlan);
  const result = new Map<number, IsolationPlan | null>();
  for (const permit of permits.values()) {
    const plan = plans.get(permit.id);
    result.set(
      permit.id,
      plan ? { ...plan, allowedVerbs: allowedVerbs(plan, permit.typeCode, viewer.permissions) } : null,
    );
  }
  return result;
}
