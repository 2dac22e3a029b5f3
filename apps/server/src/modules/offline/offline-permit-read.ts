import type { Kysely } from 'kysely';
import type { OfflinePermit, Permit } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import type { Actor } from '../../platform';
import { readAttachmentsSection, readAttachmentsSectionsForPermits } from '../attachments';
import { readGasTestsSection, readGasTestsSectionsForPermits } from '../gas-tests';
import { readHazardAnalysisSection, readHazardAnalysisSectionsForPermits } from '../hazard-analysis';
import { readIsolationPlanSection, readIsolationPlanSectionsForPermits } from '../isolation-plan';
import { readLockboxSection, readLockboxSectionsForPermits } from '../lockboxes';
import { readPermitQuestionsSection, readPermitQuestionsSectionsForPermits } from '../permit-questions';
import { readPermit, readPermitsForPermits } from '../permits';
import { readTagsSection, readTagsSectionsForPermits } from '../tags';

// A permit as a device takes it offline, read alone (a queued command's answer, the flags) or by
// the page (the download): the download and the flags both read it, so it is neither's.

export interface OfflineViewer {
  actor: Actor;
  permissions: ReadonlySet<string>;
  now: Date;
}

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
  return offlinePermitOf(permit, { plan, tags, questions, lockbox, gasTests, hazards, attachments });
}

type SectionAnswers = {
  plan: Awaited<ReturnType<typeof readIsolationPlanSection>>;
  tags: Awaited<ReturnType<typeof readTagsSection>>;
  questions: Awaited<ReturnType<typeof readPermitQuestionsSection>>;
  lockbox: Awaited<ReturnType<typeof readLockboxSection>>;
  gasTests: Awaited<ReturnType<typeof readGasTestsSection>>;
  hazards: Awaited<ReturnType<typeof readHazardAnalysisSection>>;
  attachments: Awaited<ReturnType<typeof readAttachmentsSection>>;
};

/** The permit, its sections by name and the versions its commands check, from each section's answer. */
function offlinePermitOf(permit: Permit, answers: SectionAnswers): OfflinePermit {
  const { plan, tags, questions, lockbox, gasTests, hazards, attachments } = answers;
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
 * readOfflinePermit for a page of permits at once (decision 0060): each section read for all of them
 * by its module's `...ForPermits` reader, a few statements a section whatever the page's size,
 * facility-scoped as the single reads are. In the order of `ids`; an ID of no permit of the facility is left out.
 */
export async function readOfflinePermits(
  db: Kysely<Database>,
  viewer: OfflineViewer,
  ids: readonly number[],
): Promise<OfflinePermit[]> {
  // One after another: the page's statements take one pooled connection at a time, leaving the
  // others to the users online (in parallel they went no faster on 2 cores: bench/README.md).
  const permits = await readPermitsForPermits(db, viewer, ids);
  const found = permits.map((p) => p.ID);
  const plans = await readIsolationPlanSectionsForPermits(db, viewer, found);
  const tags = await readTagsSectionsForPermits(db, viewer, found);
  const questions = await readPermitQuestionsSectionsForPermits(db, viewer, found);
  const lockboxes = await readLockboxSectionsForPermits(db, viewer, found);
  const gasTests = await readGasTestsSectionsForPermits(db, viewer, found);
  const hazards = await readHazardAnalysisSectionsForPermits(db, viewer, found);
  const attachments = await readAttachmentsSectionsForPermits(db, viewer, found);
  return permits.map((permit) =>
    offlinePermitOf(permit, {
      plan: plans.get(permit.ID) ?? null,
      tags: tags.get(permit.ID) ?? [],
      questions: questions.get(permit.ID) ?? null,
      lockbox: lockboxes.get(permit.ID) ?? null,
      gasTests: gasTests.get(permit.ID) ?? null,
      hazards: hazards.get(permit.ID) ?? null,
      attachments: attachments.get(permit.ID) ?? null,
    }),
  );
}
