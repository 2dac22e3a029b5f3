import { useMutation, useQueryClient } from '@tanstack/react-query';
import { componentSchema, type ComponentInput } from '@hasp/contracts';
import { componentManageKeys } from './keys';
import { sendChange } from './send-change';

export interface SaveComponent {
  assetId: number;
  /** null: a new component of the asset. */
  componentId: number | null;
  input: ComponentInput;
}

/** Adds a component to an asset, or edits one (a stale version answers 409). */
export function useSaveComponent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ assetId, componentId, input }: SaveComponent) =>
      componentId === null
        ? sendChange(`assets/${assetId}/components`, { method: 'POST', body: input, schema: componentSchema })
        : sendChange(`assets/components/${componentId}`, { method: 'PUT', body: input, schema: componentSchema }),
    onSuccess: (_saved, { assetId }) => queryClient.invalidateQueries({ queryKey: componentManageKeys.asset(assetId) }),
  });
}
