import {
  HAZARD_LINES_MAX,
  hazardAnalysisInputSchemas,
  hazardAnalysisMissing,
  hazardEditProblem,
  highestRisk,
  riskOf,
  type HazardAnalysis,
  type HazardAnalysisVerb,
  type HazardLine,
  type OfflinePermit,
} from '@hasp/contracts';
import { localAlias, refuse, type LocalActor, type LocalOutcome, type OfflineApplier } from '../../lib/offline-apply';

/**
 * Hazard analysis lines changed offline (decision 0067), on the device's copy, by the rules the
 * server changes them with: who may (contracts `hazardEditProblem`), the body schemas of the
 * routes, the rating on the facility's matrix stored with the analysis (`riskOf`), the permit's risk
 * level as the lines' highest (`highestRisk`) and what the request guard would name
 * (`hazardAnalysisMissing`). A hazard or a control from the lists is named by the items the device
 * knows (the lists' reference rows, else the items already on stored lines). A line added here has a
 * local id (in the input's `localId`) that an edit, a removal or a reorder queued later names.
 */

/** A line as the stored analysis keeps it: one added on this device also keeps its local id. */
export type StoredLine = HazardLine & { localId?: string };

export type HazardOutcome =
  | Extract<LocalOutcome, { ok: false }>
  | (Extract<LocalOutcome, { ok: true }> & { input: Record<string, unknown>; riskLevel: HazardAnalysis['riskLevel'] });

/** The items of the facility's lists the device knows, by id. */
export interface HazardItems {
  hazard(id: number): string | undefined;
  control(id: number): string | undefined;
}

const facts = (data: OfflinePermit) => ({
  typeCode: data.permit.permitType.code,
  sections: data.permit.permitType.sections,
  status: data.permit.status,
  requesterId: data.permit.requester.ID,
});

/** The section as the server would answer it for this user now. */
function finish(view: HazardAnalysis, lines: StoredLine[], data: OfflinePermit, actor: LocalActor): HazardAnalysis {
  const problem = hazardEditProblem(facts(data), actor.userId, actor.permissions);
  return {
    ...view,
    lines: lines.map((l, i) => ({ ...l, position: i })),
    riskLevel: highestRisk(lines.map((l) => l.residualRisk ?? l.risk)),
    canEdit: problem === null,
    editRefusal: problem?.message ?? null,
    editRefusalSaid: problem?.said ?? null,
    missing: view.required ? hazardAnalysisMissing(lines) : [],
  };
}

/** A body with the page's negative ids of lines added here replaced, for the route's schema only. */
const forSchema = (body: Record<string, unknown>) => ({
  ...body,
  ...(typeof body.lineId === 'number' && body.lineId < 0 && { lineId: 1 }),
  ...(Array.isArray(body.lineIds) && {
    lineIds: (body.lineIds as unknown[]).map((id): unknown => (typeof id === 'number' && id < 0 ? 1 : id)),
  }),
});

