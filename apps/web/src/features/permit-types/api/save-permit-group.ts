import { useMutation } from '@tanstack/react-query';
import type { PermitGroupInput } from '@hasp/contracts';
import { sendChange, useApplyChange } from './send-change';

/** Creates a permit group (last in the sidebar) or renames one. */
export function useSavePermitGroup() {
  const apply = useApplyChange();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: PermitGroupInput }) =>
      id === null
        ? sendChange('permit-types/groups', { method: 'POST', body: input })
        : sendChange(`permit-types/groups/${id}`, { method: 'PUT', body: input }),
    onSuccess: apply,
  });
}
