import { useMutation } from '@tanstack/react-query';
import { sendChange, useApplyChange } from './send-change';

/** Deletes a permit group that holds no type (the server refuses others with 409). */
export function useDeletePermitGroup() {
  const apply = useApplyChange();
  return useMutation({
    mutationFn: (id: number) => sendChange(`permit-types/groups/${id}`, { method: 'DELETE' }),
    onSuccess: apply,
  });
}