export function hazardCommandOffline(
  data: OfflinePermit,
  verb: HazardAnalysisVerb,
  body: unknown,
  actor: LocalActor,
  items: HazardItems,
  now: Date,
  localUuid: string,
): HazardOutcome {
  const view = data.sections['hazard-analysis'] as HazardAnalysis | undefined;
  if (!view)
    return refuse(409, 'The hazard analysis is not stored on this device: change it when you are back online.');
  const problem = hazardEditProblem(facts(data), actor.userId, actor.permissions);
  if (problem) return refuse(problem.status, problem.message);
  const raw = (body ?? {}) as Record<string, unknown>;
  const parsed = hazardAnalysisInputSchemas[verb].safeParse(forSchema(raw));
  if (!parsed.success) return refuse(422, parsed.error.issues[0]?.message ?? 'The line is not valid.');
  const lines = view.lines as StoredLine[];
  const named = (id: unknown) => lines.find((l) => l.ID === id);
  const idOf = (line: StoredLine) => line.localId ?? line.ID;
  const line = raw.lineId === undefined ? undefined : named(raw.lineId);
  if (raw.lineId !== undefined && !line) return refuse(404, 'Hazard analysis line not found');
  let next = lines;
  let input: Record<string, unknown>;
  switch (verb) {
    case 'add-line':
    case 'edit-line': {
      const values = parsed.data as Extract<typeof parsed.data, { jobStep: string }>;
      const { severityLabels, likelihoodLabels } = view.matrix;
      for (const [what, value, max] of [
        ['Severity', values.severity, severityLabels.length],
        ['Likelihood', values.likelihood, likelihoodLabels.length],
        ['Residual severity', values.residualSeverity, severityLabels.length],
        ['Residual likelihood', values.residualLikelihood, likelihoodLabels.length],
      ] as const)
        if (value !== null && value > max)
          return refuse(422, `${what}: pick a level from 1 to ${max} (the facility's risk matrix)`);
      const hazard = items.hazard(values.hazardItemId);
      if (!hazard)
        return refuse(
          422,
          'Hazard: this hazard of the list is not stored on this device; pick it when you are back online.',
        );
      const controls: HazardLine['controls'] = [];
      for (const [i, c] of values.controls.entries()) {
        if (c.itemId !== undefined) {
          const caption = items.control(c.itemId);
          if (!caption)
            return refuse(422, 'Control: this control of the list is not stored on this device; write it instead.');
          if (!controls.some((x) => x.item?.ID === c.itemId))
            controls.push({ ID: -(i + 1), item: { ID: c.itemId, caption }, text: caption });
        } else if (!controls.some((x) => !x.item && x.text === c.text)) {
          controls.push({ ID: -(i + 1), item: null, text: c.text! });
        }
      }
      const residual =
        values.residualSeverity === null || values.residualLikelihood === null
          ? null
          : (riskOf(view.matrix, values.residualSeverity, values.residualLikelihood) ?? null);
      const changed: StoredLine = {
        ID: line?.ID ?? localAlias(localUuid),
        position: line?.position ?? lines.length,
        jobStep: values.jobStep,
        hazard: { ID: values.hazardItemId, caption: hazard },
        severity: values.severity,
        likelihood: values.likelihood,
        risk: riskOf(view.matrix, values.severity, values.likelihood)!,
        controls,
        residualSeverity: values.residualSeverity,
        residualLikelihood: values.residualLikelihood,
        residualRisk: residual,
        ...((line?.localId ?? (line ? undefined : `local:${localUuid}`)) && {
          localId: line?.localId ?? `local:${localUuid}`,
        }),
      };
      if (!line && lines.length >= HAZARD_LINES_MAX) return refuse(422, 'Hazard analysis: at most 200 lines');
      next = line ? lines.map((l) => (l === line ? changed : l)) : [...lines, changed];
      input = line ? { ...raw, lineId: idOf(line) } : { ...raw, localId: changed.localId };
      break;
    }
    case 'remove-line':
      next = lines.filter((l) => l !== line);
      input = { lineId: idOf(line!) };
      break;
    case 'reorder': {
      const ids = (raw.lineIds ?? []) as unknown[];
      const current = lines.map((l) => l.ID);
      if (
        ids.length !== current.length ||
        new Set(ids).size !== ids.length ||
        !ids.every((id) => current.includes(id as number))
      )
        return refuse(422, 'Reorder: list every line of the analysis exactly once');
      next = ids.map((id) => named(id)!);
      input = { lineIds: next.map(idOf) };
      break;
    }
  }
  const answer = finish(view, next, data, actor);
  return {
    ok: true,
    data: {
      ...data,
      permit: { ...data.permit, riskLevel: answer.riskLevel },
      sections: { ...data.sections, 'hazard-analysis': answer },
    },
    answer,
    appliedHere: true,
    input,
    riskLevel: answer.riskLevel,
  };
}

/** A hazard line added, changed, removed, or the lines reordered, offline. */
export const hazardAnalysisOfflineApplier: OfflineApplier = {
  domain: 'hazard-analysis',
  async apply(data, call, device) {
    const [hazards, controls] = await Promise.all([device.masterList('hazards'), device.masterList('controls')]);
    const items = {
      hazard: (id: number) => hazards.find((i) => i.ID === id)?.caption,
      control: (id: number) => controls.find((i) => i.ID === id)?.caption,
    };
    return hazardCommandOffline(
      data,
      call.verb as HazardAnalysisVerb,
      call.body,
      device.actor,
      items,
      device.now,
      device.newId(),
    );
  },
};
