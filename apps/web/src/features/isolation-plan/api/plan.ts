import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  commandRouteNamed,
  isolationPlanCommandRoutes,
  isolationPlanSchema,
  isolationPointChoicesSchema,
  type IsolationPlan,
  type IsolationPlanInput,
  type IsolationPlanVerb,
} from '@hasp/contracts';
import { useCommand } from '../../../lib/command';
import { ApiRequestError, apiRequest } from '../../../lib/http';

export const planKeys = {
  plan: (permitId: number) => ['isolation-plan', permitId] as const,
  choices: (permitId: number) => ['isolation-plan', permitId, 'asset-points'] as const,
};
/** The permit page's query (features/permits' key): a plan step may change the permit's buttons. */
const permitKey = (permitId: number) => ['permits', 'permit', permitId] as const;

export function useIsolationPlan(permitId: number, enabled = true) {
  return useQuery({
    queryKey: planKeys.plan(permitId),
    queryFn: ({ signal }) => apiRequest(`permits/${permitId}/isolation-plan`, { schema: isolationPlanSchema, signal }),
    enabled,
  });
}

/** The isolation points of the permit's assets (the add-point picker). */
export function useAssetPoints(permitId: number, enabled: boolean) {
  return useQuery({
    queryKey: planKeys.choices(permitId),
    queryFn: ({ signal }) =>
      apiRequest(`permits/${permitId}/isolation-plan/asset-points`, { schema: isolationPointChoicesSchema, signal }),
    enabled,
  });
}

export interface PlanCommand {
  verb: IsolationPlanVerb;
  body?: IsolationPlanInput;
  version: number;
}

/** Refusals the section explains beside the buttons (the rule's sentence): no toast on top. */
const explainedHere = (error: unknown) =>
  error instanceof ApiRequestError && [400, 403, 404, 409].includes(error.status);

/** Gives a plan verb with the plan's version; the answer replaces the cached plan. */
export function usePlanCommand(permitId: number) {
  const client = useQueryClient();
  return useCommand({
    call: ({ verb, body, version }: PlanCommand) => ({
      route: commandRouteNamed(isolationPlanCommandRoutes, `isolation-plan.${verb}`),
      urlId: permitId,
      body: body ?? {},
      version: version,
    }),
    schema: isolationPlanSchema,
    quiet: explainedHere,
    onSuccess: (plan: IsolationPlan) => {
      client.setQueryData(planKeys.plan(permitId), plan);
      void client.invalidateQueries({ queryKey: permitKey(permitId) });
      void client.invalidateQueries({ queryKey: planKeys.choices(permitId) });
    },
    onError: () => void client.invalidateQueries({ queryKey: planKeys.plan(permitId) }),
  });
}
