import { sql, type Transaction } from 'kysely';
import {
  defaultRiskMatrix,
  energyControlSuggestions,
  type HazardLine,
  type HazardSuggestion,
  type PermitRiskLevel,
  type RiskMatrix,
} from '@hasp/contracts';
import type { Database, Db } from '../../db/schema';
import { itemCaptionSql } from '../master-lists';
import { findSectionPermit, type SectionPermit } from '../permits';

/** The permit an analysis belongs to, as its commands read it (locked FOR UPDATE by the target). */
export type HazardPermit = SectionPermit;
export { findSectionPermit as findHazardPermit };

/** The analysis's version (0 before its first command). */
export async function analysisVersion(db: Db, permitId: number): Promise<number> {
  const row = await db
    .selectFrom('permit_hazard_analyses')
    .select('version')
    .where('permit_id', '=', permitId)
    .executeTakeFirst();
  return row?.version ?? 0;
}

/** analysisVersion for many permits (of one facility: the caller read them there) in one statement, by permit ID. */
export async function analysisVersionsForPermits(db: Db, permitIds: readonly number[]): Promise<Map<number, number>> {
  const rows = permitIds.length
    ? await db
        .selectFrom('permit_hazard_analyses')
        .select(['permit_id', 'version'])
        .where('permit_id', 'in', [...permitIds])
        .execute()
    : [];
  const found = new Map(rows.map((r) => [r.permit_id, r.version]));
  return new Map(permitIds.map((id) => [id, found.get(id) ?? 0]));
}

/** Moves the analysis on by one version (creating its row on the first command); answers the new version. */
export async function bumpAnalysis(trx: Transaction<Database>, facilityId: number, permitId: number): Promise<number> {
  const row = await trx
    .insertInto('permit_hazard_analyses')
    .values({ permit_id: permitId, facility_id: facilityId, version: 1 })
    .onConflict((oc) =>
      oc.column('permit_id').doUpdateSet({ version: sql`permit_hazard_analyses.version + 1`, updated_at: sql`now()` }),
    )
    .returning('version')
    .executeTakeFirstOrThrow();
  return row.version;
}

/** The facility's risk matrix (the default 5 × 5, version 0, until it is configured). */
export async function loadMatrix(db: Db, facilityId: number, lock = false): Promise<RiskMatrix> {
  let query = db
    .selectFrom('hazard_risk_matrices')
    .select(['severity_labels', 'likelihood_labels', 'cells', 'version'])
    .where('facility_id', '=', facilityId);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) return { ...defaultRiskMatrix, version: 0 };
  return {
    severityLabels: row.severity_labels,
    likelihoodLabels: row.likelihood_labels,
    cells: row.cells,
    version: row.version,
  };
}

/** Creates the facility's matrix row with the default when it has none (so a command can lock it). */
export async function ensureMatrixRow(db: Db, facilityId: number): Promise<void> {
  await db
    .insertInto('hazard_risk_matrices')
    .values({
      facility_id: facilityId,
      severity_labels: defaultRiskMatrix.severityLabels,
      likelihood_labels: defaultRiskMatrix.likelihoodLabels,
      cells: JSON.stringify(defaultRiskMatrix.cells),
    })
    .onConflict((oc) => oc.column('facility_id').doNothing())
    .execute();
}

/** Saves a new matrix; answers its new version. */
export async function saveMatrix(
  trx: Transaction<Database>,
  facilityId: number,
  matrix: Omit<RiskMatrix, 'version'>,
): Promise<number> {
  const row = await trx
    .updateTable('hazard_risk_matrices')
    .set({
      severity_labels: matrix.severityLabels,
      likelihood_labels: matrix.likelihoodLabels,
      cells: JSON.stringify(matrix.cells),
      version: sql`version + 1`,
      updated_at: sql`now()`,
    })
    .where('facility_id', '=', facilityId)
    .returning('version')
    .executeTakeFirstOrThrow();
  return row.version;
}

/** The analysis's lines on the permit (not taken off), in order, each with its controls. */
export async function loadLines(db: Db, permitId: number): Promise<HazardLine[]> {
  return (await loadLinesForPermits(db, [permitId])).get(permitId) ?? [];
}

