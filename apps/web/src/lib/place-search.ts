import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { assetSearchResponseSchema } from '@hasp/contracts';
import { apiRequest } from './http';

/**
 * Areas and assets of the asset tree matching the query (number or name), each with its path
 * (GET /api/assets/search): the permit's place picker and the permit index's place filter.
 */
export function usePlaceSearch(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: ['place-search', q],
    queryFn: ({ signal }) => apiRequest('assets/search', { query: { q }, schema: assetSearchResponseSchema, signal }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
