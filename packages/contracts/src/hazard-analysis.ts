import * as z from 'zod/mini';
import { commandRoute } from './command-routes';
import { idParamSchema, idSchema } from './ids';
import { permitStatusCaptions } from './captions/permits';
import { permitGuardCaptions as guardWords } from './captions/permit-guards';
import { hazardRuleCaptions as hazardWords } from './captions/rules';
import { type PermitStatus } from './permit-lifecycle';
import { say, saidSchema, type Said, type Spoken } from './said';
import { permitPermission } from './permissions';
import { permitRiskLevels, type PermitRiskLevel } from './permits';

/**
 * A permit's hazard analysis (decision 0047): lines of job step, hazard (the
 * facility's 'hazards' master list), severity × likelihood = risk on the facility's risk matrix,
 * controls (the 'controls' master list or free text) and the residual severity × likelihood =
 * residual risk once the controls are in place. The highest residual risk is the permit's risk
 * level. Every change is a command: `POST /api/permits/:permitId/hazard-analysis/commands/<verb>`.
 */

// ---- The facility's risk matrix ----

export const RISK_MATRIX_MIN_LEVELS = 2;
export const RISK_MATRIX_MAX_LEVELS = 6;
export const RISK_MATRIX_LABEL_MAX = 40;

const levelLabel = (what: string) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, `${what}: every level needs a name`),
      z.maxLength(RISK_MATRIX_LABEL_MAX, `${what}: at most ${RISK_MATRIX_LABEL_MAX} characters per level`),
    );
const levelLabels = (what: string) =>
  z
    .array(levelLabel(what))
    .check(
      z.minLength(RISK_MATRIX_MIN_LEVELS, `${what}: at least ${RISK_MATRIX_MIN_LEVELS} levels`),
      z.maxLength(RISK_MATRIX_MAX_LEVELS, `${what}: at most ${RISK_MATRIX_MAX_LEVELS} levels`),
    );

/**
 * The matrix as a facility configures it (PUT /api/hazard-analysis/matrix): the severity levels
 * (rows, least severe first), the likelihood levels (columns, least likely first) and each cell's
 * risk level, `cells[severity - 1][likelihood - 1]`.
 */
export const riskMatrixInputSchema = z
  .object({
    severityLabels: levelLabels('Severity'),
    likelihoodLabels: levelLabels('Likelihood'),
    cells: z
      .array(z.array(z.enum(permitRiskLevels, 'Cells: each cell is low, medium or high')))
      .check(z.maxLength(RISK_MATRIX_MAX_LEVELS)),
  })
  .check(
    z.refine(
      (m) =>
        m.cells.length === m.severityLabels.length && m.cells.every((row) => row.length === m.likelihoodLabels.length),
      { path: ['cells'], error: 'Cells: one row per severity level, one cell per likelihood level' },
    ),
  );
export type RiskMatrixInput = z.infer<typeof riskMatrixInputSchema>;

export const riskMatrixSchema = z.object({
  severityLabels: z.array(z.string()),
  likelihoodLabels: z.array(z.string()),
  cells: z.array(z.array(z.enum(permitRiskLevels))),
  /** The facility's matrix version (If-Match of the next change); 0 while it is the default. */
  version: z.int(),
});
export type RiskMatrix = z.infer<typeof riskMatrixSchema>;

/**
 * The matrix every facility starts with: 5 × 5, rated by the product severity × likelihood
 * (1–4 low, 5–10 medium, 12–25 high), the common layout of HSE and ISO 45001 risk registers.
 */
export const defaultRiskMatrix: RiskMatrixInput = {
  severityLabels: ['Negligible', 'Minor', 'Moderate', 'Major', 'Catastrophic'],
  likelihoodLabels: ['Rare', 'Unlikely', 'Possible', 'Likely', 'Almost certain'],
  cells: [1, 2, 3, 4, 5].map((s) =>
    [1, 2, 3, 4, 5].map((l): PermitRiskLevel => (s * l <= 4 ? 'low' : s * l <= 10 ? 'medium' : 'high')),
  ),
};

/** The risk of a severity and likelihood (1-based) on a matrix; undefined when outside it. */
export function riskOf(
  matrix: Pick<RiskMatrixInput, 'cells'>,
  severity: number,
  likelihood: number,
): PermitRiskLevel | undefined {
  return matrix.cells[severity - 1]?.[likelihood - 1];
}

const riskRank: Record<PermitRiskLevel, number> = { low: 0, medium: 1, high: 2 };

/** The highest of some risk levels (null for none): the permit's risk level is its lines' highest residual risk. */
export function highestRisk(levels: readonly (PermitRiskLevel | null)[]): PermitRiskLevel | null {
  let best: PermitRiskLevel | null = null;
  for (const level of levels) if (level && (best === null || riskRank[level] > riskRank[best])) best = level;
  return best;
}

// ---- Lines and their commands ----

