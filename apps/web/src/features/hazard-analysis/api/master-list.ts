import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { masterListItemSchema } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { hazardKeys } from './keys';

const itemsSchema = z.array(masterListItemSchema);

/** The facility's active Hazards or Controls items, for the line form's pickers. */
export function useHazardList(listKey: 'hazards' | 'controls', enabled: boolean) {
  return useQuery({
    queryKey: hazardKeys.list(listKey),
    queryFn: ({ signal }) => apiRequest(`assets/master-lists/${listKey}`, { schema: itemsSchema, signal }),
    staleTime: 5 * 60_000,
    enabled,
  });
}
