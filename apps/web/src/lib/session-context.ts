import { queryOptions, useQuery } from '@tanstack/react-query';
import { sessionContextSchema, type SessionContext } from '@hasp/contracts';
import { useAuthState } from './auth-session';
import { ApiRequestError, apiRequest } from './http';

/** Session-context query keys: `all` covers every user and facility (what a permission change invalidates). */
export const sessionContextKeys = {
  all: ['session-context'] as const,
  of: (userId: number, facilityId: number) => [...sessionContextKeys.all, userId, facilityId] as const,
};

/** The signed-in user's effective permissions and the facility's settings. */
export function getSessionContext(signal?: AbortSignal): Promise<SessionContext> {
  return apiRequest('session/context', { schema: sessionContextSchema, signal });
}

/**
 * Loaded once per sign-in and kept for the session: permissions and facility settings change
 * through admin screens, and a new sign-in picks them up. Keyed by user and facility so a second
 * sign-in in the same tab never sees the first one's answer.
 */
export function sessionContextQueryOptions(userId: number, facilityId: number, connectionStringName = '') {
  return queryOptions({
    queryKey: sessionContextKeys.of(userId, facilityId),
    queryFn: async ({ signal }) => {
      const key = `${connectionStringName}:${facilityId}:session-context:${userId}`;
      try {
        const context = await getSessionContext(signal);
        void keepForOffline(key, connectionStringName, facilityId, context);
        return context;
      } catch (error) {
        // No answer at all (a reload with no network): the last one this device kept for this
        // user, so the offline pages know the offline types and the create links their permissions.
        // The server checks every permission again when the changes sync.
        if (error instanceof ApiRequestError) throw error;
        const kept = await keptForOffline(key);
        if (!kept) throw error;
        return kept;
      }
    },
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

/** Keeps the answer in the browser database (reference data of the user's connection and facility). */
async function keepForOffline(key: string, connectionStringName: string, facilityId: number, context: SessionContext) {
  try {
    const { browserDatabase } = await import('../offline-db');
    await browserDatabase().reference.put({
      key,
      connectionStringName,
      facilityId,
      kind: key.slice(key.indexOf('session-context')),
      data: context,
      updatedAt: new Date().toISOString(),
    });
  } catch (error) {
    // Online use goes on; only an offline reload would miss it.
    console.warn('Could not keep the session context for offline use', error);
  }
}

async function keptForOffline(key: string): Promise<SessionContext | undefined> {
  try {
    const { browserDatabase } = await import('../offline-db');
    const row = await browserDatabase().reference.get(key);
    const parsed = sessionContextSchema.safeParse(row?.data);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
