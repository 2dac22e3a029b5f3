import { sql, type Transaction } from 'kysely';
import type { Area, AreaInput, AreaMove, Asset, AssetInput, AssetMove } from '@hasp/contracts';
import type { Database, Db } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { defineCommand, type CommandRun } from '../../platform';
import { nearestSupervisedArea, replaceAreaSupervisors, storedSupervisorIds } from '../area-supervisors';
import { ancestorPaths } from './asset-tree.repository';
import { insertRecord, uniqueOr409, updateRecord } from './asset-records';
import { assetRecordsPolicy as policy, facilityTreeTarget, targets, type RecordState } from './asset-records.policy';

type Row = Record<string, unknown>;
type RecordRun<I> = CommandRun<I, RecordState>;

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

export async function getArea(db: Db, facilityId: number, id: number): Promise<Area> {
  const row = await db
    .selectFrom('areas')
    .selectAll()
    .where('id', '=', id)
    .where('facility_id', '=', facilityId)
    .executeTakeFirst();
  if (!row) throw AppError.notFound('Area');
  const paths = await ancestorPaths(db, facilityId, [{ kind: 'area', ID: id }]);
  // Its own supervisors, or (none of its own) the nearest area above whose supervisors cover it.
  const supervised = await nearestSupervisedArea(db, facilityId, id);
  const own = supervised?.depth === 0;
  return {
    ID: row.id,
    number: row.number,
    name: row.name,
    description: row.description,
    parentAreaId: row.parent_area_id,
    path: paths.get(`area:${id}`) ?? [],
    supervisors: own ? supervised.people : [],
    inheritedSupervisors:
      supervised && !own
        ? { areaId: supervised.areaId, number: supervised.number, name: supervised.name, people: supervised.people }
        : null,
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

/** The run whose audit row of the area also says who supervised it before and after (decision 0080). */
function withSupervisors<I>(run: Pick<RecordRun<I>, 'audit' | 'event'>, before: number[], after: number[]) {
  return {
    event: run.event,
    audit: (entry: Parameters<RecordRun<I>['audit']>[0]) =>
      run.audit({
        ...entry,
        before: entry.before === null ? null : { ...(entry.before as object), supervisorIds: before },
        after: { ...(entry.after as object), supervisorIds: after },
      }),
  };
}

const areaNumberTaken = (number: string) => `Area number ${number} is already used in this facility`;
const assetNumberTaken = (number: string) => `Asset number ${number} is already used in this facility`;

/** Creates an area at the top or under another area (target: the actor's facility). */
export const createArea = defineCommand({
  name: 'area.create',
  target: facilityTreeTarget,
  policy: policy['area.create'],
  async apply({ trx, ctx, input, ...run }: RecordRun<AreaInput>): Promise<Area> {
    const { facilityId } = ctx.actor;
    const chosen = [...new Set(input.supervisorIds ?? [])].sort((a, b) => a - b);
    const row = await uniqueOr409(areaNumberTaken(input.number), async () => {
      await checkParentArea(trx, facilityId, input.parentAreaId);
      const values = {
        facility_id: facilityId,
        parent_area_id: input.parentAreaId ?? null,
        number: input.number,
        name: input.name,
        description: input.description,
      };
      return insertRecord({ trx, ...withSupervisors(run, [], chosen) }, 'areas', values, 'area.create');
    });
    if (chosen.length) await replaceAreaSupervisors(trx, facilityId, row.id, chosen);
    return getArea(trx, facilityId, row.id);
  },
});

export const editArea = defineCommand({
  name: 'area.update',
  target: targets.area,
  policy: policy['area.update'],
  async apply({ trx, ctx, input, state, ...run }: RecordRun<AreaInput>): Promise<Area> {
    const { facilityId } = ctx.actor;
    // Supervisors absent from the input stay as they are (clients that edit only the name).
    const before = await storedSupervisorIds(trx, facilityId, state.id);
    const after = input.supervisorIds
      ? await replaceAreaSupervisors(trx, facilityId, state.id, input.supervisorIds)
      : before;
    await uniqueOr409(areaNumberTaken(input.number), () =>
      updateRecord(
        { trx, ...withSupervisors(run, before, after) },
        'areas',
        state,
        { number: input.number, name: input.name, description: input.description },
        'area.update',
      ),
    );
    return getArea(trx, facilityId, state.id);
  },
});

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

export const moveArea = defineCommand({
  name: 'area.move',
  target: targets.areaInTree,
  policy: policy['area.move'],
  async apply({ trx, ctx, input, state, ...run }: RecordRun<AreaMove>): Promise<Area> {
    const { facilityId } = ctx.actor;
    await checkParentArea(trx, facilityId, input.parentAreaId);
    await refuseCycle(trx, 'area', state.id, input.parentAreaId);
    await updateRecord({ trx, ...run }, 'areas', state, { parent_area_id: input.parentAreaId }, 'area.move');
    return getArea(trx, facilityId, state.id);
  },
});

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

export const createAsset = defineCommand({
  name: 'asset.create',
  target: facilityTreeTarget,
  policy: policy['asset.create'],
  async apply({ trx, ctx, input, ...run }: RecordRun<AssetInput>): Promise<Asset> {
    const { facilityId } = ctx.actor;
    const row = await uniqueOr409(assetNumberTaken(input.number), async () => {
      const place = await placement(trx, facilityId, input.areaId, input.parentAssetId);
      const values = { facility_id: facilityId, ...place, ...assetFields(input) };
      return insertRecord({ trx, ...run }, 'assets', values, 'asset.create');
    });
    return toAsset(row);
  },
});

export const editAsset = defineCommand({
  name: 'asset.update',
  target: targets.asset,
  policy: policy['asset.update'],
  async apply({ trx, input, state, ...run }: RecordRun<AssetInput>): Promise<Asset> {
    const row = await uniqueOr409(assetNumberTaken(input.number), () =>
      updateRecord({ trx, ...run }, 'assets', state, assetFields(input), 'asset.update'),
    );
    return toAsset(row);
  },
});

export const moveAsset = defineCommand({
  name: 'asset.move',
  target: targets.assetInTree,
  policy: policy['asset.move'],
  async apply({ trx, ctx, input, state, ...run }: RecordRun<AssetMove>): Promise<Asset> {
    const id = state.id;
    const place = await placement(trx, ctx.actor.facilityId, input.areaId, input.parentAssetId);
    await refuseCycle(trx, 'asset', id, place.parent_asset_id);
    const after = await updateRecord({ trx, ...run }, 'assets', state, place, 'asset.move');
    // Sub-assets live in their top asset's area: they follow it.
    await sql`
      with recursive below as (
        select id from assets where parent_asset_id = ${id}
        union all
        select a.id from assets a join below on a.parent_asset_id = below.id
      ) update assets set area_id = ${place.area_id} where id in (select id from below) and area_id <> ${place.area_id}`.execute(
      trx,
    );
    return toAsset(after);
  },
});
