import { useQuery } from '@tanstack/react-query';
import { numberingOverviewSchema } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { numberingKeys } from './keys';

/** The facility's numbering patterns with the next number of each subject. */
export function useNumbering() {
  return useQuery({
    queryKey: numberingKeys.all,
    queryFn: ({ signal }) => apiRequest('numbering', { schema: numberingOverviewSchema, signal }),
  });
}
