import {
  deny,
  hazardAnalysisMissingSaid,
  sayTogether,
  type PermitFacts,
  type PermitGuard,
  type Spoken,
} from '@hasp/contracts';
import type { Db } from '../../db/schema';
import { lifecycleGuards, type PermitLifecyclePart, type PermitRecord } from '../permits';
import { loadLines, loadLinesForPermits } from './hazard-analysis.repository';

/** What the request guard reads, loaded with the permit's lifecycle facts (after the permit's lock). */
export interface HazardFacts extends PermitFacts {
  /** What is missing for the type's "hazard analysis required before Requested" (empty when not required). */
  hazardAnalysisMissing?: Spoken[];
}

async function loadHazardFacts(db: Db, permit: PermitRecord): Promise<Omit<HazardFacts, keyof PermitFacts>> {
  if (!permit.permitType.sections.includes('hazard-analysis')) return { hazardAnalysisMissing: [] };
  // The type's flag comes with the permit's read (decision 0066): no statement of its own.
  if (!permit.hazardAnalysisRequired) return { hazardAnalysisMissing: [] };
  return { hazardAnalysisMissing: hazardAnalysisMissingSaid(await loadLines(db, permit.ID)) };
}

/** loadHazardFacts for many permits at once (the offline download's page), by permit ID. */
async function loadHazardFactsForPermits(
  db: Db,
  permits: readonly PermitRecord[],
): Promise<Map<number, Omit<HazardFacts, keyof PermitFacts>>> {
  const facts = new Map<number, Omit<HazardFacts, keyof PermitFacts>>(
    permits.map((p) => [p.ID, { hazardAnalysisMissing: [] }]),
  );
  const analysed = permits.filter((p) => p.permitType.sections.includes('hazard-analysis'));
  if (!analysed.length) return facts;
  const required = new Set(
    (
      await db
        .selectFrom('permit_types')
        .select('id')
        .where('id', 'in', [...new Set(analysed.map((p) => p.permitType.ID))])
        .where('hazard_analysis_required', '=', true)
        .execute()
    ).map((t) => t.id),
  );
  const judged = analysed.filter((p) => required.has(p.permitType.ID));
  const lines = await loadLinesForPermits(
    db,
    judged.map((p) => p.ID),
  );
  for (const permit of judged) {
    facts.set(permit.ID, { hazardAnalysisMissing: hazardAnalysisMissingSaid(lines.get(permit.ID) ?? []) });
  }
  return facts;
}

/**
 * Request: the type's required hazard analysis is complete; the refusal names everything missing.
 * Facts read without the plugins (a new permit's first view) carry none: nothing to refuse there.
 */
const analysisComplete: PermitGuard<HazardFacts> = ({ facts }) =>
  facts.hazardAnalysisMissing?.length ? deny('PRECONDITION_FAILED', sayTogether(facts.hazardAnalysisMissing)) : null;

/**
 * The signed content of the analysis (seam 2): its lines, sorted by ID — job step, hazard, ratings,
 * controls. Master list items by ID (renaming an item's caption re-signs nothing), free text as
 * written. The order of the lines is left out: moving a line changes nothing that was assessed.
 */
async function signedLines(db: Db, permit: PermitRecord) {
  const lines = await loadLines(db, permit.ID);
  return [...lines]
    .sort((a, b) => a.ID - b.ID)
    .map((l) => ({
      id: l.ID,
      jobStep: l.jobStep,
      hazardItemId: l.hazard.ID,
      severity: l.severity,
      likelihood: l.likelihood,
      risk: l.risk,
      controls: l.controls.map((c) => (c.item ? { itemId: c.item.ID } : { text: c.text })),
      residualSeverity: l.residualSeverity,
      residualLikelihood: l.residualLikelihood,
      residualRisk: l.residualRisk,
    }));
}

/** The request guard and the signed content 'hazard-analysis', as a part of the permit lifecycle. */
export const hazardAnalysisLifecycle: PermitLifecyclePart = {
  guards: lifecycleGuards<HazardFacts>({
    name: 'hazard-analysis',
    facts: loadHazardFacts,
    // The type's flag and the analysis's lines; of the permit itself only its type.
    factsKey: (p) => JSON.stringify([p.permitType.ID, p.permitType.sections]),
    factsForPermits: loadHazardFactsForPermits,
    guards: { request: [analysisComplete] },
  }),
  content: [{ name: 'hazard-analysis', load: signedLines }],
};
