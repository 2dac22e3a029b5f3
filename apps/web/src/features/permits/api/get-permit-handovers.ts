import { useQuery } from '@tanstack/react-query';
import { permitHandoversSchema } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { permitKeys } from './keys';

/** The permit's shift handovers ((f)(4)), oldest first: the History tab's log, refreshed with the history. */
export function usePermitHandovers(id: number) {
  return useQuery({
    queryKey: permitKeys.handovers(id),
    queryFn: ({ signal }) => apiRequest(`permits/${id}/handovers`, { schema: permitHandoversSchema, signal }),
  });
}
