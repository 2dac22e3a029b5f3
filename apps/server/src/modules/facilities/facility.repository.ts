import type { Kysely } from 'kysely';
import type { Facility } from '@hasp/contracts';
import type { Database } from '../../db/schema';

const columns = ['id', 'name', 'parent_id'] as const;
const toFacility = (row: { id: number; name: string; parent_id: number | null }): Facility => ({
  ID: row.id,
  name: row.name,
  companyID: row.parent_id,
});

/** Facilities of a connection, active only unless asked otherwise, in name order. */
export async function listFacilities(db: Kysely<Database>, options: { activeOnly: boolean }): Promise<Facility[]> {
  let query = db.selectFrom('facilities').select(columns).orderBy('id');
  if (options.activeOnly) query = query.where('is_active', '=', true);
  return (await query.execute()).map(toFacility);
}

/** The facility with this ID, or undefined. Callers decide whether the caller may see it. */
export async function findFacilityById(db: Kysely<Database>, id: number): Promise<Facility | undefined> {
  const row = await db.selectFrom('facilities').select(columns).where('id', '=', id).executeTakeFirst();
  return row && toFacility(row);
}

/** The facility's logo bytes and type, or undefined when it has none. */
export async function findFacilityLogo(db: Kysely<Database>, id: number) {
  const row = await db.selectFrom('facilities').select(['logo', 'logo_type']).where('id', '=', id).executeTakeFirst();
  return row?.logo && row.logo_type ? { bytes: row.logo, type: row.logo_type } : undefined;
}
