import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { peopleLookupSchema } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { permitKeys } from './keys';

/** Users of the facility whose name holds the query (the holder and new-holder pickers). */
export function usePeopleSearch(query: string, enabled = true) {
  const q = query.trim();
  return useQuery({
    queryKey: permitKeys.people(q),
    queryFn: ({ signal }) => apiRequest('users', { query: { q }, schema: peopleLookupSchema, signal }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
