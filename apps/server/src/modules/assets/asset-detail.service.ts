import { createHash } from 'node:crypto';
import {
  ASSET_PHOTO_MAX_BYTES,
  type AssetPage,
  type AssetPhoto,
  type Component,
  type ComponentInput,
  type EnergySource,
  type EnergySourceInput,
  type IsolationPoint,
  type IsolationPointInput,
  type MasterListItem,
  type MasterListKey,
} from '@hasp/contracts';
import type { Db, Db as AnyDb } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { defineCommand, type Actor, type CommandRun } from '../../platform';
import { ancestorPaths } from './asset-tree.repository';
import { checkMasterItem, insertRecord, uniqueOr409, updateRecord } from './asset-records';
import { assetPhotoTarget, assetRecordsPolicy as policy, targets, type RecordState } from './asset-records.policy';
import { toAsset } from './asset-tree.service';
import { itemCaptionSql } from '../master-lists';

type Row = Record<string, unknown>;
type RecordRun<I> = CommandRun<I, RecordState>;

export async function listMasterItems(db: Db, facilityId: number, listKey: MasterListKey): Promise<MasterListItem[]> {
  const rows = await db
    .selectFrom('master_list_items')
    .select(['id', 'list_key', 'value', 'sort_order', 'is_active', itemCaptionSql('master_list_items').as('caption')])
    .where('facility_id', '=', facilityId)
    .where('list_key', '=', listKey)
    .where('is_active', '=', true)
    .orderBy('sort_order')
    .orderBy('value')
    .execute();
  return rows.map((r) => ({
    ID: r.id,
    listKey: r.list_key as MasterListKey,
    value: r.value,
    caption: r.caption,
    sortOrder: r.sort_order,
    isActive: r.is_active,
  }));
}

const photoOf = (r: { id: number; content_type: string; byte_size: number; file_name: string; created_at: Date }) =>
  ({
    ID: r.id,
    contentType: r.content_type as AssetPhoto['contentType'],
    byteSize: r.byte_size,
    fileName: r.file_name,
    createdAt: new Date(r.created_at).toISOString(),
  }) satisfies AssetPhoto;

/** Everything the asset page shows: header, path, components with energy sources and isolation points, photos. */
export async function getAssetPage(db: AnyDb, facilityId: number, id: number): Promise<AssetPage> {
  const asset = await db
    .selectFrom('assets')
    .selectAll()
    .where('id', '=', id)
    .where('facility_id', '=', facilityId)
    .executeTakeFirst();
  if (!asset) throw AppError.notFound('Asset');
  const [components, sources, points, photos, paths, area] = await Promise.all([
    db.selectFrom('components').selectAll().where('asset_id', '=', id).orderBy('number').execute(),
    db
      .selectFrom('energy_sources as e')
      .innerJoin('components as c', 'c.id', 'e.component_id')
      .innerJoin('master_list_items as m', 'm.id', 'e.energy_type_item_id')
      .selectAll('e')
      .select(['m.value as type_value', 'm.is_active as type_active', itemCaptionSql().as('type_caption')])
      .where('c.asset_id', '=', id)
      .orderBy('e.id')
      .execute(),
    db
      .selectFrom('isolation_points as p')
      .innerJoin('master_list_items as m', 'm.id', 'p.device_type_item_id')
      .leftJoin('asset_photos as f', 'f.id', 'p.photo_id')
      .selectAll('p')
      .select([
        'm.value as type_value',
        'm.is_active as type_active',
        itemCaptionSql().as('type_caption'),
        'f.content_type',
        'f.byte_size',
        'f.file_name',
        'f.created_at as photo_created_at',
      ])
      .where('p.asset_id', '=', id)
      .orderBy('p.code')
      .execute(),
    db
      .selectFrom('asset_photos')
      .select(['id', 'content_type', 'byte_size', 'file_name', 'created_at'])
      .where('asset_id', '=', id)
      .where('is_active', '=', true)
      .orderBy('id')
      .execute(),
    ancestorPaths(db, facilityId, [{ kind: 'asset', ID: id }]),
    db.selectFrom('areas').select(['id', 'number', 'name']).where('id', '=', asset.area_id).executeTakeFirstOrThrow(),
  ]);
  return {
    asset: toAsset(asset),
    area: { kind: 'area', ID: area.id, number: area.number, name: area.name },
    path: paths.get(`asset:${id}`) ?? [],
    photos: photos.map(photoOf),
    components: components.map((c) => ({
      ...toComponentHeader(c as unknown as Row),
      energySources: sources.filter((s) => s.component_id === c.id).map((s) => toEnergySource(s as unknown as Row)),
      isolationPoints: points.filter((p) => p.component_id === c.id).map((p) => toIsolationPoint(p as unknown as Row)),
    })),
  };
}

