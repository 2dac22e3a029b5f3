import { useQuery } from '@tanstack/react-query';
import { permitHistorySchema } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { permitKeys } from './keys';

/** The permit's history tab, from the audit trail (oldest first). */
export function usePermitHistory(id: number, enabled: boolean) {
  return useQuery({
    queryKey: permitKeys.history(id),
    queryFn: ({ signal }) => apiRequest(`permits/${id}/history`, { schema: permitHistorySchema, signal }),
    enabled,
  });
}
