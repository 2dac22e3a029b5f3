import { queryOptions, useQuery } from '@tanstack/react-query';
import { abandonedRemovalsSchema, type AbandonedRemoval } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { abandonedRemovalKeys } from './keys';

/** The signed-in user's locks and tags removed under (e)(3) in this facility, not yet acknowledged. */
export function getMyRemovals(signal?: AbortSignal): Promise<AbandonedRemoval[]> {
  return apiRequest('me/abandoned-removals', { schema: abandonedRemovalsSchema, signal, quiet: () => true });
}

export const myRemovalsQuery = () =>
  queryOptions({ queryKey: abandonedRemovalKeys.mine(), queryFn: ({ signal }) => getMyRemovals(signal) });

/** Asked once per sign-in (and after each acknowledgement); offline it is not asked. */
export function useMyRemovals(online: boolean) {
  return useQuery({ ...myRemovalsQuery(), enabled: online, staleTime: Infinity, retry: 1 });
}
