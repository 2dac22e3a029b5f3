import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { assetSearchResponseSchema } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { assetKeys } from './keys';

/** Areas and assets whose number starts with, or whose name holds, the query (each with its path). */
export function useAssetSearch(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: assetKeys.search(q),
    queryFn: ({ signal }) => apiRequest('assets/search', { query: { q }, schema: assetSearchResponseSchema, signal }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
