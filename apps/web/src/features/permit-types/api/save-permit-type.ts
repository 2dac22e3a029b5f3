import { useMutation } from '@tanstack/react-query';
import type { PermitTypeCreate, PermitTypeUpdate } from '@hasp/contracts';
import { sendChange, useApplyChange } from './send-change';

export type SavePermitType = { id: null; input: PermitTypeCreate } | { id: number; input: PermitTypeUpdate };

/** Creates a permit type (POST) or edits one (PUT; `isActive: false` deactivates it). */
export function useSavePermitType() {
  const apply = useApplyChange();
  return useMutation({
    mutationFn: (save: SavePermitType) =>
      save.id === null
        ? sendChange('permit-types', { method: 'POST', body: save.input })
        : sendChange(`permit-types/${save.id}`, { method: 'PUT', body: save.input }),
    onSuccess: apply,
  });
}
