import { useQuery } from '@tanstack/react-query';
import { isolationHoldsSchema, type IsolationHold } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { componentManageKeys } from './keys';

/** Refreshed while the screen is open: permits isolate and restore points all day. */
const HOLDS_REFRESH_MS = 30_000;

/**
 * Which permits hold each of the asset's isolation points now ("Held by permits X, Y"), by point ID.
 * Points nobody holds are not in the map.
 */
export function useIsolationHolds(assetId: number) {
  return useQuery({
    queryKey: componentManageKeys.holds(assetId),
    queryFn: ({ signal }) => apiRequest(`assets/${assetId}/isolation-holds`, { schema: isolationHoldsSchema, signal }),
    select: (holds: IsolationHold[]) => new Map(holds.map((h) => [h.isolationPointId, h.permits])),
    refetchInterval: HOLDS_REFRESH_MS,
  });
}
