import { sql, type Kysely, type Transaction } from 'kysely';
import { defaultRiskMatrix, type HazardLineInput } from '@hasp/contracts';
import type { Connection } from '../connections';
import type { Database } from '../schema';
import { EventBus, runCommand, type RequestContext } from '../../platform';
import { hazardAnalysisCommands } from '../../modules/hazard-analysis';

/** Each demo facility's risk matrix: the default 5 × 5 (Master List Manage › Risk matrix changes it). */
export async function seedRiskMatrices(trx: Transaction<Database>, facilityIds: number[]): Promise<void> {
  if (!facilityIds.length) return;
  await trx
    .insertInto('hazard_risk_matrices')
    .values(
      facilityIds.map((facilityId) => ({
        facility_id: facilityId,
        severity_labels: defaultRiskMatrix.severityLabels,
        likelihood_labels: defaultRiskMatrix.likelihoodLabels,
        cells: JSON.stringify(defaultRiskMatrix.cells),
      })),
    )
    .onConflict((oc) => oc.column('facility_id').doNothing())
    .execute();
}

/** The demo lines, by master list value (hazards, controls) and free text (a suggested control). */
const demoLines = [
  {
    jobStep: 'Shut down and isolate the press',
    hazard: 'Unexpected start-up',
    severity: 4,
    likelihood: 3,
    controls: [{ item: 'Lock and tag every energy source' }, { text: 'Isolate and lock out the electrical supply' }],
    residual: [4, 1],
  },
  {
    jobStep: 'Replace the worn part under the ram',
    hazard: 'Crush or pinch point',
    severity: 4,
    likelihood: 2,
    controls: [{ item: 'Block or pin raised parts' }, { text: 'Release or block stored energy' }],
    residual: [3, 2],
  },
] as const;

/**
 * North Plant's first draft permit of a type with a hazard analysis and assets with energy sources
 * gets two lines, given as its requester through the analysis's commands (so its risk level is the
 * lines' highest residual risk, medium). The demo types do not require the analysis before
 * Requested, so the permit stories request their permits without lines.
 */
async function seedDemoLines(db: Kysely<Database>, facilityId: number): Promise<void> {
  const permit = await db
    .selectFrom('permits as p')
    .innerJoin('permit_types as t', 't.id', 'p.permit_type_id')
    .select(['p.id', 'p.requester_id'])
    .where('p.facility_id', '=', facilityId)
    .where('p.status', '=', 'draft')
    .where(sql<boolean>`${'hazard-analysis'} = any(t.sections)`)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('permit_assets as pa')
          .innerJoin('components as c', 'c.asset_id', 'pa.asset_id')
          .innerJoin('energy_sources as e', 'e.component_id', 'c.id')
          .select('e.id')
          .whereRef('pa.permit_id', '=', 'p.id'),
      ),
    )
    .orderBy('p.id')
    .executeTakeFirst();
  if (!permit) return;
  const already = await db
    .selectFrom('hazard_analysis_lines')
    .select('id')
    .where('permit_id', '=', permit.id)
    .executeTakeFirst();
  if (already) return;
  const items = await db
    .selectFrom('master_list_items')
    .select(['id', 'list_key', 'value'])
    .where('facility_id', '=', facilityId)
    .where('list_key', 'in', ['hazards', 'controls'])
    .execute();
  const item = (listKey: string, value: string) => items.find((i) => i.list_key === listKey && i.value === value)?.id;
  const connection: Connection = { name: 'demo-seed', db, url: '' };
  const ctx: RequestContext = {
    actor: { userId: permit.requester_id, facilityId, sessionId: 'demo-seed', deviceId: null },
    connection,
    requestId: 'demo-seed-hazard-analysis',
    address: '',
    now: new Date(Date.now()),
    expiresAt: Number.POSITIVE_INFINITY,
  };
  const events = new EventBus(() => {});
  for (const line of demoLines) {
    const hazardItemId = item('hazards', line.hazard);
    if (hazardItemId === undefined) continue;
    const input: HazardLineInput = {
      jobStep: line.jobStep,
      hazardItemId,
      severity: line.severity,
      likelihood: line.likelihood,
      controls: line.controls.flatMap((c): HazardLineInput['controls'] => {
        if ('text' in c) return [{ text: c.text }];
        const itemId = item('controls', c.item);
        return itemId === undefined ? [] : [{ itemId }];
      }),
      residualSeverity: line.residual[0],
      residualLikelihood: line.residual[1],
    };
    const command = hazardAnalysisCommands['add-line'];
    await runCommand(events, ctx, command, { name: command.name, targetId: permit.id, input });
  }
}

/** The step that gives the demo permit its lines (test templates leave it out, like the permit stories). */
export const DEMO_HAZARD_LINES_STEP = 'demo-2026-11-27-hazard-lines';

/** Gives the demo lines through the commands, outside the step's transaction (after the permit stories). */
export async function seedDemoHazardLines(db: Kysely<Database>, facilityIds: number[]): Promise<void> {
  if (facilityIds[0] !== undefined) await seedDemoLines(db, facilityIds[0]);
}
