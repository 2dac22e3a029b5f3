import { useQuery } from '@tanstack/react-query';
import { abandonedRemovalCandidatesSchema, type AbandonedRemovalCandidate } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { abandonedRemovalKeys } from './keys';

/** The permit's locks and tags applied by others and still on (needs loto:remove-abandoned). */
export function getCandidates(permitId: number, signal?: AbortSignal): Promise<AbandonedRemovalCandidate[]> {
  return apiRequest(`permits/${permitId}/abandoned-removals/candidates`, {
    schema: abandonedRemovalCandidatesSchema,
    signal,
    quiet: () => true,
  });
}

/** Asked only for a holder of the permission (`enabled`). */
export function useCandidates(permitId: number, enabled: boolean) {
  return useQuery({
    queryKey: abandonedRemovalKeys.candidates(permitId),
    queryFn: ({ signal }) => getCandidates(permitId, signal),
    enabled,
  });
}