/** What every record of the asset page carries last: active or retired, and its version (for If-Match). */
const recordStateOf = (r: Row) => ({ isActive: r.is_active as boolean, version: r.version as number });

/** The master-list entry a record points at (its list columns are joined in as type_*). */
const typeRefOf = (r: Row, itemColumn: 'energy_type_item_id' | 'device_type_item_id') => ({
  ID: r[itemColumn] as number,
  value: r.type_value as string,
  caption: r.type_caption as string,
  isActive: r.type_active as boolean,
});

const toComponentHeader = (r: Row): Omit<Component, 'energySources' | 'isolationPoints'> => ({
  ID: r.id as number,
  assetId: r.asset_id as number,
  number: r.number as string,
  name: r.name as string,
  description: r.description as string,
  ...recordStateOf(r),
});

const toEnergySource = (r: Row): EnergySource => ({
  ID: r.id as number,
  componentId: r.component_id as number,
  energyType: typeRefOf(r, 'energy_type_item_id'),
  magnitude: r.magnitude === null ? null : Number(r.magnitude),
  unit: r.unit as string,
  storedEnergy: r.stored_energy as boolean,
  description: r.description as string,
  ...recordStateOf(r),
});

const toIsolationPoint = (r: Row): IsolationPoint => ({
  ID: r.id as number,
  componentId: r.component_id as number,
  code: r.code as string,
  deviceType: typeRefOf(r, 'device_type_item_id'),
  location: r.location as string,
  normalPosition: r.normal_position as string,
  isolatedPosition: r.isolated_position as string,
  lockable: r.lockable as boolean,
  tagOnlyMeasure: r.tag_only_measure as string,
  verificationMethod: r.verification_method as string,
  photo:
    r.photo_id === null
      ? null
      : photoOf({
          id: r.photo_id as number,
          content_type: r.content_type as string,
          byte_size: r.byte_size as number,
          file_name: r.file_name as string,
          created_at: r.photo_created_at as Date,
        }),
  ...recordStateOf(r),
});

/** The component of the caller's facility with its lists, as the asset page shows it. */
async function loadComponent(db: AnyDb, facilityId: number, componentId: number): Promise<Component> {
  const row = await db
    .selectFrom('components')
    .select('asset_id')
    .where('id', '=', componentId)
    .where('facility_id', '=', facilityId)
    .executeTakeFirst();
  if (!row) throw AppError.notFound('Component');
  const page = await getAssetPage(db, facilityId, row.asset_id);
  return page.components.find((c) => c.ID === componentId)!;
}

const componentTaken = (number: string) => `Component number ${number} is already used on this asset`;
const componentFields = (input: ComponentInput) => ({
  number: input.number,
  name: input.name,
  description: input.description,
  is_active: input.isActive ?? true,
});

/** Adds a component to an asset (target: the asset, locked, not changed). */
export const createComponent = defineCommand({
  name: 'component.create',
  target: targets.parentAsset,
  policy: policy['component.create'],
  async apply({ trx, ctx, input, state: asset, ...run }: RecordRun<ComponentInput>): Promise<Component> {
    const { facilityId } = ctx.actor;
    const row = await uniqueOr409(componentTaken(input.number), () =>
      insertRecord(
        { trx, ...run },
        'components',
        { facility_id: facilityId, asset_id: asset.id, ...componentFields(input) },
        'component.create',
      ),
    );
    return loadComponent(trx, facilityId, row.id);
  },
});

export const editComponent = defineCommand({
  name: 'component.update',
  target: targets.component,
  policy: policy['component.update'],
  async apply({ trx, ctx, input, state, ...run }: RecordRun<ComponentInput>): Promise<Component> {
    await uniqueOr409(componentTaken(input.number), () =>
      updateRecord({ trx, ...run }, 'components', state, componentFields(input), 'component.update'),
    );
    return loadComponent(trx, ctx.actor.facilityId, state.id);
  },
});

const energyFields = (input: EnergySourceInput) => ({
  energy_type_item_id: input.energyTypeItemId,
  magnitude: input.magnitude,
  unit: input.unit,
  stored_energy: input.storedEnergy,
  description: input.description,
  is_active: input.isActive ?? true,
});

