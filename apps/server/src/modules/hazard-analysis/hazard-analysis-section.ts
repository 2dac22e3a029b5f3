import type { Kysely } from 'kysely';
import type { HazardAnalysis } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import type { Actor } from '../../platform';
import { hazardAnalysisView } from './hazard-analysis-command.service';
import { findHazardPermit } from './hazard-analysis.repository';

/** The hazard analysis exactly as `GET /permits/:id/hazard-analysis` answers it; null when the type has none. */
export async function readHazardAnalysisSection(
  db: Kysely<Database>,
  viewer: { actor: Actor; permissions: ReadonlySet<string> },
  permitId: number,
): Promise<HazardAnalysis | null> {
  const permit = await findHazardPermit(db, viewer.actor.facilityId, permitId);
  if (!permit?.sections.includes('hazard-analysis')) return null;
  return hazardAnalysisView(db, permit, { userId: viewer.actor.userId, permissions: viewer.permissions });
}
