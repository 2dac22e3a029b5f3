import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../lib/http';
import { offlineAnsweredRoots } from '../lib/query-keys';

/** Client errors (4xx) are answers, not glitches: only network failures and 5xx are retried. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiRequestError && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * The app's one place for network modes (decision 0062). Every mutation runs its function
 * even while the browser says offline: a paused command would reach the server later, behind the
 * outbox's back; offline, the permit page's data source queues it instead, and other routes fail
 * at once with the network error their screen explains. The queries the device can answer
 * (`offlineAnsweredRoots`) run offline too; the rest pause until the network returns.
 */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
  for (const root of offlineAnsweredRoots) client.setQueryDefaults(root, { networkMode: 'always' });
  return client;
}
