import { useMutation, useQueryClient } from '@tanstack/react-query';
import { managedUserSchema, oneTimePasswordSchema, type ManagedUser, type OneTimePassword } from '@hasp/contracts';
import { useActionKey } from '../../../lib/action-key';
import { ApiRequestError, apiRequest } from '../../../lib/http';
import { userManageKeys } from './keys';

export type UserAction = 'deactivate' | 'reactivate' | 'unlock';

/** Deactivates, reactivates or unlocks a user (a command: the key makes a resend apply once). */
export function runUserAction({ id, action }: { id: number; action: UserAction }, key: string): Promise<ManagedUser> {
  return apiRequest(`security/users/${id}/${action}`, {
    method: 'POST',
    headers: { 'idempotency-key': key },
    schema: managedUserSchema,
  });
}

export function useUserAction() {
  const queryClient = useQueryClient();
  const key = useActionKey();
  return useMutation({
    mutationFn: (what: { id: number; action: UserAction }) => runUserAction(what, key.keyFor(what)),
    onSuccess: () => {
      key.done();
      return queryClient.invalidateQueries({ queryKey: userManageKeys.lists() });
    },
  });
}

/** Gives the user a one-time password; the answer is the only time it can be read. */
export function resetUserPassword(id: number, key: string): Promise<OneTimePassword> {
  return apiRequest(`security/users/${id}/reset-password`, {
    method: 'POST',
    headers: { 'idempotency-key': key },
    schema: oneTimePasswordSchema,
  });
}

export function useResetUserPassword() {
  const queryClient = useQueryClient();
  const key = useActionKey();
  return useMutation({
    mutationFn: (id: number) => resetUserPassword(id, key.keyFor({ resetPassword: id })),
    // Keep the password out of the query cache: it lives only in the dialog that shows it.
    gcTime: 0,
    onSuccess: () => {
      key.done();
      return queryClient.invalidateQueries({ queryKey: userManageKeys.lists() });
    },
    onError: (error) => {
      // A resend of a reset that did apply cannot show its password again (the server never keeps
      // it) and says so: the next press is a new reset, with a new password.
      if (error instanceof ApiRequestError && error.status === 409) key.done();
    },
  });
}
