import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  commandRouteNamed,
  hazardAnalysisCommandRoutes,
  hazardAnalysisSchema,
  type HazardAnalysis,
  type HazardAnalysisInput,
  type HazardAnalysisVerb,
} from '@hasp/contracts';
import { useCommand } from '../../../lib/command';
import { ApiRequestError, apiRequest } from '../../../lib/http';
import { hazardKeys, permitKey } from './keys';

/** A permit's hazard analysis: lines, the facility's matrix, suggestions, whether the caller may change it. */
export function useHazardAnalysis(permitId: number) {
  return useQuery({
    queryKey: hazardKeys.analysis(permitId),
    queryFn: ({ signal }) =>
      apiRequest(`permits/${permitId}/hazard-analysis`, { schema: hazardAnalysisSchema, signal }),
  });
}

export interface HazardCommand {
  verb: HazardAnalysisVerb;
  body: HazardAnalysisInput;
  version: number;
  /** A form's own key (a retry of the same save sends the same one); else one per action (useCommand). */
  idempotencyKey?: string;
}

/** Refusals the section shows in place, as the server words them: no toast on top. */
const explainedHere = (error: unknown) =>
  error instanceof ApiRequestError && [400, 403, 404, 409].includes(error.status);

/** Gives a verb with the analysis's version; the answer replaces the cached analysis. */
export function useHazardCommand(permitId: number) {
  const client = useQueryClient();
  return useCommand({
    call: ({ verb, body, version, idempotencyKey }: HazardCommand) => ({
      route: commandRouteNamed(hazardAnalysisCommandRoutes, `hazard-analysis.${verb}`),
      urlId: permitId,
      body: body,
      version: version,
      idempotencyKey: idempotencyKey,
    }),
    schema: hazardAnalysisSchema,
    quiet: explainedHere,
    onSuccess: (analysis: HazardAnalysis) => {
      client.setQueryData(hazardKeys.analysis(permitId), analysis);
      // The permit's risk level and its Request button follow the lines.
      void client.invalidateQueries({ queryKey: permitKey(permitId) });
    },
    onError: () => void client.invalidateQueries({ queryKey: hazardKeys.analysis(permitId) }),
  });
}
