import { useQuery } from '@tanstack/react-query';
import { assetSearchResponseSchema } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { componentManageKeys } from './keys';

/** Areas and assets whose number starts with, or whose name contains, `query` (empty: no request). */
export function useAssetSearch(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: componentManageKeys.search(q),
    queryFn: ({ signal }) => apiRequest('assets/search', { query: { q }, schema: assetSearchResponseSchema, signal }),
    enabled: q.length > 0,
    staleTime: 30_000,
  });
}
