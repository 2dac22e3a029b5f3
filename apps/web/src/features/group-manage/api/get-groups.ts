import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { groupSummarySchema } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { groupManageKeys } from './keys';

const groupListSchema = z.array(groupSummarySchema);

/** The facility's groups, by name, with member counts. */
export function useGroups() {
  return useQuery({
    queryKey: groupManageKeys.groups(),
    queryFn: ({ signal }) => apiRequest('security/groups', { schema: groupListSchema, signal }),
  });
}
