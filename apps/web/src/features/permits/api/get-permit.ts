import { useQuery } from '@tanstack/react-query';
import { permitSchema, type Permit } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
// 403 and 404 are explained on the page itself (no toast on top).
import { statusIn } from '../../../lib/send-form';
import { permitKeys } from './keys';

/** Reads a permit as the server has it now (with the caller's allowed commands). */
export const fetchPermit = (id: number, signal?: AbortSignal): Promise<Permit> =>
  apiRequest(`permits/${id}`, { schema: permitSchema, signal, quiet: statusIn(403, 404) });

/**
 * How often an open permit page reads the permit again while the tab is visible (TanStack Query
 * pauses the interval in a hidden tab and refetches on focus): others' commands show within this.
 * Notifications cannot drive it: they reach only the people a command concerns, and most commands
 * (edit, isolate, accept, …) notify nobody. Decision 0044.
 */
export const PERMIT_LIVE_REFRESH_MS = 10_000;

/** The permit; `live`: re-read every PERMIT_LIVE_REFRESH_MS while the page is visible (the permit page). */
export function usePermit(id: number, { live = false }: { live?: boolean } = {}) {
  return useQuery({
    queryKey: permitKeys.permit(id),
    queryFn: ({ signal }) => fetchPermit(id, signal),
    // A negative id is a permit made on this device (features/permits/offline).
    enabled: Number.isInteger(id) && id !== 0,
    refetchInterval: live ? PERMIT_LIVE_REFRESH_MS : false,
    refetchIntervalInBackground: false,
  });
}

/** The permit's number once it has loaded (the page title shows it), else null. */
export function usePermitNumber(id: number): string | null {
  return usePermit(id).data?.number ?? null;
}
