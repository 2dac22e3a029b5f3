import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema';

/** North Plant's first asset (the demo's), with its area: what a test's permit is raised on. */
export async function firstAssetOf(db: Kysely<Database>): Promise<{ id: number; area_id: number }> {
  return await db
    .selectFrom('assets')
    .select(['id', 'area_id'])
    .where('facility_id', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
}
