import { useQuery } from '@tanstack/react-query';
import { permitTypeInfoSchema } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
// 403 and 404 are explained on the page itself (no toast on top).
import { statusIn } from '../../../lib/send-form';
import { permitKeys } from './keys';

/** The type the create page is for: its id, look and maximum validity. */
export function usePermitType(code: string) {
  return useQuery({
    queryKey: permitKeys.type(code),
    queryFn: ({ signal }) =>
      apiRequest(`permits/types/${encodeURIComponent(code)}`, {
        schema: permitTypeInfoSchema,
        signal,
        quiet: statusIn(403, 404),
      }),
    enabled: code.length > 0,
    staleTime: 5 * 60_000,
  });
}
