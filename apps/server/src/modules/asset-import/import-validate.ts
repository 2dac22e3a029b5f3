import type { Kysely } from 'kysely';
import type { ImportCount, ImportKind } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { checkAreas, checkAssets, checkComponents, checkEnergySources, checkIsolationPoints } from './import-checks';
import { loadExisting } from './import-existing';
import type { ImportPlan, ValidationResult } from './import-plan';
import type { ParsedSheet } from './import-parse';
import { ImportReport, readSheets } from './import-rows';

export type { ImportPlan, ValidationResult } from './import-plan';

/**
 * Checks every row of every sheet against the file itself and the facility's data, without writing
 * anything: columns, required values, lengths, booleans and numbers, duplicates within the file,
 * unknown parents and master-list values, tag-only points without a measure, cycles among parents.
 */
export async function validateImport(
  db: Kysely<Database>,
  facilityId: number,
  sheets: ParsedSheet[],
): Promise<ValidationResult> {
  const existing = await loadExisting(db, facilityId);
  const report = new ImportReport();
  const plan: ImportPlan = { areas: [], assets: [], components: [], energy: [], points: [] };
  const input = { report, records: readSheets(report, sheets), existing, plan };
  const areaKnown = checkAreas(input);
  const assetKnown = checkAssets(input, areaKnown);
  const componentKnown = checkComponents(input, assetKnown);
  const sourcesUpdated = checkEnergySources(input, componentKnown);
  const pointsUpdated = checkIsolationPoints(input, componentKnown);

  const count = (kind: ImportKind, rows: number, updated: number) => ({ kind, rows, created: rows - updated, updated });
  const counts: ImportCount[] = sheets.map((s) => {
    switch (s.kind) {
      case 'areas':
        return count('areas', plan.areas.length, plan.areas.filter((a) => existing.areaParent.has(a.number)).length);
      case 'assets':
        return count(
          'assets',
          plan.assets.length,
          plan.assets.filter((a) => existing.assetParent.has(a.number)).length,
        );
      case 'components':
        return count(
          'components',
          plan.components.length,
          plan.components.filter((c) => existing.components.has(`${c.assetNumber}\u0000${c.number}`)).length,
        );
      case 'energy-sources':
        return count('energy-sources', plan.energy.length, sourcesUpdated);
      case 'isolation-points':
        return count('isolation-points', plan.points.length, pointsUpdated);
    }
  });
  return { issues: report.issues, issueCount: report.issueCount, counts, plan };
}
