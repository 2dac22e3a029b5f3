import type { Kysely } from 'kysely';
import type { GasTestsView } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import type { Actor } from '../../platform';
import {
  findGasPermit,
  findGasPermits,
  gasTestsVersion,
  gasTestsVersionsForPermits,
  listGasTests,
  listGasTestsForPermits,
} from './gas-tests.repository';
import { gasTestLists, gasTestsView } from './gas-tests-view';

/** The gas tests exactly as `GET /permits/:id/gas-tests` answers them; null when the type has no gas tests. */
export async function readGasTestsSection(
  db: Kysely<Database>,
  viewer: { actor: Actor; permissions: ReadonlySet<string>; now: Date },
  permitId: number,
): Promise<GasTestsView | null> {
  const { facilityId, userId } = viewer.actor;
  const permit = await findGasPermit(db, facilityId, permitId);
  if (!permit?.sections.includes('gas-tests')) return null;
  const [version, tests] = await Promise.all([gasTestsVersion(db, permit.id), listGasTests(db, facilityId, permit.id)]);
  // The view takes a Set (it never changes it).
  const state = { version, permit, tests, permissions: new Set(viewer.permissions) };
  return gasTestsView(db, facilityId, state, userId, viewer.now);
}

/**
 * readGasTestsSection for many permits of the caller's facility in a few statements for all (the
 * offline download's page), by permit ID: null where the type has no gas tests; IDs of no permit of
 * the facility are absent.
 */
export async function readGasTestsSectionsForPermits(
  db: Kysely<Database>,
  viewer: { actor: Actor; permissions: ReadonlySet<string>; now: Date },
  permitIds: readonly number[],
): Promise<Map<number, GasTestsView | null>> {
  const { facilityId, userId } = viewer.actor;
  const permits = await findGasPermits(db, facilityId, permitIds);
  const tested = [...permits.values()].filter((p) => p.sections.includes('gas-tests'));
  const result = new Map<number, GasTestsView | null>([...permits.keys()].map((id) => [id, null]));
  if (!tested.length) return result;
  const ids = tested.map((p) => p.id);
  const [versions, tests, lists] = await Promise.all([
    gasTestsVersionsForPermits(db, ids),
    listGasTestsForPermits(db, facilityId, ids),
    gasTestLists(db, facilityId),
  ]);
  const permissions = new Set(viewer.permissions);
  for (const permit of tested) {
    const state = { version: versions.get(permit.id)!, permit, tests: tests.get(permit.id) ?? [], permissions };
    result.set(permit.id, await gasTestsView(db, facilityId, state, userId, viewer.now, lists));
  }
  return result;
}
