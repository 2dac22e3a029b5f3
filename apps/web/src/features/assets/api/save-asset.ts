import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assetSchema, type Asset, type AssetInput } from '@hasp/contracts';
import { assetKeys } from './keys';
import { sendAssetChange } from './send-asset-change';

/** Creates an asset (no id; `areaId` / `parentAssetId` place it) or edits one, status included. */
export function saveAsset({ id, input }: { id: number | null; input: AssetInput }): Promise<Asset> {
  return id === null
    ? sendAssetChange('assets', { method: 'POST', body: input, schema: assetSchema })
    : sendAssetChange(`assets/${id}`, { method: 'PUT', body: input, schema: assetSchema });
}

export function useSaveAsset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAsset,
    onSuccess: (saved) => queryClient.invalidateQueries({ queryKey: assetKeys.asset(saved.ID) }),
  });
}
