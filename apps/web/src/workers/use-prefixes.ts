import { useQuery } from '@tanstack/react-query';
import { useAuthState } from '../lib/auth-session';
import { API_BASE, refreshSession } from '../lib/http';
import { PrefixFetchError, fetchPrefixesInWorker } from './prefixes-client';

/** Query key of the prefixes of a connection and facility. */
export const prefixesKey = (connectionStringName: string, facilityId: number) =>
  ['prefixes', connectionStringName, facilityId] as const;

/**
 * The signed-in facility's prefixes keyed by permit type code, fetched by the background worker.
 * A 401 (the access token expired) renews the session once, as every other call does, and asks again.
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
      try {
        return await ask(session!.token);
      } catch (error) {
        if (!(error instanceof PrefixFetchError && error.status === 401)) throw error;
        const renewed = await refreshSession();
        return ask(renewed.token);
      }
    },
  });
}
