import { sql, type Transaction } from 'kysely';
import { rightNavPermission } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { type CommandTarget, policyTable } from '../../platform';

/** The versioned tables of Asset Manage and Component Manage. */
export type RecordTable = 'areas' | 'assets' | 'components' | 'energy_sources' | 'isolation_points';

/** A locked row, as the use cases read it (every column), with its id and version. */
export type RecordState = Record<string, unknown> & { id: number; version: number };

export const labels: Record<RecordTable, string> = {
  areas: 'Area',
  assets: 'Asset',
  components: 'Component',
  energy_sources: 'Energy source',
  isolation_points: 'Isolation point',
};

/** Moves and creations in one facility's tree take turns, so two moves cannot together form a cycle. */
export const lockTree = (trx: Transaction<Database>, facilityId: number) =>
  sql`select pg_advisory_xact_lock(hashtext('hasp-asset-tree'), ${facilityId})`.execute(trx);

async function lockRecord(trx: Transaction<Database>, table: RecordTable, facilityId: number, id: number) {
  const result = await sql<RecordState>`
    select * from ${sql.table(table)} where id = ${id} and facility_id = ${facilityId} for update`.execute(trx);
  return result.rows[0];
}

/**
 * A record of the actor's facility (another facility's is "not found"), locked for the change.
 * The use case's update moves `version` and `updated_at` with the change (`updateRecord`), so its
 * audit row shows the new version; `bump` reads it back. A move takes the tree lock before the
 * row lock, the order every tree change uses (a move also updates the rows below it).
 */
function recordTarget(table: RecordTable, options: { tree?: boolean } = {}): CommandTarget<RecordState> {
  return {
    noun: labels[table],
    staleMessage: `This ${labels[table].toLowerCase()} was changed by someone else. Reload it and make your change again.`,
    async lock(trx, actor, id) {
      if (options.tree) await lockTree(trx, actor.facilityId);
      return lockRecord(trx, table, actor.facilityId, id);
    },
    async bump(trx, id) {
      const result = await sql<{ version: number }>`
        select version from ${sql.table(table)} where id = ${id}`.execute(trx);
      return result.rows[0]!.version;
    },
  };
}

/**
 * The record a new one is added to (the asset of a component, the component of an energy source
 * or isolation point), locked so it cannot change under the addition. It is not changed itself:
 * its version stays (the answer's ETag is the parent's).
 */
function parentTarget(table: RecordTable): CommandTarget<RecordState> {
  return {
    noun: labels[table],
    lock: (trx, actor, id) => lockRecord(trx, table, actor.facilityId, id),
    bump: async (_trx, _id, state) => state.version,
  };
}

/** The actor's facility, for areas and assets created at any place in its tree (they take turns with moves). */
export const facilityTreeTarget: CommandTarget<RecordState> = {
  async lock(trx, actor, id) {
    if (id !== actor.facilityId) return undefined;
    await lockTree(trx, actor.facilityId);
    return { id, version: 0 };
  },
  bump: async () => 0,
};

/** A photo of an asset of the actor's facility (photos carry no version). */
export const assetPhotoTarget: CommandTarget<RecordState> = {
  noun: 'Photo',
  lock: async (trx, actor, id) =>
    (
      await sql<RecordState>`
        select id, asset_id, is_active, 0 as version from asset_photos
        where id = ${id} and facility_id = ${actor.facilityId} and asset_id is not null for update`.execute(trx)
    ).rows[0],
  bump: async () => 0,
};

export const targets = {
  area: recordTarget('areas'),
  areaInTree: recordTarget('areas', { tree: true }),
  asset: recordTarget('assets'),
  assetInTree: recordTarget('assets', { tree: true }),
  component: recordTarget('components'),
  energySource: recordTarget('energy_sources'),
  isolationPoint: recordTarget('isolation_points'),
  parentAsset: parentTarget('assets'),
  parentComponent: parentTarget('components'),
};

const assets = [rightNavPermission('asset-manage')];
const components = [rightNavPermission('component-manage')];

/**
 * Who may change asset records, by command: the screen's permission (the routes check it early;
 * this re-reads it in the command's transaction). The one state rule: a removed photo is gone.
 * Retired assets and inactive components stay editable (that is how they come back).
 */
export const assetRecordsPolicy = policyTable<RecordState>()({
  'area.create': { permissions: assets },
  'area.update': { permissions: assets },
  'area.move': { permissions: assets },
  'asset.create': { permissions: assets },
  'asset.update': { permissions: assets },
  'asset.move': { permissions: assets },
  'asset.photo.add': { permissions: assets },
  'asset.photo.retire': {
    permissions: assets,
    refuse: (photo) => (photo.is_active ? null : AppError.notFound('Photo')),
  },
  'component.create': { permissions: components },
  'component.update': { permissions: components },
  'energy-source.create': { permissions: components },
  'energy-source.update': { permissions: components },
  'isolation-point.create': { permissions: components },
  'isolation-point.update': { permissions: components },
  'isolation-point.photo': { permissions: components },
});
