import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema';

/** IDs of the demo asset records in North Plant (seeded), plus a photo and an import file, by URL collection. */
export async function assetSamples(db: Kysely<Database>, adminId: number): Promise<Record<string, number>> {
  const id = async (table: 'areas' | 'assets', number: string) =>
    (
      await db
        .selectFrom(table)
        .select('id')
        .where('facility_id', '=', 1)
        .where('number', '=', number)
        .executeTakeFirstOrThrow()
    ).id;
  const asset = await id('assets', 'PR-001');
  const component = await db
    .selectFrom('components')
    .select('id')
    .where('asset_id', '=', asset)
    .executeTakeFirstOrThrow();
  const source = await db
    .selectFrom('energy_sources')
    .select('id')
    .where('component_id', '=', component.id)
    .executeTakeFirstOrThrow();
  const point = await db
    .selectFrom('isolation_points')
    .select('id')
    .where('component_id', '=', component.id)
    .executeTakeFirstOrThrow();
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const photo = await db
    .insertInto('asset_photos')
    .values({
      facility_id: 1,
      asset_id: asset,
      content_type: 'image/png',
      byte_size: png.length,
      data: png,
      created_by: adminId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const file = await db
    .insertInto('asset_import_files')
    .values({
      facility_id: 1,
      file_name: 'sample.csv',
      format: 'csv',
      byte_size: 3,
      content: Buffer.from('x\n'),
      parsed: '[]',
      status: 'uploaded',
      uploaded_by: adminId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    areas: await id('areas', 'A-110'),
    assets: asset,
    components: component.id,
    'energy-sources': source.id,
    'isolation-points': point.id,
    photos: photo.id,
    'asset-imports': file.id,
  };
}
