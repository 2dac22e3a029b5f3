import { useQuery } from '@tanstack/react-query';
import { areaSchema, type Area } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { assetKeys } from './keys';

export const fetchArea = (id: number, signal?: AbortSignal): Promise<Area> =>
  apiRequest(`assets/areas/${id}`, { schema: areaSchema, signal });

/** An area with its path. */
export function useArea(id: number | null) {
  return useQuery({
    queryKey: assetKeys.area(id ?? 0),
    queryFn: ({ signal }) => fetchArea(id!, signal),
    enabled: id !== null,
  });
}
