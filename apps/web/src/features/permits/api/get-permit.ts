import { useQuery } from '@tanstack/react-query';
import { permitSchema, type Permit } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
// 403 and 404 are explained on the page itself (no toast on top).
import { statusIn } from '../../../lib/send-form';
import { permitKeys } from './keys';

/** Reads a permit as the server has it now (with the caller's allowed commands). */
export const fetchPermit = (id: number, signal?: AbortSignal): Promise<Permit> =>
  apiRequest(`permits/${id}`, { schema: permitSchema, signal, quiet: statusIn(403, 404) });

export function usePermit(id: number) {
  return useQuery({
    queryKey: permitKeys.permit(id),
    queryFn: ({ signal }) => fetchPermit(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** The permit's number once it has loaded (the page title shows it), else null. */
export function usePermitNumber(id: number): string | null {
  return usePermit(id).data?.number ?? null;
}
