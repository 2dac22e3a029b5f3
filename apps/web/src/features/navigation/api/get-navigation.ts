import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { navGroupSchema, type NavGroup } from '@hasp/contracts';
import { useAuthState } from '../../../lib/auth-session';
import { apiRequest } from '../../../lib/http';
import { readKeepingForOffline, type KeptOwner } from '../../../lib/kept-for-offline';
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

/** The kept copy, when it still reads as navigation. */
const parseKept = (data: unknown) => {
  const parsed = navigationSchema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
};

/**
 * `owner` (the session's connection, facility and user): the answer is kept in the browser
 * database, and a reload with no network shows the kept permit types instead of an error.
 */
export function navigationQueryOptions(userId: number, facilityId: number, owner: KeptOwner | null = null) {
  return queryOptions({
    queryKey: navigationKeys.of(userId, facilityId),
    queryFn: ({ signal }) => readKeepingForOffline(owner, 'navigation', () => getNavigation(signal), parseKept),
    // Permit types and permissions change through admin screens; a new sign-in picks them up.
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useNavigation() {
  const { session } = useAuthState();
  const owner = session && {
    connectionStringName: session.connectionStringName,
    facilityId: session.facility.ID,
    userId: session.user.ID,
  };
  return useQuery({
    ...navigationQueryOptions(session?.user.ID ?? 0, session?.facility.ID ?? 0, owner),
    enabled: session !== null,
  });
}
