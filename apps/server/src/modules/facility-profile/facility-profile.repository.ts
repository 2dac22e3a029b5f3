import { sql, type Transaction } from 'kysely';
import type { FacilityProfile } from '@hasp/contracts';
import type { Database, Db, FacilityLogoType } from '../../db/schema';

/** The facility's profile (no logo bytes: only whether there is one, its type and when it changed). */
export async function findFacilityProfile(db: Db, facilityId: number): Promise<FacilityProfile | undefined> {
  const row = await db
    .selectFrom('facilities as f')
    .leftJoin('languages as l', 'l.id', 'f.default_language_id')
    .select([
      'f.id',
      'f.name',
      'f.address',
      'f.time_zone',
      'l.code as language_code',
      'f.logo_type',
      'f.logo_updated_at',
    ])
    .where('f.id', '=', facilityId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    ID: row.id,
    name: row.name,
    address: row.address,
    timeZone: row.time_zone,
    defaultLanguageCode: row.language_code,
    logo:
      row.logo_type && row.logo_updated_at
        ? { type: row.logo_type, updatedAt: new Date(row.logo_updated_at).toISOString() }
        : null,
  };
}

export async function updateFacilityProfileRow(
  trx: Transaction<Database>,
  facilityId: number,
  values: { name: string; address: string; timeZone: string; defaultLanguageId: number | null },
): Promise<void> {
  await trx
    .updateTable('facilities')
    .set({
      name: values.name,
      address: values.address,
      time_zone: values.timeZone,
      default_language_id: values.defaultLanguageId,
    })
    .where('id', '=', facilityId)
    .execute();
}

/** Stores the logo, or removes it (null). */
export async function setFacilityLogo(
  trx: Transaction<Database>,
  facilityId: number,
  logo: { bytes: Buffer; type: FacilityLogoType } | null,
): Promise<void> {
  await trx
    .updateTable('facilities')
    .set(
      logo
        ? { logo: logo.bytes, logo_type: logo.type, logo_updated_at: sql`now()` }
        : { logo: null, logo_type: null, logo_updated_at: null },
    )
    .where('id', '=', facilityId)
    .execute();
}

/** Size and fingerprint of the stored logo, for the audit log (the bytes themselves stay out of it). */
export async function describeFacilityLogo(db: Db, facilityId: number) {
  const row = await db
    .selectFrom('facilities')
    .select(['logo_type', 'logo_updated_at'])
    .select((eb) => [
      eb.fn<number | null>('octet_length', ['logo']).as('bytes'),
      eb.fn<string | null>('md5', ['logo']).as('md5'),
    ])
    .where('id', '=', facilityId)
    .executeTakeFirst();
  return row?.logo_type ? { type: row.logo_type, bytes: row.bytes, md5: row.md5 } : null;
}