/** loadLines for many permits (of one facility: the caller read them there) in two statements, by permit ID (none: absent). */
export async function loadLinesForPermits(db: Db, permitIds: readonly number[]): Promise<Map<number, HazardLine[]>> {
  const byPermit = new Map<number, HazardLine[]>();
  if (!permitIds.length) return byPermit;
  const lines = await db
    .selectFrom('hazard_analysis_lines as l')
    .innerJoin('master_list_items as m', 'm.id', 'l.hazard_item_id')
    .select([
      'l.id',
      'l.position',
      'l.job_step',
      'l.hazard_item_id',
      itemCaptionSql('m').as('hazard_caption'),
      'l.severity',
      'l.likelihood',
      'l.risk',
      'l.residual_severity',
      'l.residual_likelihood',
      'l.residual_risk',
      'l.permit_id',
    ])
    .where('l.permit_id', 'in', [...permitIds])
    .where('l.removed_at', 'is', null)
    .orderBy('l.position')
    .orderBy('l.id')
    .execute();
  if (!lines.length) return byPermit;
  const controls = await db
    .selectFrom('hazard_analysis_controls as c')
    .leftJoin('master_list_items as m', 'm.id', 'c.control_item_id')
    .select(['c.id', 'c.line_id', 'c.control_item_id', 'c.text', itemCaptionSql('m').as('item_caption')])
    .where(
      'c.line_id',
      'in',
      lines.map((l) => l.id),
    )
    .where('c.removed_at', 'is', null)
    .orderBy('c.position')
    .orderBy('c.id')
    .execute();
  const controlsOf = new Map<number, typeof controls>();
  for (const c of controls) {
    const list = controlsOf.get(c.line_id);
    if (list) list.push(c);
    else controlsOf.set(c.line_id, [c]);
  }
  for (const l of lines) {
    const line: HazardLine = {
      ID: l.id,
      position: l.position,
      jobStep: l.job_step,
      hazard: { ID: l.hazard_item_id, caption: l.hazard_caption },
      severity: l.severity,
      likelihood: l.likelihood,
      risk: l.risk,
      controls: (controlsOf.get(l.id) ?? []).map((c) => ({
        ID: c.id,
        item: c.control_item_id === null ? null : { ID: c.control_item_id, caption: c.item_caption },
        text: c.control_item_id === null ? c.text : c.item_caption,
      })),
      residualSeverity: l.residual_severity,
      residualLikelihood: l.residual_likelihood,
      residualRisk: l.residual_risk,
    };
    const list = byPermit.get(l.permit_id);
    if (list) list.push(line);
    else byPermit.set(l.permit_id, [line]);
  }
  return byPermit;
}

/** The facility's items of a list among some IDs, with whether each is active. */
export async function findListItems(
  db: Db,
  facilityId: number,
  listKey: 'hazards' | 'controls',
  ids: number[],
): Promise<Map<number, { isActive: boolean }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('master_list_items')
    .select(['id', 'is_active'])
    .where('facility_id', '=', facilityId)
    .where('list_key', '=', listKey)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, { isActive: r.is_active }]));
}

/** A line's stored fields, as a command writes them. */
export interface LineValues {
  jobStep: string;
  hazardItemId: number;
  severity: number;
  likelihood: number;
  risk: PermitRiskLevel;
  residualSeverity: number | null;
  residualLikelihood: number | null;
  residualRisk: PermitRiskLevel | null;
  controls: { itemId: number | null; text: string }[];
}

const lineColumns = (v: LineValues) => ({
  job_step: v.jobStep,
  hazard_item_id: v.hazardItemId,
  severity: v.severity,
  likelihood: v.likelihood,
  risk: v.risk,
  residual_severity: v.residualSeverity,
  residual_likelihood: v.residualLikelihood,
  residual_risk: v.residualRisk,
});

async function insertControls(
  trx: Transaction<Database>,
  facilityId: number,
  lineId: number,
  controls: LineValues['controls'],
) {
  if (!controls.length) return;
  await trx
    .insertInto('hazard_analysis_controls')
    .values(
      controls.map((c, position) => ({
        facility_id: facilityId,
        line_id: lineId,
        position,
        control_item_id: c.itemId,
        text: c.itemId === null ? c.text : '',
      })),
    )
    .execute();
}