export const HAZARD_JOB_STEP_MAX = 200;
export const HAZARD_CONTROL_TEXT_MAX = 200;
export const HAZARD_CONTROLS_MAX = 20;
export const HAZARD_LINES_MAX = 200;

/** Statuses in which a permit's hazard analysis can change (by its requester): before approval. */
export const hazardAnalysisEditableStatuses: readonly PermitStatus[] = ['draft', 'requested'];

const level = (what: string) =>
  z
    .int(`${what}: a whole number`)
    .check(z.gte(1, `${what}: pick a level`), z.lte(RISK_MATRIX_MAX_LEVELS, `${what}: pick a level of the matrix`));

/** A control on a line: an item of the 'controls' master list, or free text (one of the two). */
export const hazardControlInputSchema = z
  .object({
    itemId: z.optional(idSchema),
    text: z.optional(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(HAZARD_CONTROL_TEXT_MAX, `Control: at most ${HAZARD_CONTROL_TEXT_MAX} characters`),
        ),
    ),
  })
  .check(
    z.refine((c) => (c.itemId === undefined) !== (!c.text || c.text.length === 0), {
      error: 'Control: pick a control from the list or write one (not both)',
    }),
  );
export type HazardControlInput = z.infer<typeof hazardControlInputSchema>;

const lineFields = {
  jobStep: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Job step is required'),
      z.maxLength(HAZARD_JOB_STEP_MAX, `Job step: at most ${HAZARD_JOB_STEP_MAX} characters`),
    ),
  /** An active item of the facility's 'hazards' master list. */
  hazardItemId: idSchema,
  severity: level('Severity'),
  likelihood: level('Likelihood'),
  controls: z
    .array(hazardControlInputSchema)
    .check(z.maxLength(HAZARD_CONTROLS_MAX, `Controls: at most ${HAZARD_CONTROLS_MAX} on a line`)),
  /** With the controls in place; both or neither (a line may be saved before its residual risk is known). */
  residualSeverity: z.nullable(level('Residual severity')),
  residualLikelihood: z.nullable(level('Residual likelihood')),
};
const residualBoth = z.refine<{ residualSeverity: number | null; residualLikelihood: number | null }>(
  (l) => (l.residualSeverity === null) === (l.residualLikelihood === null),
  { path: ['residualLikelihood'], error: 'Residual risk: pick both severity and likelihood, or neither' },
);

export const hazardLineInputSchema = z.object(lineFields).check(residualBoth);
export type HazardLineInput = z.infer<typeof hazardLineInputSchema>;

export const hazardAnalysisVerbs = ['add-line', 'edit-line', 'remove-line', 'reorder'] as const;
export type HazardAnalysisVerb = (typeof hazardAnalysisVerbs)[number];

export const hazardAnalysisVerbLabels: Record<HazardAnalysisVerb, string> = {
  'add-line': 'Add line',
  'edit-line': 'Save line',
  'remove-line': 'Remove line',
  reorder: 'Reorder lines',
};

/** Each verb's body. */
export const hazardAnalysisInputSchemas = {
  'add-line': hazardLineInputSchema,
  'edit-line': z.object({ lineId: idSchema, ...lineFields }).check(residualBoth),
  'remove-line': z.object({ lineId: idSchema }),
  reorder: z.object({ lineIds: z.array(idSchema).check(z.minLength(1), z.maxLength(HAZARD_LINES_MAX)) }),
} as const;
export type HazardAnalysisInput = Partial<HazardLineInput> & { lineId?: number; lineIds?: number[] };

export const hazardAnalysisParamsSchema = z.object({ permitId: idParamSchema });

/** Each line command's route: the URL's permit is the target (its analysis's version); queueable offline. */
export const hazardAnalysisCommandRoutes = hazardAnalysisVerbs.map((verb) =>
  commandRoute({
    name: `hazard-analysis.${verb}`,
    path: `/permits/:permitId/hazard-analysis/commands/${verb}`,
    params: hazardAnalysisParamsSchema,
    body: hazardAnalysisInputSchemas[verb],
    offline: true,
  }),
);

const itemRef = z.object({ ID: z.int(), caption: z.string() });

export const hazardLineSchema = z.object({
  ID: z.int(),
  position: z.int(),
  jobStep: z.string(),
  /** The 'hazards' item (its caption through masterItemCaption('hazards', …)). */
  hazard: itemRef,
  severity: z.int(),
  likelihood: z.int(),
  /** Rated on the facility's matrix when the line was saved (a later matrix change re-rates only saved lines). */
  risk: z.enum(permitRiskLevels),
  controls: z.array(
    z.object({
      ID: z.int(),
      /** The 'controls' item, or null for free text. */
      item: z.nullable(itemRef),
      text: z.string(),
    }),
  ),
  residualSeverity: z.nullable(z.int()),
  residualLikelihood: z.nullable(z.int()),
  residualRisk: z.nullable(z.enum(permitRiskLevels)),
});
export type HazardLine = z.infer<typeof hazardLineSchema>;

