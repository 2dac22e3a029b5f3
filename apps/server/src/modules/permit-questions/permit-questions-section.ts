import type { Kysely } from 'kysely';
import type { PermitQuestions } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import type { Actor } from '../../platform';
import { findQuestionsPermit } from './permit-questions.repository';
import { findSectionPermits } from '../permits';
import { permitQuestionsView, permitQuestionsViewsForPermits } from './permit-questions.view';

/** The Questions section exactly as `GET /permits/:id/questions` answers it; null when the type asks none. */
export async function readPermitQuestionsSection(
  db: Kysely<Database>,
  viewer: { actor: Actor; permissions: ReadonlySet<string> },
  permitId: number,
): Promise<PermitQuestions | null> {
  const permit = await findQuestionsPermit(db, viewer.actor.facilityId, permitId);
  if (!permit?.sections.includes('questions')) return null;
  return permitQuestionsView(db, permit, { userId: viewer.actor.userId, permissions: viewer.permissions });
}

/**
 * readPermitQuestionsSection for many permits of the caller's facility in a few statements for all
 * (the offline download's page), by permit ID: null where the type asks none; IDs of no permit of
 * the facility are absent.
 */
export async function readPermitQuestionsSectionsForPermits(
  db: Kysely<Database>,
  viewer: { actor: Actor; permissions: ReadonlySet<string> },
  permitIds: readonly number[],
): Promise<Map<number, PermitQuestions | null>> {
  const permits = await findSectionPermits(db, viewer.actor.facilityId, permitIds);
  const asking = [...permits.values()].filter((p) => p.sections.includes('questions'));
  const views = await permitQuestionsViewsForPermits(db, asking, {
    userId: viewer.actor.userId,
    permissions: viewer.permissions,
  });
  return new Map([...permits.keys()].map((id) => [id, views.get(id) ?? null]));
}