/** Adds an energy source to a component (target: the component, locked, not changed). */
export const createEnergySource = defineCommand({
  name: 'energy-source.create',
  target: targets.parentComponent,
  policy: policy['energy-source.create'],
  async apply({ trx, ctx, input, state: component, ...run }: RecordRun<EnergySourceInput>): Promise<EnergySource> {
    const { facilityId } = ctx.actor;
    await checkMasterItem(trx, facilityId, 'energy-types', input.energyTypeItemId, 'energyTypeItemId', null);
    const row = await insertRecord(
      { trx, ...run },
      'energy_sources',
      { facility_id: facilityId, component_id: component.id, ...energyFields(input) },
      'energy-source.create',
    );
    return loadEnergySource(trx, facilityId, row.id);
  },
});

export const editEnergySource = defineCommand({
  name: 'energy-source.update',
  target: targets.energySource,
  policy: policy['energy-source.update'],
  async apply({ trx, ctx, input, state, ...run }: RecordRun<EnergySourceInput>): Promise<EnergySource> {
    const { facilityId } = ctx.actor;
    const current = state.energy_type_item_id as number;
    await checkMasterItem(trx, facilityId, 'energy-types', input.energyTypeItemId, 'energyTypeItemId', current);
    await updateRecord({ trx, ...run }, 'energy_sources', state, energyFields(input), 'energy-source.update');
    return loadEnergySource(trx, facilityId, state.id);
  },
});

/** The component (with its lists, as the asset page shows it) that an energy source or isolation point belongs to. */
async function loadParentComponent(
  db: AnyDb,
  facilityId: number,
  table: 'energy_sources' | 'isolation_points',
  id: number,
): Promise<Component> {
  const row = await db
    .selectFrom(table)
    .select('component_id')
    .where('id', '=', id)
    .where('facility_id', '=', facilityId)
    .executeTakeFirstOrThrow();
  return loadComponent(db, facilityId, row.component_id);
}

const loadEnergySource = async (db: AnyDb, facilityId: number, id: number): Promise<EnergySource> =>
  (await loadParentComponent(db, facilityId, 'energy_sources', id)).energySources.find((s) => s.ID === id)!;

const pointTaken = (code: string) => `Isolation point ${code} already exists on this asset`;
const pointFields = (input: IsolationPointInput) => ({
  code: input.code,
  device_type_item_id: input.deviceTypeItemId,
  location: input.location,
  normal_position: input.normalPosition,
  isolated_position: input.isolatedPosition,
  lockable: input.lockable,
  tag_only_measure: input.tagOnlyMeasure,
  verification_method: input.verificationMethod,
  is_active: input.isActive ?? true,
});

/** Adds an isolation point to a component (target: the component, locked, not changed). */
export const createIsolationPoint = defineCommand({
  name: 'isolation-point.create',
  target: targets.parentComponent,
  policy: policy['isolation-point.create'],
  async apply({ trx, ctx, input, state: component, ...run }: RecordRun<IsolationPointInput>): Promise<IsolationPoint> {
    const { facilityId } = ctx.actor;
    const row = await uniqueOr409(
      pointTaken(input.code),
      async () => {
        await checkMasterItem(trx, facilityId, 'device-types', input.deviceTypeItemId, 'deviceTypeItemId', null);
        const values = {
          facility_id: facilityId,
          component_id: component.id,
          asset_id: component.asset_id,
          ...pointFields(input),
        };
        return insertRecord({ trx, ...run }, 'isolation_points', values, 'isolation-point.create');
      },
      'code',
    );
    return loadIsolationPoint(trx, facilityId, row.id);
  },
});

export const editIsolationPoint = defineCommand({
  name: 'isolation-point.update',
  target: targets.isolationPoint,
  policy: policy['isolation-point.update'],
  async apply({ trx, ctx, input, state, ...run }: RecordRun<IsolationPointInput>): Promise<IsolationPoint> {
    const { facilityId } = ctx.actor;
    await uniqueOr409(
      pointTaken(input.code),
      async () => {
        const current = state.device_type_item_id as number;
        await checkMasterItem(trx, facilityId, 'device-types', input.deviceTypeItemId, 'deviceTypeItemId', current);
        await updateRecord({ trx, ...run }, 'isolation_points', state, pointFields(input), 'isolation-point.update');
      },
      'code',
    );
    return loadIsolationPoint(trx, facilityId, state.id);
  },
});

const loadIsolationPoint = async (db: AnyDb, facilityId: number, id: number): Promise<IsolationPoint> =>
  (await loadParentComponent(db, facilityId, 'isolation_points', id)).isolationPoints.find((p) => p.ID === id)!;

