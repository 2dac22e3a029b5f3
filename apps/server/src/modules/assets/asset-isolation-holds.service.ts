import type { Kysely } from 'kysely';
import type { IsolationHold } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { heldBy } from '../isolation-plan';

/**
 * Component Manage's "Held by permits X, Y": which permits' plans hold each of the asset's
 * isolation points right now (the isolation plan's own "held by", so both screens agree). Read
 * apart from the asset page: holds change with every plan command, the asset's records seldom.
 */
export async function getIsolationHolds(
  db: Kysely<Database>,
  facilityId: number,
  assetId: number,
): Promise<IsolationHold[]> {
  const points = await db
    .selectFrom('assets as a')
    .leftJoin('components as c', 'c.asset_id', 'a.id')
    .leftJoin('isolation_points as p', 'p.component_id', 'c.id')
    .select('p.id')
    .where('a.id', '=', assetId)
    .where('a.facility_id', '=', facilityId)
    .execute();
  if (!points.length) throw AppError.notFound('Asset');
  const ids = points.flatMap((p) => (p.id === null ? [] : [p.id]));
  const held = await heldBy(db, facilityId, ids, null);
  return ids.flatMap((id) => {
    const permits = held.get(id);
    return permits ? [{ isolationPointId: id, permits }] : [];
  });
}
