import { sql, type Kysely } from 'kysely';
import type { Database } from '../../apps/server/src/db/schema';

/** The number of the area that holds all the generated assets. */
export const LARGE_TREE_AREA_NUMBER = 'BIG';

export interface LargeAssetTree {
  /** The area with `assets` assets directly under it. */
  bigAreaId: number;
  assets: number;
  isolationPoints: number;
}

/**
 * A large asset tree for the tree and search benches, made with set-based SQL (generate_series,
 * one statement per table, in one transaction) in a few seconds: 9 small top areas ("BA-001"…) and
 * one ("BIG") with `assets` assets ("BX-000001"…, "Bench pump 1"…) directly under it, every asset
 * with one component ("C-1") and `pointsPerAsset` isolation points ("E-1"…). The demo master lists
 * must exist (seeded). Run it once per database: the numbers are fixed, a second run would collide.
 */
export async function createLargeAssetTree(
  db: Kysely<Database>,
  facilityId: number,
  assets = 50_000,
  pointsPerAsset = 4,
): Promise<LargeAssetTree> {
  const made = await db.transaction().execute(async (trx) => {
    await sql`insert into areas (facility_id, number, name)
      select ${facilityId}, 'BA-' || lpad(g::text, 3, '0'), 'Bench area ' || g from generate_series(1, 9) g`.execute(
      trx,
    );
    const big = await sql<{ id: number }>`insert into areas (facility_id, number, name)
      values (${facilityId}, ${LARGE_TREE_AREA_NUMBER}, 'Bench area with many assets') returning id`.execute(trx);
    const bigAreaId = big.rows[0]!.id;
    // Each step joins on the rows the step before made (a CTE), not on a pattern over the whole table.
    const result = await sql<{ points: string }>`
      with new_assets as (
        insert into assets (facility_id, area_id, number, description, manufacturer)
        select ${facilityId}, ${bigAreaId}, 'BX-' || lpad(g::text, 6, '0'), 'Bench pump ' || g, 'Acme'
        from generate_series(1, ${assets}) g
        returning id
      ), new_components as (
        insert into components (facility_id, asset_id, number, name)
        select ${facilityId}, id, 'C-1', 'Drive' from new_assets
        returning id, asset_id
      ), new_points as (
        insert into isolation_points (facility_id, component_id, asset_id, code, device_type_item_id)
        select ${facilityId}, c.id, c.asset_id, 'E-' || g,
               (select id from master_list_items
                where facility_id = ${facilityId} and list_key = 'device-types' and value = 'breaker')
        from new_components c cross join generate_series(1, ${pointsPerAsset}) g
        returning 1
      ) select count(*) as points from new_points`.execute(trx);
    return { bigAreaId, assets, isolationPoints: Number(result.rows[0]!.points) };
  });
  // Fresh statistics (the planner must see 50,000 assets, not the demo's handful) and a visibility
  // map, as autovacuum would leave them a minute later, so child counts are index-only scans.
  await sql`vacuum analyze areas, assets, components, isolation_points`.execute(db);
  return made;
}
