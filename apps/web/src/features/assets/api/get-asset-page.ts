import { useQuery } from '@tanstack/react-query';
import { assetPageSchema, type AssetPage } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { assetKeys } from './keys';

export const fetchAssetPage = (id: number, signal?: AbortSignal): Promise<AssetPage> =>
  apiRequest(`assets/${id}`, { schema: assetPageSchema, signal });

/** The asset page: the asset, its path, components with energy sources and isolation points, photos. */
export function useAssetPage(id: number | null) {
  return useQuery({
    queryKey: assetKeys.asset(id ?? 0),
    queryFn: ({ signal }) => fetchAssetPage(id!, signal),
    enabled: id !== null,
  });
}
