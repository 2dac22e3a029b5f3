import type { Kysely } from 'kysely';
import type { LockboxView } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import type { Actor } from '../../platform';
import { findLatestLockbox, findLockboxPermit, listLockboxMembers } from './lockbox.repository';
import { lockboxView } from './lockbox-view';

/** The crew section's lockbox exactly as `GET /permits/:id/lockbox` answers it; null when the type has no crew sign-on. */
export async function readLockboxSection(
  db: Kysely<Database>,
  viewer: { actor: Actor; permissions: ReadonlySet<string> },
  permitId: number,
): Promise<LockboxView | null> {
  const { facilityId, userId } = viewer.actor;
  const permit = await findLockboxPermit(db, facilityId, permitId);
  if (!permit?.sections.includes('crew-sign-on')) return null;
  const lockbox = await findLatestLockbox(db, facilityId, permit.id);
  const members = lockbox ? await listLockboxMembers(db, facilityId, lockbox.id) : [];
  const state = { version: lockbox?.version ?? 0, permit, lockbox, members, permissions: viewer.permissions };
  return lockboxView(db, state, userId);
}
