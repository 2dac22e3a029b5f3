import type { Kysely } from 'kysely';
import type { HazardAnalysis } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import type { Actor } from '../../platform';
import { hazardAnalysisView } from './hazard-analysis-command.service';
import { findSectionPermits } from '../permits';
import {
  analysisVersionsForPermits,
  energySuggestionsForPermits,
  findHazardPermit,
  loadLinesForPermits,
  loadMatrix,
} from './hazard-analysis.repository';

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

/**
 * readHazardAnalysisSection for many permits of the caller's facility in a few statements for all
 * (the offline download's page), by permit ID: null where the type has none; IDs of no permit of the
 * facility are absent.
 */
export async function readHazardAnalysisSectionsForPermits(
  db: Kysely<Database>,
  viewer: { actor: Actor; permissions: ReadonlySet<string> },
  permitIds: readonly number[],
): Promise<Map<number, HazardAnalysis | null>> {
  const { facilityId, userId } = viewer.actor;
  const permits = await findSectionPermits(db, facilityId, permitIds);
  const analysed = [...permits.values()].filter((p) => p.sections.includes('hazard-analysis'));
  const result = new Map<number, HazardAnalysis | null>([...permits.keys()].map((id) => [id, null]));
  if (!analysed.length) return result;
  const ids = analysed.map((p) => p.id);
  const [lines, versions, matrix, suggestions] = await Promise.all([
    loadLinesForPermits(db, ids),
    analysisVersionsForPermits(db, ids),
    loadMatrix(db, facilityId),
    energySuggestionsForPermits(db, facilityId, ids),
  ]);
  for (const permit of analysed) {
    const known = {
      lines: lines.get(permit.id) ?? [],
      version: versions.get(permit.id)!,
      matrix,
      suggestions: suggestions.get(permit.id)!,
    };
    result.set(permit.id, await hazardAnalysisView(db, permit, { userId, permissions: viewer.permissions }, known));
  }
  return result;
}
