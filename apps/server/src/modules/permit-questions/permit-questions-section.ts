import type { Kysely } from 'kysely';
import type { PermitQuestions } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import type { Actor } from '../../platform';
import { findQuestionsPermit } from './permit-questions.repository';
import { permitQuestionsView } from './permit-questions.view';

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
