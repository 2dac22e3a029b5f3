import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { peopleLookupSchema } from '@hasp/contracts';
import { apiRequest } from './http';

/** A person as pickers hold them: the ID to send, the name to show. */
export interface PickedPerson {
  ID: number;
  displayName: string;
}

const peopleRoot = ['people-lookup'] as const;

/** Active users of the facility whose name holds the query (GET /api/users?q=), for every people picker. */
export function usePeopleSearch(query: string, enabled = true) {
  const q = query.trim();
  return useQuery({
    queryKey: [...peopleRoot, 'search', q],
    queryFn: ({ signal }) => apiRequest('users', { query: { q }, schema: peopleLookupSchema, signal }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** The named users of ids, inactive ones too (GET /api/users?ids=): a filter from a shared URL shows a name. */
export function usePeopleByIds(ids: number[]) {
  const wanted = [...new Set(ids)].sort((a, b) => a - b);
  return useQuery({
    queryKey: [...peopleRoot, 'ids', wanted],
    queryFn: ({ signal }) =>
      apiRequest('users', { query: { ids: wanted.join(',') }, schema: peopleLookupSchema, signal }),
    enabled: wanted.length > 0,
    staleTime: 5 * 60_000,
  });
}
