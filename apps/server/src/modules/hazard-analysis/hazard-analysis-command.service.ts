import {
  hazardAnalysisMissing,
  hazardEditProblem,
  hazardAnalysisVerbs,
  highestRisk,
  riskOf,
  type HazardAnalysis,
  type HazardAnalysisInput,
  type HazardAnalysisVerb,
  type HazardLine,
  type PermitRiskLevel,
  type RiskMatrix,
} from '@hasp/contracts';
import { AppError } from '../../plugins/app-error';
import { defineCommand, type CommandDefinition, type CommandRun } from '../../platform';
import {
  analysisVersion,
  bumpAnalysis,
  energySuggestions,
  findListItems,
  insertLine,
  loadLines,
  loadMatrix,
  removeLine,
  setLinePositions,
  setPermitRiskLevel,
  updateLine,
  type HazardPermit,
  type LineValues,
} from './hazard-analysis.repository';
import { hazardAnalysisPolicy, hazardTarget, type HazardState } from './hazard-analysis.policy';

type Db = Parameters<typeof loadLines>[0];

/**
 * The permit's risk level from its lines: each line counts with its residual risk, or with its risk
 * before controls while the residual is not rated yet (never lower than what is known); null for none.
 */
export function permitRiskOf(lines: readonly Pick<HazardLine, 'risk' | 'residualRisk'>[]): PermitRiskLevel | null {
  return highestRisk(lines.map((l) => l.residualRisk ?? l.risk));
}

/** The analysis as the caller sees it now (whether they may change it, and why not). */
export async function hazardAnalysisView(
  db: Db,
  permit: HazardPermit,
  viewer: { userId: number; permissions: ReadonlySet<string> },
  known?: {
    lines?: HazardLine[];
    version?: number;
    riskLevel?: PermitRiskLevel | null;
    // Read for many permits at once (the offline download's page).
    matrix?: HazardAnalysis['matrix'];
    suggestions?: HazardAnalysis['suggestions'];
  },
): Promise<HazardAnalysis> {
  const [lines, version, matrix, suggestions] = await Promise.all([
    known?.lines ?? loadLines(db, permit.id),
    known?.version ?? analysisVersion(db, permit.id),
    known?.matrix ?? loadMatrix(db, permit.facilityId),
    known?.suggestions ?? energySuggestions(db, permit.facilityId, permit.id),
  ]);
  // The policy's problem itself (its message is the refusal's): an AppError a permit, with its
  // stack, was 2 % of the offline download's server time (decision 0082).
  const refusal = hazardEditProblem(permit, viewer.userId, viewer.permissions);
  return {
    permitId: permit.id,
    version,
    riskLevel: known?.riskLevel !== undefined ? known.riskLevel : permit.riskLevel,
    required: permit.hazardAnalysisRequired,
    matrix,
    lines,
    suggestions,
    canEdit: refusal === null,
    editRefusal: refusal?.message ?? null,
    editRefusalSaid: refusal?.said ?? null,
    missing: permit.hazardAnalysisRequired ? hazardAnalysisMissing(lines) : [],
  };
}

const invalid = (field: string, message: string) => AppError.validation([{ field, message }]);

/**
 * The line's values checked against the facility: the hazard an item of its Hazards list, each
 * listed control an item of its Controls list (an inactive item only where the line had it
 * already), severity and likelihood within the facility's matrix, rated on it.
 */
