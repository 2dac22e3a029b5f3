import { useQuery } from '@tanstack/react-query';
import { permitCommandRefusalsSchema, type PermitCommandRefusals } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { permitKeys } from './keys';

/**
 * Why each step the permit's status has is not offered to me, in the server's words (every
 * module's guard counted). Read per version: a command or a section's change moves the permit on.
 * Quiet: the buttons stand without it (offline, it simply is not shown).
 */
export function useCommandRefusals(permitId: number, version: number) {
  return useQuery({
    queryKey: [...permitKeys.permit(permitId), 'refusals', version] as const,
    queryFn: ({ signal }): Promise<PermitCommandRefusals> =>
      apiRequest(`permits/${permitId}/command-refusals`, {
        schema: permitCommandRefusalsSchema,
        signal,
        quiet: () => true,
      }),
    enabled: permitId > 0,
    retry: false,
  });
}
