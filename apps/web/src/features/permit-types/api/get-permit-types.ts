import { useQuery } from '@tanstack/react-query';
import { permitTypesConfigSchema } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { permitTypesKeys } from './keys';

/** The facility's permit groups in sidebar order, each with its types (inactive ones too). */
export function usePermitTypes() {
  return useQuery({
    queryKey: permitTypesKeys.all,
    queryFn: ({ signal }) => apiRequest('permit-types', { schema: permitTypesConfigSchema, signal }),
  });
}
