import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { managedMasterListItemSchema, masterListTypeSchema, type MasterListKey } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { masterListKeys } from './keys';

const typesSchema = z.array(masterListTypeSchema);
const itemsSchema = z.array(managedMasterListItemSchema);

/** Every list type of the facility with its item counts. */
export function useMasterListTypes() {
  return useQuery({
    queryKey: masterListKeys.types(),
    queryFn: ({ signal }) => apiRequest('master-lists', { schema: typesSchema, signal }),
  });
}

/** Every item of one list (active and inactive), in order, with how many records use each. */
export function useMasterListItems(listKey: MasterListKey) {
  return useQuery({
    queryKey: masterListKeys.items(listKey),
    queryFn: ({ signal }) => apiRequest(`master-lists/${listKey}/items`, { schema: itemsSchema, signal }),
  });
}