/** A control suggested by the energy sources of the permit's assets (assets → components → energy sources). */
export const hazardSuggestionSchema = z.object({
  /** The energy type's master-list value, or 'stored-energy'. */
  key: z.string(),
  /** English text (the web shows its caption when the key has one). */
  text: z.string(),
  /** Where it comes from, e.g. "PR-001 Main drive motor: electrical 480 V". */
  sources: z.array(z.string()),
});
export type HazardSuggestion = z.infer<typeof hazardSuggestionSchema>;

/** GET /api/permits/:permitId/hazard-analysis (and every command's answer). */
export const hazardAnalysisSchema = z.object({
  permitId: z.int(),
  /** The analysis's version (If-Match of its commands); 0 before the first line. */
  version: z.int(),
  /** The permit's risk level: the highest residual risk of the lines. */
  riskLevel: z.nullable(z.enum(permitRiskLevels)),
  /** The type requires the analysis before the permit is requested. */
  required: z.boolean(),
  matrix: riskMatrixSchema,
  lines: z.array(hazardLineSchema),
  suggestions: z.array(hazardSuggestionSchema),
  /** The caller may change the lines now. */
  canEdit: z.boolean(),
  /** Why not, when they may not (null when they may). */
  editRefusal: z.nullable(z.string()),
  /** `editRefusal` as a caption and its values (absent in pages stored before it). */
  editRefusalSaid: z.optional(z.nullable(saidSchema)),
  /** What the request guard would name now (empty: nothing missing). */
  missing: z.array(z.string()),
});
export type HazardAnalysis = z.infer<typeof hazardAnalysisSchema>;

/**
 * What the `request` guard refuses on, line by line (the same words the page shows), when the type
 * requires a hazard analysis: no lines, a line with no control, a line without its residual risk.
 */
export function hazardAnalysisMissing(
  lines: readonly { jobStep: string; controls: readonly unknown[]; residualRisk: PermitRiskLevel | null }[],
): string[] {
  return hazardAnalysisMissingSaid(lines).map((missing) => missing.message);
}

/** `hazardAnalysisMissing`, each sentence with its caption (the request guard's refusal says them). */
export function hazardAnalysisMissingSaid(
  lines: readonly { jobStep: string; controls: readonly unknown[]; residualRisk: PermitRiskLevel | null }[],
): Spoken[] {
  if (!lines.length) return [say(guardWords.hazardNoLines)];
  const missing: Spoken[] = [];
  lines.forEach((line, index) => {
    const name = { line: index + 1, jobStep: line.jobStep };
    if (!line.controls.length) missing.push(say(guardWords.hazardNoControl, name));
    if (line.residualRisk === null) missing.push(say(guardWords.hazardNoResidual, name));
  });
  return missing;
}

/** The energy type values (master list 'energy-types') with the control suggested for each. */
export const energyControlSuggestions: Record<string, string> = {
  electrical: 'Isolate and lock out the electrical supply',
  pneumatic: 'Isolate and bleed the compressed air supply',
  hydraulic: 'Isolate the hydraulic supply and relieve the pressure',
  mechanical: 'Block or restrain moving parts',
  thermal: 'Isolate the heat source and let it cool down',
  chemical: 'Isolate, drain and flush the chemical lines',
  gravity: 'Lower or block raised parts',
  other: 'Isolate and lock out every other energy source',
  'stored-energy': 'Release or block stored energy',
};

/**
 * Why this person may not change the permit's hazard analysis now, or null (decision 0047): the type
 * uses one, the permit is still Draft or Requested, and they are its requester holding
 * `permit:create:<CODE>`. The server's policy and the offline page decide with it (decision 0067).
 */
export function hazardEditProblem(
  permit: { typeCode: string; sections: readonly string[]; status: PermitStatus; requesterId: number },
  userId: number,
  permissions: ReadonlySet<string>,
): { status: 403 | 409; message: string; said: Said } | null {
  if (!permissions.has(permitPermission('view', permit.typeCode)))
    return { status: 403, ...say(hazardWords.noPermission) };
  if (!permit.sections.includes('hazard-analysis')) return { status: 409, ...say(hazardWords.noAnalysis) };
  const create = permitPermission('create', permit.typeCode);
  if (!permissions.has(create)) return { status: 403, ...say(hazardWords.needsCreate, { permission: create }) };
  if (permit.requesterId !== userId) return { status: 403, ...say(hazardWords.onlyRequester) };
  if (!hazardAnalysisEditableStatuses.includes(permit.status))
    return {
      status: 409,
      ...say(
        hazardWords.notEditable,
        {},
        { editable: hazardWords.draftOrRequested, status: permitStatusCaptions[permit.status] },
      ),
    };
  return null;
}
