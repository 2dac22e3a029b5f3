import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { masterListItemSchema, type MasterListKey } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { componentManageKeys } from './keys';

const itemsSchema = z.array(masterListItemSchema);

/** A master list's entries for the pickers (the server sends the active ones, in their order). */
export function useMasterList(listKey: MasterListKey) {
  return useQuery({
    queryKey: componentManageKeys.masterList(listKey),
    queryFn: ({ signal }) => apiRequest(`assets/master-lists/${listKey}`, { schema: itemsSchema, signal }),
    staleTime: 5 * 60_000,
  });
}
