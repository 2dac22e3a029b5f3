import { useQuery } from '@tanstack/react-query';
import { assetPageSchema } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { componentManageKeys } from './keys';

/** The asset with its components, their energy sources and isolation points (null id: no request). */
export function useAssetPage(assetId: number | null) {
  return useQuery({
    queryKey: componentManageKeys.asset(assetId ?? 0),
    queryFn: ({ signal }) => apiRequest(`assets/${assetId}`, { schema: assetPageSchema, signal }),
    enabled: assetId !== null,
  });
}