export async function insertLine(
  trx: Transaction<Database>,
  facilityId: number,
  permitId: number,
  position: number,
  values: LineValues,
  userId: number,
): Promise<number> {
  const { id } = await trx
    .insertInto('hazard_analysis_lines')
    .values({ facility_id: facilityId, permit_id: permitId, position, created_by: userId, ...lineColumns(values) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertControls(trx, facilityId, id, values.controls);
  return id;
}

/** Rewrites a line; its controls are taken off and the new ones added (the audit row keeps both). */
export async function updateLine(
  trx: Transaction<Database>,
  facilityId: number,
  lineId: number,
  values: LineValues,
  at: Date,
): Promise<void> {
  await trx
    .updateTable('hazard_analysis_lines')
    .set({ ...lineColumns(values), updated_at: at })
    .where('id', '=', lineId)
    .execute();
  await trx
    .updateTable('hazard_analysis_controls')
    .set({ removed_at: at })
    .where('line_id', '=', lineId)
    .where('removed_at', 'is', null)
    .execute();
  await insertControls(trx, facilityId, lineId, values.controls);
}

export async function removeLine(trx: Transaction<Database>, lineId: number, userId: number, at: Date) {
  await trx
    .updateTable('hazard_analysis_lines')
    .set({ removed_at: at, removed_by: userId })
    .where('id', '=', lineId)
    .execute();
}

export async function setLinePositions(trx: Transaction<Database>, lineIds: number[]) {
  for (const [position, id] of lineIds.entries()) {
    await trx.updateTable('hazard_analysis_lines').set({ position }).where('id', '=', id).execute();
  }
}

/**
 * The permit's risk level (seam 1 of decision 0046), in the command's transaction: the permits
 * module keeps it in its column and approvals read it from there.
 */
export async function setPermitRiskLevel(
  trx: Transaction<Database>,
  facilityId: number,
  permitId: number,
  level: PermitRiskLevel | null,
  at: Date,
) {
  await trx
    .updateTable('permits')
    .set({ risk_level: level, updated_at: at })
    .where('facility_id', '=', facilityId)
    .where('id', '=', permitId)
    .execute();
}

/**
 * Controls suggested by the energy sources of the permit's assets (assets → active components →
 * active energy sources): one per energy type, plus "Release or block stored energy" when any
 * source stores energy, each naming where it comes from.
 */
export async function energySuggestions(db: Db, facilityId: number, permitId: number): Promise<HazardSuggestion[]> {
  return (await energySuggestionsForPermits(db, facilityId, [permitId])).get(permitId)!;
}

/** energySuggestions for many permits of the facility in one statement, by permit ID. */
export async function energySuggestionsForPermits(
  db: Db,
  facilityId: number,
  permitIds: readonly number[],
): Promise<Map<number, HazardSuggestion[]>> {
  if (!permitIds.length) return new Map();
  const allRows = await db
    .selectFrom('permit_assets as pa')
    .innerJoin('assets as a', 'a.id', 'pa.asset_id')
    .innerJoin('components as c', (j) =>
      j.onRef('c.asset_id', '=', 'pa.asset_id').onRef('c.facility_id', '=', 'pa.facility_id'),
    )
    .innerJoin('energy_sources as e', 'e.component_id', 'c.id')
    .innerJoin('master_list_items as m', 'm.id', 'e.energy_type_item_id')
    .select([
      'a.number as asset',
      'c.name as component',
      'm.value',
      itemCaptionSql('m').as('caption'),
      'e.magnitude',
      'e.unit',
      'e.stored_energy',
      'pa.permit_id',
    ])
    .where('pa.permit_id', 'in', [...permitIds])
    .where('pa.facility_id', '=', facilityId)
    .where('c.is_active', '=', true)
    .where('e.is_active', '=', true)
    .orderBy('a.number')
    .orderBy('c.number')
    .orderBy('e.id')
    .execute();
  const rowsOf = new Map<number, typeof allRows>();
  for (const row of allRows) {
    const list = rowsOf.get(row.permit_id);
    if (list) list.push(row);
    else rowsOf.set(row.permit_id, [row]);
  }
  return new Map(permitIds.map((id) => [id, suggestionsOf(rowsOf.get(id) ?? [])]));
}

function suggestionsOf(
  rows: {
    asset: string;
    component: string;
    value: string;
    caption: string;
    magnitude: string | number | null;
    unit: string | null;
    stored_energy: boolean;
  }[],
): HazardSuggestion[] {
  const byKey = new Map<string, HazardSuggestion>();
  const add = (key: string, text: string, source: string) => {
    const entry = byKey.get(key) ?? { key, text, sources: [] };
    if (!entry.sources.includes(source)) entry.sources.push(source);
    byKey.set(key, entry);
  };
  for (const row of rows) {
    const amount = row.magnitude === null ? '' : ` ${Number(row.magnitude)}${row.unit ? ` ${row.unit}` : ''}`;
    const source = `${row.asset} ${row.component}: ${row.caption}${amount}`;
    add(row.value, energyControlSuggestions[row.value] ?? `Isolate and lock out the ${row.caption} energy`, source);
  }
  for (const row of rows.filter((r) => r.stored_energy)) {
    add('stored-energy', energyControlSuggestions['stored-energy']!, `${row.asset} ${row.component}: ${row.caption}`);
  }
  return [...byKey.values()];
}
