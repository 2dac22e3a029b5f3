import { sql } from 'kysely';
import { rightNavPermission } from '@hasp/contracts';
import { actorFacilityTargetLocking, type FacilityTargetState, policyTable } from '../../platform';

/**
 * The actor's facility's links (another facility's are not found). A save reads the links it
 * changes, so two saves of one facility take turns (a transaction lock: a link not yet made has no
 * row to lock) and each audit row has the right "before". The links have no version (0).
 */
export const facilityLinksTarget = actorFacilityTargetLocking(async (trx, facilityId) => {
  await sql`select pg_advisory_xact_lock(hashtext('hasp-tag-report-links'), ${facilityId}::int)`.execute(trx);
});

/** Who may link tags and permit types to layouts and reports: Tag Report Manage's permission. */
export const tagReportLinksPolicy = policyTable<FacilityTargetState>()({
  'tag-report-links.save': { permissions: [rightNavPermission('tag-report-manage')] },
});
