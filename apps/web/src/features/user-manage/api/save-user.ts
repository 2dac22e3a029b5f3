import { useMutation, useQueryClient } from '@tanstack/react-query';
import { managedUserSchema, type ManagedUser, type UserInput } from '@hasp/contracts';
import { useActionKey } from '../../../lib/action-key';
import { userManageKeys } from './keys';
import { sendForm } from '../../../lib/send-form';

/**
 * Creates (no id) or edits a user; field problems come back as VALIDATION_FAILED details. The
 * server runs it as a command: the key makes a resend of the same form (after a lost answer) apply once.
 */
export function saveUser({ id, input }: { id: number | null; input: UserInput }, key: string): Promise<ManagedUser> {
  const headers = { 'idempotency-key': key };
  return id === null
    ? sendForm('security/users', { method: 'POST', body: input, headers, schema: managedUserSchema })
    : sendForm(`security/users/${id}`, { method: 'PUT', body: input, headers, schema: managedUserSchema });
}

export function useSaveUser() {
  const queryClient = useQueryClient();
  const key = useActionKey();
  return useMutation({
    mutationFn: (save: { id: number | null; input: UserInput }) => saveUser(save, key.keyFor(save)),
    onSuccess: () => {
      key.done();
      return queryClient.invalidateQueries({ queryKey: userManageKeys.lists() });
    },
  });
}
