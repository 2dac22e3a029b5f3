import type { Kysely } from 'kysely';
import type { IsolationPlan } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import type { Actor } from '../../platform';
import { planView } from './isolation-plan-command.service';
import { findPlanPermit } from './isolation-plan.repository';

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
