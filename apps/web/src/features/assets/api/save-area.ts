import { useMutation, useQueryClient } from '@tanstack/react-query';
import { areaSchema, type Area, type AreaInput } from '@hasp/contracts';
import { assetKeys } from './keys';
import { sendAssetChange } from './send-asset-change';

/** Creates an area (no id; `parentAreaId` places it) or edits one (with the version read). */
export function saveArea({ id, input }: { id: number | null; input: AreaInput }): Promise<Area> {
  return id === null
    ? sendAssetChange('assets/areas', { method: 'POST', body: input, schema: areaSchema })
    : sendAssetChange(`assets/areas/${id}`, { method: 'PUT', body: input, schema: areaSchema });
}

export function useSaveArea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveArea,
    onSuccess: (saved) => {
      // Sub-areas show the supervisors they inherit from this one: read them again when next shown.
      void queryClient.invalidateQueries({
        queryKey: [...assetKeys.all, 'area'],
        predicate: (query) => query.queryKey[2] !== saved.ID,
      });
      queryClient.setQueryData(assetKeys.area(saved.ID), saved);
    },
  });
}
