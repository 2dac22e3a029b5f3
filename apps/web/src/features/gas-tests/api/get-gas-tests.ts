import { useQuery } from '@tanstack/react-query';
import { gasTestsViewSchema } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { statusIn } from '../../../lib/send-form';
import { gasTestKeys } from './keys';

/** A permit's gas tests, the facility's active parameters and instruments, and whether issue may go on. */
export function useGasTests(permitId: number) {
  return useQuery({
    queryKey: gasTestKeys.permit(permitId),
    queryFn: ({ signal }) =>
      apiRequest(`permits/${permitId}/gas-tests`, { schema: gasTestsViewSchema, signal, quiet: statusIn(403, 404) }),
    // Freshness runs out with time: the verdict is asked again while the section is open.
    refetchInterval: 60_000,
  });
}
