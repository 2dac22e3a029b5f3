import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { questionPermitTypeSchema } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { questionKeys } from './keys';

const listSchema = z.array(questionPermitTypeSchema);

/** The facility's permit types, for the filters and the form editor. */
export function usePermitTypes() {
  return useQuery({
    queryKey: questionKeys.permitTypes(),
    queryFn: ({ signal }) => apiRequest('questions/permit-types', { schema: listSchema, signal }),
  });
}
