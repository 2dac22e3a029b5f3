import type { Kysely } from 'kysely';
import type { FacilityLogoUpload, FacilityProfile, FacilityProfileInput } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { findLanguageByCode } from '../translations';
import {
  describeFacilityLogo,
  findFacilityProfile,
  setFacilityLogo,
  updateFacilityProfileRow,
} from './facility-profile.repository';
import { checkedLogo } from './logo-content';
import { defineCommand, type CommandRun, type FacilityTargetState } from '../../platform';
import { facilityProfilePolicy, facilityTarget } from './facility-profile.policy';

/** IANA names the server knows; UTC is valid everywhere though not listed by every runtime. */
const timeZones = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);

export async function getFacilityProfile(db: Kysely<Database>, facilityId: number): Promise<FacilityProfile> {
  const profile = await findFacilityProfile(db, facilityId);
  if (!profile) throw AppError.notFound('Facility');
  return profile;
}

/** Changes the actor's facility's name, address, time zone and default language. */
export const editFacilityProfile = defineCommand({
  name: 'facility.profile.edit',
  target: facilityTarget,
  policy: facilityProfilePolicy['facility.profile.edit'],
  async apply({
    trx,
    input,
    state: { facilityId },
    ...run
  }: CommandRun<FacilityProfileInput, FacilityTargetState>): Promise<FacilityProfile> {
    const problems: { field: string; message: string }[] = [];
    if (!timeZones.has(input.timeZone)) {
      problems.push({ field: 'timeZone', message: 'Time zone: choose a time zone from the list (an IANA name).' });
    }
    let defaultLanguageId: number | null = null;
    if (input.defaultLanguageCode) {
      const language = await findLanguageByCode(trx, input.defaultLanguageCode);
      if (language) defaultLanguageId = language.id;
      else problems.push({ field: 'defaultLanguageCode', message: 'Default language: choose one of the languages.' });
    }
    if (problems.length) throw AppError.validation(problems);
    const before = await getFacilityProfile(trx, facilityId);
    await updateFacilityProfileRow(trx, facilityId, { ...input, defaultLanguageId });
    const after = await getFacilityProfile(trx, facilityId);
    run.audit({ action: 'facility.profile.update', ...about(facilityId), before, after });
    run.event({ name: 'facility.profile.changed', ...about(facilityId) });
    return after;
  },
});

/** Replaces the logo (checked: type, content and size), or removes it. */
function changeLogo(replace: boolean) {
  const name = replace ? 'facility.logo.replace' : 'facility.logo.remove';
  return defineCommand({
    name,
    target: facilityTarget,
    policy: facilityProfilePolicy[name],
    async apply({
      trx,
      input: upload,
      state: { facilityId },
      ...run
    }: CommandRun<FacilityLogoUpload | null, FacilityTargetState>): Promise<FacilityProfile> {
      const logo = upload ? { bytes: checkedLogo(upload.contentType, upload.data), type: upload.contentType } : null;
      const before = await describeFacilityLogo(trx, facilityId);
      await setFacilityLogo(trx, facilityId, logo);
      const after = await describeFacilityLogo(trx, facilityId);
      run.audit({
        action: logo ? 'facility.logo.update' : 'facility.logo.remove',
        ...about(facilityId),
        before,
        after,
      });
      run.event({ name: logo ? 'facility.logo.replaced' : 'facility.logo.removed', ...about(facilityId) });
      return getFacilityProfile(trx, facilityId);
    },
  });
}
export const replaceFacilityLogo = changeLogo(true);
export const removeFacilityLogo = changeLogo(false);

/** The facility an audit row or a domain event is about. */
function about(facilityId: number) {
  return { entityType: 'facility', entityId: facilityId };
}
