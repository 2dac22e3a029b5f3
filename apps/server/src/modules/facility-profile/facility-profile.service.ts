import type { Kysely } from 'kysely';
import type { FacilityLogoUpload, FacilityProfile, FacilityProfileInput } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { recordAudit } from '../audit';
import { findLanguageByCode } from '../translations';
import {
  describeFacilityLogo,
  findFacilityProfile,
  setFacilityLogo,
  updateFacilityProfileRow,
} from './facility-profile.repository';
import { checkedLogo } from './logo-content';
import type { Actor } from '../../platform';

/** Who acts: the platform's actor, as far as this module needs it. */
type Caller = Pick<Actor, 'facilityId' | 'userId'>;

/** IANA names the server knows; UTC is valid everywhere though not listed by every runtime. */
const timeZones = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);

export async function getFacilityProfile(db: Kysely<Database>, facilityId: number): Promise<FacilityProfile> {
  const profile = await findFacilityProfile(db, facilityId);
  if (!profile) throw AppError.notFound('Facility');
  return profile;
}

/** Changes the caller's facility's name, address, time zone and default language (audited). */
export async function updateFacilityProfile(
  db: Kysely<Database>,
  caller: Caller,
  input: FacilityProfileInput,
): Promise<FacilityProfile> {
  const problems: { field: string; message: string }[] = [];
  if (!timeZones.has(input.timeZone)) {
    problems.push({ field: 'timeZone', message: 'Time zone: choose a time zone from the list (an IANA name).' });
  }
  let defaultLanguageId: number | null = null;
  if (input.defaultLanguageCode) {
    const language = await findLanguageByCode(db, input.defaultLanguageCode);
    if (language) defaultLanguageId = language.id;
    else problems.push({ field: 'defaultLanguageCode', message: 'Default language: choose one of the languages.' });
  }
  if (problems.length) throw AppError.validation(problems);
  await db.transaction().execute(async (trx) => {
    const before = await findFacilityProfile(trx, caller.facilityId);
    if (!before) throw AppError.notFound('Facility');
    await updateFacilityProfileRow(trx, caller.facilityId, { ...input, defaultLanguageId });
    const after = await findFacilityProfile(trx, caller.facilityId);
    await recordAudit(trx, {
      userId: caller.userId,
      facilityId: caller.facilityId,
      action: 'facility.profile.update',
      entityType: 'facility',
      entityId: caller.facilityId,
      before,
      after,
    });
  });
  return getFacilityProfile(db, caller.facilityId);
}

/** Replaces the logo (checked: type, content and size), or removes it with null. Audited. */
export async function changeFacilityLogo(
  db: Kysely<Database>,
  caller: Caller,
  upload: FacilityLogoUpload | null,
): Promise<FacilityProfile> {
  const logo = upload ? { bytes: checkedLogo(upload.contentType, upload.data), type: upload.contentType } : null;
  await db.transaction().execute(async (trx) => {
    const before = await describeFacilityLogo(trx, caller.facilityId);
    await setFacilityLogo(trx, caller.facilityId, logo);
    await recordAudit(trx, {
      userId: caller.userId,
      facilityId: caller.facilityId,
      action: logo ? 'facility.logo.update' : 'facility.logo.remove',
      entityType: 'facility',
      entityId: caller.facilityId,
      before,
      after: await describeFacilityLogo(trx, caller.facilityId),
    });
  });
  return getFacilityProfile(db, caller.facilityId);
}
