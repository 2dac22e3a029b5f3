import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { REJECTION_REASONS_LIST, masterListItemSchema } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { permitKeys } from './keys';

const itemsSchema = z.array(masterListItemSchema);

/** The facility's active "Rejection reasons", for the reject dialog's picker (asked once it opens). */
export function useRejectionReasons(enabled: boolean) {
  return useQuery({
    queryKey: permitKeys.rejectionReasons(),
    queryFn: ({ signal }) =>
      apiRequest(`assets/master-lists/${REJECTION_REASONS_LIST}`, { schema: itemsSchema, signal }),
    staleTime: 5 * 60_000,
    enabled,
  });
}
