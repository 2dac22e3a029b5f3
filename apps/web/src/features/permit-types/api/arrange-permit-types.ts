import { useMutation } from '@tanstack/react-query';
import type { PermitLayout } from '@hasp/contracts';
import { sendChange, useApplyChange } from './send-change';

/** Saves the order of the groups and of the types in each (a type may change group). */
export function useArrangePermitTypes() {
  const apply = useApplyChange();
  return useMutation({
    mutationFn: (layout: PermitLayout) => sendChange('permit-types/layout', { method: 'PUT', body: layout }),
    onSuccess: apply,
  });
}
