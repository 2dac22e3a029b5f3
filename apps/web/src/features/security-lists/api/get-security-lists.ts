import { useQuery } from '@tanstack/react-query';
import { securityListsSchema } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { securityListsKeys } from './keys';

/** Every right-nav feature of the facility: on or off, with what it controls. */
export function useSecurityLists() {
  return useQuery({
    queryKey: securityListsKeys.all,
    queryFn: ({ signal }) => apiRequest('security/lists', { schema: securityListsSchema, signal }),
  });
}