async function checkedLine(
  db: Db,
  facilityId: number,
  input: HazardAnalysisInput,
  matrix: RiskMatrix,
  before: HazardLine | undefined,
): Promise<LineValues> {
  const severities = matrix.severityLabels.length;
  const likelihoods = matrix.likelihoodLabels.length;
  const inRange = (field: string, what: string, value: number, max: number) => {
    if (value > max) throw invalid(field, `${what}: pick a level from 1 to ${max} (the facility's risk matrix)`);
  };
  inRange('severity', 'Severity', input.severity!, severities);
  inRange('likelihood', 'Likelihood', input.likelihood!, likelihoods);
  if (input.residualSeverity != null)
    inRange('residualSeverity', 'Residual severity', input.residualSeverity, severities);
  if (input.residualLikelihood != null)
    inRange('residualLikelihood', 'Residual likelihood', input.residualLikelihood, likelihoods);

  const hazards = await findListItems(db, facilityId, 'hazards', [input.hazardItemId!]);
  const hazard = hazards.get(input.hazardItemId!);
  if (!hazard || (!hazard.isActive && before?.hazard.ID !== input.hazardItemId))
    throw invalid('hazardItemId', 'Hazard: choose an item of the Hazards list');

  const controls = input.controls ?? [];
  const itemIds = controls.flatMap((c) => (c.itemId === undefined ? [] : [c.itemId]));
  const items = await findListItems(db, facilityId, 'controls', itemIds);
  const had = new Set(before?.controls.flatMap((c) => (c.item ? [c.item.ID] : [])) ?? []);
  const seen = new Set<string>();
  const values: LineValues['controls'] = [];
  for (const [index, control] of controls.entries()) {
    if (control.itemId !== undefined) {
      const item = items.get(control.itemId);
      if (!item || (!item.isActive && !had.has(control.itemId)))
        throw invalid(`controls.${index}.itemId`, 'Control: choose an item of the Controls list');
    }
    // The same control twice says nothing more: kept once.
    const key = control.itemId !== undefined ? `#${control.itemId}` : `:${control.text!.toLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    values.push({ itemId: control.itemId ?? null, text: control.itemId === undefined ? control.text! : '' });
  }
  const residual =
    input.residualSeverity != null && input.residualLikelihood != null
      ? riskOf(matrix, input.residualSeverity, input.residualLikelihood)!
      : null;
  return {
    jobStep: input.jobStep!,
    hazardItemId: input.hazardItemId!,
    severity: input.severity!,
    likelihood: input.likelihood!,
    risk: riskOf(matrix, input.severity!, input.likelihood!)!,
    residualSeverity: residual ? input.residualSeverity! : null,
    residualLikelihood: residual ? input.residualLikelihood! : null,
    residualRisk: residual,
    controls: values,
  };
}

/** A line as the audit row keeps it (what was assessed, in the words of the day). */
const lineRecord = (line: HazardLine) => ({
  ID: line.ID,
  jobStep: line.jobStep,
  hazard: line.hazard.caption,
  rating: `${line.severity}×${line.likelihood}`,
  risk: line.risk,
  controls: line.controls.map((c) => c.text),
  residual: line.residualRisk === null ? null : `${line.residualSeverity}×${line.residualLikelihood}`,
  residualRisk: line.residualRisk,
});

const sameLine = (line: HazardLine, values: LineValues) =>
  line.jobStep === values.jobStep &&
  line.hazard.ID === values.hazardItemId &&
  line.severity === values.severity &&
  line.likelihood === values.likelihood &&
  line.risk === values.risk &&
  line.residualSeverity === values.residualSeverity &&
  line.residualLikelihood === values.residualLikelihood &&
  line.residualRisk === values.residualRisk &&
  line.controls.length === values.controls.length &&
  line.controls.every((c, i) => {
    const v = values.controls[i]!;
    return (c.item?.ID ?? null) === v.itemId && (c.item ? true : c.text === v.text);
  });

/**
 * The one use case of every verb: read the lines under the permit's lock, check the input against
 * the facility's lists and matrix, write, move the analysis's version, set the permit's risk level
 * to the lines' highest in the same transaction (seam 1, decision 0046), audit
 * `hazard-analysis.<verb>` and record the event.
 */
async function applyHazardCommand(
  verb: HazardAnalysisVerb,
  { trx, ctx, input, state, ...run }: CommandRun<HazardAnalysisInput, HazardState>,
): Promise<HazardAnalysis> {
  const { permit } = state;
  const { facilityId, userId } = ctx.actor;
  const viewer = { userId, permissions: state.permissions };
  const before = await loadLines(trx, permit.id);
  const line = input.lineId === undefined ? undefined : before.find((l) => l.ID === input.lineId);
  if (input.lineId !== undefined && !line) throw AppError.notFound('Hazard analysis line');
  let auditBefore: unknown = { lines: before.length };
  let auditAfter: Record<string, unknown> = {};
  let lineId = line?.ID;

  switch (verb) {
    case 'add-line':
    case 'edit-line': {
      const matrix = await loadMatrix(trx, facilityId);
      const values = await checkedLine(trx, facilityId, input, matrix, line);
      if (line && sameLine(line, values)) {
        run.unchanged();
        return hazardAnalysisView(trx, permit, viewer, { lines: before, version: state.version });
      }
      if (line) {
        auditBefore = lineRecord(line);
        await updateLine(trx, facilityId, line.ID, values, ctx.now);
      } else {
        if (before.length >= 200) throw invalid('lines', 'Hazard analysis: at most 200 lines');
        const position = before.reduce((max, l) => Math.max(max, l.position + 1), 0);
        lineId = await insertLine(trx, facilityId, permit.id, position, values, userId);
      }
      break;
    }
    case 'remove-line':
      auditBefore = lineRecord(line!);
      await removeLine(trx, line!.ID, userId, ctx.now);
      break;
    case 'reorder': {
      const ids = input.lineIds!;
      const current = before.map((l) => l.ID);
      if (ids.length !== current.length || new Set(ids).size !== ids.length || !ids.every((id) => current.includes(id)))
        throw invalid('lineIds', 'Reorder: list every line of the analysis exactly once');
      if (ids.every((id, i) => id === current[i])) {
        run.unchanged();
        return hazardAnalysisView(trx, permit, viewer, { lines: before, version: state.version });
      }
      await setLinePositions(trx, ids);
      auditBefore = { order: current };
      auditAfter = { order: ids };
      break;
    }
  }

  const version = await bumpAnalysis(trx, facilityId, permit.id);
  const lines = await loadLines(trx, permit.id);
  const riskLevel = permitRiskOf(lines);
  if (riskLevel !== permit.riskLevel) await setPermitRiskLevel(trx, facilityId, permit.id, riskLevel, ctx.now);
  const changed = lines.find((l) => l.ID === lineId);
  if (changed && verb !== 'reorder') auditAfter = lineRecord(changed);
  if (verb === 'remove-line') auditAfter = { lines: lines.length };
  run.audit({
    action: `hazard-analysis.${verb}`,
    entityType: 'hazard-analysis',
    entityId: permit.id,
    before: { ...(auditBefore as object), riskLevel: permit.riskLevel },
    after: { ...auditAfter, riskLevel },
  });
  run.event({
    name: `hazard-analysis.${verb}`,
    entityType: 'permit',
    entityId: permit.id,
    payload: {
      permitId: permit.id,
      number: permit.number,
      ...(lineId === undefined ? {} : { lineId }),
      riskLevel,
      riskLevelBefore: permit.riskLevel,
    },
  });
  return hazardAnalysisView(trx, { ...permit, riskLevel }, viewer, { lines, version, riskLevel });
}

/** One command per verb (`hazard-analysis.<verb>`), all through the permit target and one policy. */
export const hazardAnalysisCommands = Object.fromEntries(
  hazardAnalysisVerbs.map((verb) => [
    verb,
    defineCommand<HazardAnalysisInput, HazardState, HazardAnalysis>({
      name: `hazard-analysis.${verb}`,
      target: hazardTarget,
      policy: hazardAnalysisPolicy[verb],
      apply: (run) => applyHazardCommand(verb, run),
    }),
  ]),
) as Record<HazardAnalysisVerb, CommandDefinition<HazardAnalysisInput, HazardState, HazardAnalysis>>;
