import type { Kysely } from 'kysely';
import type { GasTestsView } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import type { Actor } from '../../platform';
import { findGasPermit, gasTestsVersion, listGasTests } from './gas-tests.repository';
import { gasTestsView } from './gas-tests-view';

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
