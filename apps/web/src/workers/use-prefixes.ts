import { useQuery } from '@tanstack/react-query';
import { useAuthState } from '../lib/auth-session';
import { API_BASE, decideRetry } from '../lib/http';
import { PrefixFetchError, fetchPrefixesInWorker } from './prefixes-client';

/** Query key of the prefixes of a connection and facility. */
export const prefixesKey = (connectionStringName: string, facilityId: number) =>
  ['prefixes', connectionStringName, facilityId] as const;

/**
 * The signed-in facility's prefixes keyed by permit type code, fetched by the background worker.
 * The worker sends the request itself (it has no session of its own), so a 401 it reports goes
 * through lib/http's 401 procedure here, and the worker is asked once more with the token it settles on.
 */
export function usePrefixes() {
  const { session } = useAuthState();
  const connectionStringName = session?.connectionStringName ?? '';
  const facilityId = session?.facility.ID ?? 0;
  return useQuery({
    queryKey: prefixesKey(connectionStringName, facilityId),
    enabled: session !== null,
    retry: false,
    queryFn: async () => {
      const apiBase = new URL(API_BASE, window.location.origin).href;
      const ask = (token: string) => fetchPrefixesInWorker({ apiBase, connectionStringName, facilityId, token });
      const sent = session!.token;
      try {
        return await ask(sent);
      } catch (error) {
        if (!(error instanceof PrefixFetchError && error.status === 401)) throw error;
        const decision = await decideRetry(sent);
        if (!decision.retry || !decision.token) throw error;
        return ask(decision.token);
      }
    },
  });
}
