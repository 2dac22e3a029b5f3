import { queryOptions, useQuery } from '@tanstack/react-query';
import { sessionContextSchema, type SessionContext } from '@hasp/contracts';
import { useAuthState } from './auth-session';
import { apiRequest } from './http';
import { readKeepingForOffline } from './kept-for-offline';

/** Session-context query keys: `all` covers every user and facility (what a permission change invalidates). */
export const sessionContextKeys = {
  all: ['session-context'] as const,
  of: (userId: number, facilityId: number) => [...sessionContextKeys.all, userId, facilityId] as const,
};

/** The signed-in user's effective permissions and the facility's settings. */
export function getSessionContext(signal?: AbortSignal): Promise<SessionContext> {
  return apiRequest('session/context', { schema: sessionContextSchema, signal });
}

const parseKept = (data: unknown) => {
  const parsed = sessionContextSchema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
};

/**
 * Loaded once per sign-in and kept for the session: permissions and facility settings change
 * through admin screens, and a new sign-in picks them up. Keyed by user and facility so a second
 * sign-in in the same tab never sees the first one's answer.
 */
export function sessionContextQueryOptions(userId: number, facilityId: number, connectionStringName = '') {
  return queryOptions({
    queryKey: sessionContextKeys.of(userId, facilityId),
    // No answer at all (a reload with no network): the last one this device kept for this user, so
    // the offline pages know the offline types and the create links their permissions. The server
    // checks every permission again when the changes sync.
    queryFn: ({ signal }) =>
      readKeepingForOffline(
        connectionStringName ? { connectionStringName, facilityId, userId } : null,
        'session-context',
        () => getSessionContext(signal),
        parseKept,
      ),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** The session context of whoever is signed in (the query is idle while nobody is). */
export function useSessionContext() {
  const { session } = useAuthState();
  const userId = session?.user.ID ?? 0;
  const facilityId = session?.facility.ID ?? 0;
  return useQuery({
    ...sessionContextQueryOptions(userId, facilityId, session?.connectionStringName),
    enabled: session !== null,
  });
}
