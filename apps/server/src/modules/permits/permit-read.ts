import type { Kysely } from 'kysely';
import type { Permit, PermitFacts } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import type { Actor } from '../../platform';
import { loadPermitFacts, loadPermitFactsForPermits } from './permit-guards';
import { findPermit, findPermits } from './permit.repository';
import { permitView } from './permit-view';

/**
 * A permit exactly as `GET /permits/:id` answers it, for a caller already allowed to view its type
 * (the offline download checks `permit:view:<CODE>` once for the whole type); undefined when the
 * facility has no such permit.
 */
export async function readPermit(
  db: Kysely<Database>,
  viewer: { actor: Actor; permissions: ReadonlySet<string>; now: Date },
  id: number,
): Promise<Permit | undefined> {
  const permit = await findPermit(db, viewer.actor.facilityId, id);
  if (!permit) return undefined;
  const facts = await loadPermitFacts(db, permit, viewer.now);
  return permitView(permit, { userId: viewer.actor.userId, permissions: viewer.permissions, now: viewer.now }, facts);
}

/**
 * readPermit for many permits of the facility at once (the offline download's page): a statement
 * for the permits and a few per guard plugin for all of them. By ID ascending; IDs of no permit of
 * the facility are absent.
 */
export async function readPermitsForPermits(
  db: Kysely<Database>,
  viewer: { actor: Actor; permissions: ReadonlySet<string>; now: Date },
  ids: readonly number[],
): Promise<Permit[]> {
  const permits = await findPermits(db, viewer.actor.facilityId, ids);
  const facts = await loadPermitFactsForPermits(db, permits, viewer.now);
  const caller = { userId: viewer.actor.userId, permissions: viewer.permissions, now: viewer.now };
  return permits.map((permit) => permitView(permit, caller, facts.get(permit.ID)));
}

/**
 * The guard facts of many permits of the facility (the lifecycle's and every plugin's, as
 * readPermitsForPermits reads them for their buttons), by permit ID, without `now`'s meaning: read
 * at the epoch, the caller sets the time it asks about (the offline flags, decision 0085).
 */
export async function readPermitGuardFactsForPermits(
  db: Kysely<Database>,
  facilityId: number,
  ids: readonly number[],
): Promise<Map<number, PermitFacts>> {
  const permits = await findPermits(db, facilityId, ids);
  return loadPermitFactsForPermits(db, permits, new Date(0));
}
