import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isolationPointSchema, type IsolationPointInput } from '@hasp/contracts';
import { componentManageKeys } from './keys';
import { sendChange } from './send-change';

export interface SaveIsolationPoint {
  assetId: number;
  componentId: number;
  /** null: a new isolation point of the component. */
  isolationPointId: number | null;
  input: IsolationPointInput;
}

/** Adds an isolation point to a component, or edits one (tag-only needs its measure; stale version: 409). */
export function useSaveIsolationPoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ componentId, isolationPointId, input }: SaveIsolationPoint) =>
      isolationPointId === null
        ? sendChange(`assets/components/${componentId}/isolation-points`, {
            method: 'POST',
            body: input,
            schema: isolationPointSchema,
          })
        : sendChange(`assets/isolation-points/${isolationPointId}`, {
            method: 'PUT',
            body: input,
            schema: isolationPointSchema,
          }),
    onSuccess: (_saved, { assetId }) => queryClient.invalidateQueries({ queryKey: componentManageKeys.asset(assetId) }),
  });
}
