import { useQuery } from '@tanstack/react-query';
import { permitApprovalsSchema } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { statusIn } from '../../../lib/send-form';

/**
 * A permit's approval stages and signatures. Keyed by the permit's version too: a signature or an
 * edit moves the permit on, and the section then reads the approvals again.
 */
export function usePermitApprovals(permitId: number, version: number) {
  return useQuery({
    queryKey: ['signatures', 'permit', permitId, version] as const,
    queryFn: ({ signal }) =>
      apiRequest(`permits/${permitId}/signatures`, {
        schema: permitApprovalsSchema,
        signal,
        quiet: statusIn(403, 404),
      }),
  });
}
