import { queryOptions, useQuery } from '@tanstack/react-query';
import { loginPageDataSchema, type LoginPageData } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';

/** Connections, the default connection and its facilities, and the SSO settings. */
export function getLoginPageData(signal?: AbortSignal): Promise<LoginPageData> {
  return apiRequest('login/pagedata', { schema: loginPageDataSchema, signal });
}

export const loginPageDataQuery = () =>
  queryOptions({
    queryKey: ['login', 'pagedata'],
    queryFn: ({ signal }) => getLoginPageData(signal),
    // Connections and facilities change rarely, but a fresh login screen should show today's list.
    staleTime: 0,
  });

export function useLoginPageData() {
  return useQuery(loginPageDataQuery());
}
