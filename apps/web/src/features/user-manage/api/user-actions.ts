import { useMutation, useQueryClient } from '@tanstack/react-query';
import { managedUserSchema, oneTimePasswordSchema, type ManagedUser, type OneTimePassword } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { userManageKeys } from './keys';

export type UserAction = 'deactivate' | 'reactivate' | 'unlock';

/** Deactivates, reactivates or unlocks a user. */
export function runUserAction({ id, action }: { id: number; action: UserAction }): Promise<ManagedUser> {
  return apiRequest(`security/users/${id}/${action}`, { method: 'POST', schema: managedUserSchema });
}

export function useUserAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runUserAction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userManageKeys.lists() }),
  });
}

/** Gives the user a one-time password; the answer is the only time it can be read. */
export function resetUserPassword(id: number): Promise<OneTimePassword> {
  return apiRequest(`security/users/${id}/reset-password`, { method: 'POST', schema: oneTimePasswordSchema });
}

export function useResetUserPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetUserPassword,
    // Keep the password out of the query cache: it lives only in the dialog that shows it.
    gcTime: 0,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userManageKeys.lists() }),
  });
}
