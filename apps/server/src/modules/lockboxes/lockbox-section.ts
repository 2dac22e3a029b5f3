import type { Kysely } from 'kysely';
import type { LockboxView } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import type { Actor } from '../../platform';
import {
  findLatestLockbox,
  findLatestLockboxesForPermits,
  findLockboxPermit,
  findLockboxPermits,
  listFreeLockboxDevices,
  listLockboxMembers,
  listLockboxMembersForLockboxes,
  listSignOnLocks,
} from './lockbox.repository';
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

/** A function's answer read once, however often it is asked for. */
const once = <T>(read: () => Promise<T>) => {
  let answer: Promise<T> | undefined;
  return () => (answer ??= read());
};

/**
 * readLockboxSection for many permits of the caller's facility in a few statements for all (the
 * offline download's page), by permit ID: null where the type has no crew sign-on; IDs of no
 * permit of the facility are absent.
 */
export async function readLockboxSectionsForPermits(
  db: Kysely<Database>,
  viewer: { actor: Actor; permissions: ReadonlySet<string> },
  permitIds: readonly number[],
): Promise<Map<number, LockboxView | null>> {
  const { facilityId, userId } = viewer.actor;
  const permits = await findLockboxPermits(db, facilityId, permitIds);
  const crew = [...permits.values()].filter((p) => p.sections.includes('crew-sign-on'));
  const lockboxes = await findLatestLockboxesForPermits(
    db,
    facilityId,
    crew.map((p) => p.id),
  );
  const members = await listLockboxMembersForLockboxes(
    db,
    facilityId,
    [...lockboxes.values()].map((b) => b.id),
  );
  const lists = {
    signOnLocks: once(() => listSignOnLocks(db, facilityId, userId)),
    freeDevices: once(() => listFreeLockboxDevices(db, facilityId)),
  };
  const result = new Map<number, LockboxView | null>([...permits.keys()].map((id) => [id, null]));
  for (const permit of crew) {
    const lockbox = lockboxes.get(permit.id);
    const state = {
      version: lockbox?.version ?? 0,
      permit,
      lockbox,
      members: (lockbox && members.get(lockbox.id)) ?? [],
      permissions: viewer.permissions,
    };
    result.set(permit.id, await lockboxView(db, state, userId, lists));
  }
  return result;
}
