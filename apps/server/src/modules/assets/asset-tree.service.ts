import { sql, type Kysely, type Transaction } from 'kysely';
import type { Area, AreaInput, AreaMove, Asset, AssetInput, AssetMove } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { ancestorPaths } from './asset-tree.repository';
import { checkVersion, insertAudited, lockRow, uniqueOr409, updateAudited, type Caller } from './asset-records';

type Row = Record<string, unknown>;

/** Moves and creations in one facility's tree take turns, so two moves cannot together form a cycle. */
const lockTree = (trx: Transaction<Database>, facilityId: number) =>
  sql`select pg_advisory_xact_lock(hashtext('hasp-asset-tree'), ${facilityId})`.execute(trx);

export function toAsset(r: Row): Asset {
  return {
    ID: r.id as number,
    number: r.number as string,
    description: r.description as string,
    manufacturer: r.manufacturer as string,
    location: r.location as string,
    lotoRequired: r.loto_required as boolean,
    status: r.status as Asset['status'],
    areaId: r.area_id as number,
    parentAssetId: r.parent_asset_id as number | null,
    version: r.version as number,
    updatedAt: new Date(r.updated_at as string).toISOString(),
  };
}

export async function getArea(db: Kysely<Database>, facilityId: number, id: number): Promise<Area> {
  const row = await db
    .selectFrom('areas')
    .selectAll()
    .where('id', '=', id)
    .where('facility_id', '=', facilityId)
    .executeTakeFirst();
  if (!row) throw AppError.notFound('Area');
  const paths = await ancestorPaths(db, facilityId, [{ kind: 'area', ID: id }]);
  return {
    ID: row.id,
    number: row.number,
    name: row.name,
    description: row.description,
    parentAreaId: row.parent_area_id,
    path: paths.get(`area:${id}`) ?? [],
    version: row.version,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

async function checkParentArea(trx: Transaction<Database>, facilityId: number, id: number | null | undefined) {
  if (id === null || id === undefined) return;
  const found = await trx
    .selectFrom('areas')
    .select('id')
    .where('id', '=', id)
    .where('facility_id', '=', facilityId)
    .executeTakeFirst();
  if (!found) throw AppError.notFound('Parent area');
}

const areaNumberTaken = (number: string) => `Area number ${number} is already used in this facility`;
const assetNumberTaken = (number: string) => `Asset number ${number} is already used in this facility`;

export async function createArea(db: Kysely<Database>, caller: Caller, input: AreaInput): Promise<Area> {
  const row = await uniqueOr409(areaNumberTaken(input.number), () =>
    db.transaction().execute(async (trx) => {
      await checkParentArea(trx, caller.facilityId, input.parentAreaId);
      return insertAudited(
        trx,
        caller,
        'areas',
        {
          facility_id: caller.facilityId,
          parent_area_id: input.parentAreaId ?? null,
          number: input.number,
          name: input.name,
          description: input.description,
        },
        'area.create',
      );
    }),
  );
  return getArea(db, caller.facilityId, row.id as number);
}

export async function editArea(db: Kysely<Database>, caller: Caller, id: number, input: AreaInput): Promise<Area> {
  await uniqueOr409(areaNumberTaken(input.number), () =>
    db.transaction().execute(async (trx) => {
      const before = await lockRow(trx, 'areas', caller.facilityId, id);
      checkVersion('areas', before, input.version);
      await updateAudited(
        trx,
        caller,
        'areas',
        before,
        { number: input.number, name: input.name, description: input.description },
        'area.update',
      );
    }),
  );
  return getArea(db, caller.facilityId, id);
}

/** Refuses a move that would put a node under itself: walks up from the new parent (recursive CTE). */
async function refuseCycle(
  trx: Transaction<Database>,
  kind: 'area' | 'asset',
  id: number,
  newParentId: number | null,
): Promise<void> {
  if (newParentId === null) return;
  const table = kind === 'area' ? sql`areas` : sql`assets`;
  const parentColumn = kind === 'area' ? sql`parent_area_id` : sql`parent_asset_id`;
  const result = await sql<{ id: number }>`
    with recursive up as (
      select id, ${parentColumn} as parent from ${table} where id = ${newParentId}
      union
      select t.id, t.${parentColumn} from ${table} t join up on t.id = up.parent
    ) select id from up where id = ${id} limit 1`.execute(trx);
  if (result.rows.length) {
    throw new AppError(
      'CONFLICT',
      409,
      kind === 'area'
        ? 'An area cannot be moved into itself or one of its sub-areas'
        : 'An asset cannot be moved under itself or one of its sub-assets',
    );
  }
}

export async function moveArea(db: Kysely<Database>, caller: Caller, id: number, move: AreaMove): Promise<Area> {
  await db.transaction().execute(async (trx) => {
    await lockTree(trx, caller.facilityId);
    const before = await lockRow(trx, 'areas', caller.facilityId, id);
    checkVersion('areas', before, move.version);
    await checkParentArea(trx, caller.facilityId, move.parentAreaId);
    await refuseCycle(trx, 'area', id, move.parentAreaId);
    await updateAudited(trx, caller, 'areas', before, { parent_area_id: move.parentAreaId }, 'area.move');
  });
  return getArea(db, caller.facilityId, id);
}

async function assetOfFacility(trx: Transaction<Database>, facilityId: number, id: number) {
  const row = await trx
    .selectFrom('assets')
    .select(['id', 'area_id'])
    .where('id', '=', id)
    .where('facility_id', '=', facilityId)
    .executeTakeFirst();
  if (!row) throw AppError.notFound('Parent asset');
  return row;
}

/** Where an asset goes: under a parent asset (taking its area) or at the top of an area. */
async function placement(
  trx: Transaction<Database>,
  facilityId: number,
  areaId: number | undefined,
  parentAssetId: number | null | undefined,
): Promise<{ area_id: number; parent_asset_id: number | null }> {
  if (parentAssetId) {
    const parent = await assetOfFacility(trx, facilityId, parentAssetId);
    return { area_id: parent.area_id, parent_asset_id: parent.id };
  }
  if (!areaId) throw AppError.validation([{ field: 'areaId', message: 'Choose the area or the parent asset' }]);
  await checkParentArea(trx, facilityId, areaId);
  return { area_id: areaId, parent_asset_id: null };
}

const assetFields = (input: AssetInput) => ({
  number: input.number,
  description: input.description,
  manufacturer: input.manufacturer,
  location: input.location,
  loto_required: input.lotoRequired,
  status: input.status,
});

export async function createAsset(db: Kysely<Database>, caller: Caller, input: AssetInput): Promise<Asset> {
  const row = await uniqueOr409(assetNumberTaken(input.number), () =>
    db.transaction().execute(async (trx) => {
      const place = await placement(trx, caller.facilityId, input.areaId, input.parentAssetId);
      return insertAudited(
        trx,
        caller,
        'assets',
        { facility_id: caller.facilityId, ...place, ...assetFields(input) },
        'asset.create',
      );
    }),
  );
  return toAsset(row);
}

export async function editAsset(db: Kysely<Database>, caller: Caller, id: number, input: AssetInput): Promise<Asset> {
  const row = await uniqueOr409(assetNumberTaken(input.number), () =>
    db.transaction().execute(async (trx) => {
      const before = await lockRow(trx, 'assets', caller.facilityId, id);
      checkVersion('assets', before, input.version);
      return updateAudited(trx, caller, 'assets', before, assetFields(input), 'asset.update');
    }),
  );
  return toAsset(row);
}

export async function moveAsset(db: Kysely<Database>, caller: Caller, id: number, move: AssetMove): Promise<Asset> {
  const row = await db.transaction().execute(async (trx) => {
    await lockTree(trx, caller.facilityId);
    const before = await lockRow(trx, 'assets', caller.facilityId, id);
    checkVersion('assets', before, move.version);
    const place = await placement(trx, caller.facilityId, move.areaId, move.parentAssetId);
    await refuseCycle(trx, 'asset', id, place.parent_asset_id);
    const after = await updateAudited(trx, caller, 'assets', before, place, 'asset.move');
    // Sub-assets live in their top asset's area: they follow it.
    await sql`
      with recursive below as (
        select id from assets where parent_asset_id = ${id}
        union all
        select a.id from assets a join below on a.parent_asset_id = below.id
      ) update assets set area_id = ${place.area_id} where id in (select id from below) and area_id <> ${place.area_id}`.execute(
      trx,
    );
    return after;
  });
  return toAsset(row);
}
