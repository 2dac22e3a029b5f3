import { useQuery } from '@tanstack/react-query';
import { lockboxViewSchema } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { statusIn } from '../../../lib/send-form';
import { lockboxKeys } from './keys';

/**
 * A permit's lockbox and crew as the server has it now, with what the caller may do. Refetched every
 * 15 s while shown: the crew list says who is protected right now, and others sign on and off.
 */
export function useLockbox(permitId: number) {
  return useQuery({
    queryKey: lockboxKeys.lockbox(permitId),
    queryFn: ({ signal }) =>
      apiRequest(`permits/${permitId}/lockbox`, { schema: lockboxViewSchema, signal, quiet: statusIn(403, 404) }),
    refetchInterval: 15_000,
  });
}
