import type { Kysely } from 'kysely';
import {
  offlineFlagInputsOf,
  type OfflineFlagContext,
  type OfflineFlagInputs,
  type OfflineFlagViewer,
  type OfflinePermit,
} from '@hasp/contracts';
import type { Database } from '../../db/schema';
import type { Actor } from '../../platform';
import { listFreeLockboxDevices, listSignOnLocks } from '../lockboxes';
import { permitGuardHooks, readPermitGuardFactsForPermits } from '../permits';
import { readOfflinePermits } from './offline-permit-read';

/**
 * Nobody: no user has ID 0 and no permission is held, so every flag of the JSON read for it is its
 * refusal. What is not a flag is the same whoever reads it (the offline flags test proves it).
 */
const nobody = (facilityId: number): { actor: Actor; permissions: ReadonlySet<string>; now: Date } => ({
  actor: { userId: 0, facilityId, sessionId: 'offline-flags', deviceId: null },
  permissions: new Set(),
  now: new Date(0),
});

/** One permit's offline JSON as nobody sees it (its flags to be written per viewer) and its flags' inputs. */
export interface OfflineFlagBase {
  base: OfflinePermit;
  inputs: OfflineFlagInputs;
}

/**
 * For a page of the facility's permits, set-based (decision 0085): each permit's offline JSON read
 * for nobody (`readOfflinePermits`: a few statements a section for the page) and the inputs of its
 * flags — from that JSON and the guard plugins' facts (`loadPermitFactsForPermits`). None of it
 * depends on who asks or when: `offlineFlags` makes each viewer's flags of it. In the order of `ids`;
 * an ID of no permit of the facility is left out. The guard facts are read twice (`readOfflinePermits`
 * reads them for nobody's buttons too): groundwork, not yet on the download's path (decision 0085).
 */
export async function readOfflineFlagBases(
  db: Kysely<Database>,
  facilityId: number,
  ids: readonly number[],
): Promise<OfflineFlagBase[]> {
  const bases = await readOfflinePermits(db, nobody(facilityId), ids);
  const facts = await readPermitGuardFactsForPermits(
    db,
    facilityId,
    bases.map((b) => b.permit.ID),
  );
  return bases.map((base) => ({ base, inputs: offlineFlagInputsOf(base, facts.get(base.permit.ID)!) }));
}

/**
 * What the flags read besides a permit's inputs: the viewer's locks they could sign on with (as the
 * crew section lists them) and the facility's free lockbox devices, once a download; and the
 * lifecycle's registered guards.
 */
export async function readOfflineFlagContext(
  db: Kysely<Database>,
  viewer: { actor: Actor; permissions: ReadonlySet<string>; now: Date },
): Promise<{ viewer: OfflineFlagViewer; context: OfflineFlagContext }> {
  const { facilityId, userId } = viewer.actor;
  const [signOnLocks, freeLockboxDevices] = await Promise.all([
    listSignOnLocks(db, facilityId, userId),
    listFreeLockboxDevices(db, facilityId),
  ]);
  return {
    viewer: { userId, permissions: viewer.permissions, now: viewer.now, signOnLocks },
    context: { freeLockboxDevices, hooks: permitGuardHooks() },
  };
}