// Photos

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/** The photo's type from its first bytes (never from its name or declared type); PNG and JPEG only. */
export function photoType(bytes: Buffer): 'image/png' | 'image/jpeg' {
  if (bytes.length === 0) throw AppError.validation([{ field: 'photo', message: 'The photo is empty' }]);
  if (bytes.length > ASSET_PHOTO_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', 413, 'A photo can be at most 5 MB');
  }
  if (bytes.subarray(0, PNG.length).equals(PNG)) return 'image/png';
  if (bytes.subarray(0, JPEG.length).equals(JPEG)) return 'image/jpeg';
  throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'A photo must be a PNG or JPEG image');
}

async function insertPhoto(trx: AnyDb, caller: Actor, assetId: number | null, photo: PhotoInput) {
  return trx
    .insertInto('asset_photos')
    .values({
      facility_id: caller.facilityId,
      asset_id: assetId,
      content_type: photoType(photo.bytes),
      byte_size: photo.bytes.length,
      file_name: photo.fileName,
      data: photo.bytes,
      created_by: caller.userId,
    })
    .returning(['id', 'content_type', 'byte_size', 'file_name', 'created_at'])
    .executeTakeFirstOrThrow();
}

/** A photo upload as a command's input: the bytes (checked by photoType before the command runs). */
export interface PhotoInput {
  bytes: Buffer;
  fileName: string;
}

/** Two sends of one photo are the same command: the key's fingerprint is the bytes' hash, not the bytes. */
const photoFingerprint = (photo: PhotoInput) => ({
  sha256: createHash('sha256').update(photo.bytes).digest('hex'),
  fileName: photo.fileName,
});

/** Adds a photo to an asset (target: the asset, locked, not changed). */
export const addAssetPhoto = defineCommand({
  name: 'asset.photo.add',
  target: targets.parentAsset,
  policy: policy['asset.photo.add'],
  fingerprint: photoFingerprint,
  async apply({ trx, ctx, input, state: asset, ...run }: RecordRun<PhotoInput>): Promise<AssetPhoto> {
    const photo = await insertPhoto(trx, ctx.actor, asset.id, input);
    run.audit({
      action: 'asset.photo.add',
      entityType: 'asset_photos',
      entityId: photo.id,
      before: null,
      after: {
        assetId: asset.id,
        contentType: photo.content_type,
        byteSize: photo.byte_size,
        fileName: input.fileName,
      },
    });
    run.event({ name: 'asset.photo.added', entityType: 'asset_photos', entityId: photo.id });
    return photoOf(photo);
  },
});

/** Hides a photo of an asset (kept in the database, like every referenced record). */
export const retireAssetPhoto = defineCommand({
  name: 'asset.photo.retire',
  target: assetPhotoTarget,
  policy: policy['asset.photo.retire'],
  async apply({ trx, state: photo, ...run }: RecordRun<null>): Promise<null> {
    await trx.updateTable('asset_photos').set({ is_active: false }).where('id', '=', photo.id).execute();
    run.audit({
      action: 'asset.photo.retire',
      entityType: 'asset_photos',
      entityId: photo.id,
      before: { assetId: photo.asset_id, isActive: true },
      after: { assetId: photo.asset_id, isActive: false },
    });
    run.event({ name: 'asset.photo.retired', entityType: 'asset_photos', entityId: photo.id });
    return null;
  },
});

/** Replaces an isolation point's photo; a new version of the point (no expected version: the photo is all it changes). */
export const setIsolationPointPhoto = defineCommand({
  name: 'isolation-point.photo',
  target: targets.isolationPoint,
  policy: policy['isolation-point.photo'],
  fingerprint: photoFingerprint,
  async apply({ trx, ctx, input, state, ...run }: RecordRun<PhotoInput>): Promise<IsolationPoint> {
    const photo = await insertPhoto(trx, ctx.actor, null, input);
    await updateRecord({ trx, ...run }, 'isolation_points', state, { photo_id: photo.id }, 'isolation-point.photo');
    return loadIsolationPoint(trx, ctx.actor.facilityId, state.id);
  },
});

export async function readPhoto(db: Db, facilityId: number, id: number) {
  const row = await db
    .selectFrom('asset_photos')
    .select(['data', 'content_type'])
    .where('id', '=', id)
    .where('facility_id', '=', facilityId)
    .executeTakeFirst();
  if (!row) throw AppError.notFound('Photo');
  return row;
}
