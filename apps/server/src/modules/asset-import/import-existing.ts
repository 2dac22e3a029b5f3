import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** What the facility already holds, loaded once into Maps so every row is checked in memory. */
export async function loadExisting(db: Kysely<Database>, facilityId: number) {
  const [areas, assets, components, items, points, sources] = await Promise.all([
    db.selectFrom('areas').select(['number', 'parent_area_id', 'id']).where('facility_id', '=', facilityId).execute(),
    db.selectFrom('assets').select(['number', 'id', 'parent_asset_id']).where('facility_id', '=', facilityId).execute(),
    db
      .selectFrom('components as c')
      .innerJoin('assets as a', 'a.id', 'c.asset_id')
      .select(['a.number as asset_number', 'c.number'])
      .where('c.facility_id', '=', facilityId)
      .execute(),
    db
      .selectFrom('master_list_items')
      .select(['id', 'list_key', 'value', 'is_active'])
      .where('facility_id', '=', facilityId)
      .execute(),
    db
      .selectFrom('isolation_points as p')
      .innerJoin('assets as a', 'a.id', 'p.asset_id')
      .select(['a.number as asset_number', 'p.code'])
      .where('p.facility_id', '=', facilityId)
      .execute(),
    db
      .selectFrom('energy_sources as e')
      .innerJoin('components as c', 'c.id', 'e.component_id')
      .innerJoin('assets as a', 'a.id', 'c.asset_id')
      .select(['a.number as asset_number', 'c.number', 'e.energy_type_item_id', 'e.description'])
      .where('e.facility_id', '=', facilityId)
      .execute(),
  ]);
  const areaNumberById = new Map(areas.map((a) => [a.id, a.number]));
  const assetNumberById = new Map(assets.map((a) => [a.id, a.number]));
  const active = (list: string) =>
    new Map(items.filter((i) => i.list_key === list && i.is_active).map((i) => [i.value.toLowerCase(), i.id]));
  return {
    areaParent: new Map(
      areas.map((a) => [a.number, a.parent_area_id === null ? null : (areaNumberById.get(a.parent_area_id) ?? null)]),
    ),
    assetParent: new Map(
      assets.map((a) => [
        a.number,
        a.parent_asset_id === null ? null : (assetNumberById.get(a.parent_asset_id) ?? null),
      ]),
    ),
    components: new Set(components.map((c) => `${c.asset_number}\u0000${c.number}`)),
    energyTypes: active('energy-types'),
    deviceTypes: active('device-types'),
    points: new Set(points.map((p) => `${p.asset_number}\u0000${p.code}`)),
    sources: new Set(
      sources.map((s) => `${s.asset_number}\u0000${s.number}\u0000${s.energy_type_item_id}\u0000${s.description}`),
    ),
  };
}

export type Existing = Awaited<ReturnType<typeof loadExisting>>;
