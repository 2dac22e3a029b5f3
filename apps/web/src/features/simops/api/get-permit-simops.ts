import { useQuery } from '@tanstack/react-query';
import { permitSimopsSchema } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { statusIn } from '../../../lib/send-form';
import { simopsKeys } from './keys';

/**
 * A permit's SIMOPS conflicts now and the overrides naming it. Other permits change them (approved,
 * closed, moved), so they are asked again while the page is open and whenever the permit changes.
 */
export function usePermitSimops(permitId: number, version: number, enabled = true) {
  return useQuery({
    queryKey: [...simopsKeys.permit(permitId), version],
    queryFn: ({ signal }) =>
      apiRequest(`permits/${permitId}/simops`, { schema: permitSimopsSchema, signal, quiet: statusIn(403, 404) }),
    refetchInterval: 60_000,
    enabled,
  });
}
