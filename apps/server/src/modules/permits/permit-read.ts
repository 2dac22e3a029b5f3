import type { Kysely } from 'kysely';
import type { Permit } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import type { Actor } from '../../platform';
import { loadPermitFacts } from './permit-guards';
import { findPermit } from './permit.repository';
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
  const facts = await loadPermitFacts(db, permit, viewer.now, viewer.actor.facilityId);
  return permitView(permit, { userId: viewer.actor.userId, permissions: viewer.permissions, now: viewer.now }, facts);
}
