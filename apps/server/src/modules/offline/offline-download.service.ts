import type { Kysely } from 'kysely';
import type { OfflineDownload, OfflinePermit, Permit } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import type { Actor } from '../../platform';
import { readAttachmentsSection } from '../attachments';
import { readGasTestsSection } from '../gas-tests';
import { readHazardAnalysisSection } from '../hazard-analysis';
import { readIsolationPlanSection } from '../isolation-plan';
import { readLockboxSection } from '../lockboxes';
import { listApplicableLocks } from '../locks';
import { readPermitQuestionsSection } from '../permit-questions';
import { readPermit } from '../permits';
import { readTagsSection } from '../tags';
import {
  findPermitTypeInfo,
  listFacilityPeople,
  listOfflinePermitIds,
  type OfflineType,
} from './offline-permits.repository';

export interface OfflineViewer {
  actor: Actor;
  permissions: ReadonlySet<string>;
  now: Date;
}

/** How many permits are read at once: enough to keep the pool busy, few enough to leave it to others. */
const PARALLEL_PERMITS = 4;

/**
 * One permit with each section as its GET route answers it, and the versions its queued commands
 * will be checked against: by command-name prefix, what that command's runner target locks and
 * compares (`permit`, `lock`: the permit's own version; a section's: that section's version; a
 * tag's commands target the tag: `tag:<id>`).
 */
export async function readOfflinePermit(
  db: Kysely<Database>,
  viewer: OfflineViewer,
  id: number,
): Promise<OfflinePermit | undefined> {
  const permit: Permit | undefined = await readPermit(db, viewer, id);
  if (!permit) return undefined;
  const [plan, tags, questions, lockbox, gasTests, hazards, attachments] = await Promise.all([
    readIsolationPlanSection(db, viewer, id),
    readTagsSection(db, viewer, id),
    readPermitQuestionsSection(db, viewer, id),
    readLockboxSection(db, viewer, id),
    readGasTestsSection(db, viewer, id),
    readHazardAnalysisSection(db, viewer, id),
    readAttachmentsSection(db, viewer, id),
  ]);
  const sections: Record<string, unknown> = { tags };
  const versions: Record<string, number> = { permit: permit.version, lock: permit.version };
  if (plan) {
    sections['isolation-plan'] = plan;
    versions['isolation-plan'] = plan.version;
  }
  if (questions) {
    sections.questions = questions;
    versions['permit-questions'] = questions.version;
  }
  if (lockbox) {
    sections['crew-sign-on'] = lockbox;
    versions.lockbox = lockbox.lockbox?.version ?? 0;
  }
  if (gasTests) {
    sections['gas-tests'] = gasTests;
    versions['gas-test'] = gasTests.version;
  }
  if (hazards) {
    sections['hazard-analysis'] = hazards;
    versions['hazard-analysis'] = hazards.version;
  }
  if (attachments) sections.attachments = attachments;
  for (const tag of tags) versions[`tag:${tag.ID}`] = tag.version;
  return { permit, sections, versions };
}

/**
 * One page of the download of an offline-enabled type: the caller's permits with their sections,
 * and the reference data (each page carries it: it is small, and any page may be the last one read).
 */
export async function downloadOfflinePermits(
  db: Kysely<Database>,
  viewer: OfflineViewer,
  type: OfflineType,
  page: { after: number; limit: number },
): Promise<OfflineDownload> {
  const { facilityId, userId } = viewer.actor;
  // One more than asked: whether a next page exists, without a count.
  const found = await listOfflinePermitIds(
    db,
    { facilityId, userId, permitTypeId: type.id },
    { after: page.after, limit: page.limit + 1 },
  );
  const ids = found.slice(0, page.limit);
  const nextAfter = found.length > page.limit ? ids[ids.length - 1]! : null;
  const permits: OfflinePermit[] = [];
  for (let i = 0; i < ids.length; i += PARALLEL_PERMITS) {
    const batch = await Promise.all(ids.slice(i, i + PARALLEL_PERMITS).map((id) => readOfflinePermit(db, viewer, id)));
    for (const permit of batch) if (permit) permits.push(permit);
  }
  const [people, permitType, applicableLocks] = await Promise.all([
    listFacilityPeople(db, facilityId),
    findPermitTypeInfo(db, facilityId, type.id),
    // The locks the user may apply (as GET /api/permits/:id/locks/applicable): locking out offline (decision 0064).
    listApplicableLocks(db, facilityId, userId),
  ]);
  return {
    permitType: { ID: type.id, code: type.code, name: type.name },
    permits,
    // Per user (the reference rows are the facility's): the locks this user may apply.
    reference: { people, 'permit-type': permitType, [`applicable-locks:${userId}`]: applicableLocks },
    downloadedAt: viewer.now.toISOString(),
    nextAfter,
  };
}
