import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { navGroupSchema, type NavGroup } from '@hasp/contracts';
import { useAuthState } from '../../../lib/auth-session';
import { apiRequest } from '../../../lib/http';
import { sharedQueryRoots } from '../../../lib/query-keys';

const navigationSchema = z.array(navGroupSchema);

/** The left sidebar's permit groups and links for the signed-in user and facility. */
export function getNavigation(signal?: AbortSignal): Promise<NavGroup[]> {
  return apiRequest('navigation', { schema: navigationSchema, signal });
}

/** Navigation query keys: `all` covers every user and facility (what a change to permit types invalidates). */
export const navigationKeys = {
  all: sharedQueryRoots.navigation,
  of: (userId: number, facilityId: number) => [...navigationKeys.all, userId, facilityId] as const,
};

export function navigationQueryOptions(userId: number, facilityId: number) {
  return queryOptions({
    queryKey: navigationKeys.of(userId, facilityId),
    queryFn: ({ signal }) => getNavigation(signal),
    // Permit types and permissions change through admin screens; a new sign-in picks them up.
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useNavigation() {
  const { session } = useAuthState();
  return useQuery({
    ...navigationQueryOptions(session?.user.ID ?? 0, session?.facility.ID ?? 0),
    enabled: session !== null,
  });
}
