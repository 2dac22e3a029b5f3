import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema';
import type { TestApp } from '../test-app';

/**
 * Test data for tags: a LOTO permit created through the API (with a holder when given: the holder
 * is one of the people who give its tags' commands), and its plan points. Until the
 * isolation-plan helper's commands are merged the points are inserted directly into
 * permit_isolation_points (the shared LOTO table); once they are, add points through its commands.
 */
export async function lotoPermit(
  t: TestApp,
  token: string,
  title = 'Tag test permit',
  holderId: number | null = null,
): Promise<number> {
  const db = t.connections[0]!.db;
  const type = await db
    .selectFrom('permit_types')
    .select('id')
    .where('facility_id', '=', 1)
    .where('code', '=', 'LOTO')
    .executeTakeFirstOrThrow();
  const asset = await firstAssetWithPoints(db);
  const start = new Date(Date.now() + 3_600_000);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/permits',
    headers: { authorization: `Bearer ${token}` },
    payload: {
      permitTypeId: type.id,
      title,
      description: '',
      workMethod: '',
      areaId: asset.area_id,
      assetIds: [asset.id],
      plannedStart: start.toISOString(),
      plannedEnd: new Date(start.getTime() + 4 * 3_600_000).toISOString(),
      holderId,
      riskLevel: null,
    },
  });
  if (response.statusCode !== 200) throw new Error(`permit: ${response.statusCode} ${response.body}`);
  return response.json<{ ID: number }>().ID;
}

async function firstAssetWithPoints(db: Kysely<Database>) {
  return db
    .selectFrom('assets')
    .select(['assets.id', 'assets.area_id'])
    .where('assets.facility_id', '=', 1)
    .where((eb) => eb.exists(eb.selectFrom('isolation_points').select('id').whereRef('asset_id', '=', 'assets.id')))
    .orderBy('assets.id')
    .executeTakeFirstOrThrow();
}

let pointSeq = 0;

/**
 * Puts `count` new isolation points (on the first demo component, codes unique to this run) on a
 * permit's plan: each permit gets its own points unless a test shares them on purpose.
 */
export async function planPoints(db: Kysely<Database>, permitId: number, count: number): Promise<number[]> {
  const template = await db
    .selectFrom('isolation_points')
    .select(['component_id', 'asset_id', 'device_type_item_id'])
    .where('facility_id', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const run = Math.random().toString(36).slice(2, 8).toUpperCase();
  const points = await db
    .insertInto('isolation_points')
    .values(
      Array.from({ length: count }, () => ({
        facility_id: 1,
        ...template,
        code: `TP-${run}-${++pointSeq}`,
        location: `Test panel ${pointSeq}`,
      })),
    )
    .returning('id')
    .execute();
  const rows = await db
    .insertInto('permit_isolation_points')
    .values(points.map((p, i) => ({ facility_id: 1, permit_id: permitId, isolation_point_id: p.id, position: i })))
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
