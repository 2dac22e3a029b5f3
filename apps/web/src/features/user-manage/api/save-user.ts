import { useMutation, useQueryClient } from '@tanstack/react-query';
import { managedUserSchema, type ManagedUser, type UserInput } from '@hasp/contracts';
import { userManageKeys } from './keys';
import { sendForm } from '../../../lib/send-form';

/** Creates (no id) or edits a user; field problems come back as VALIDATION_FAILED details. */
export function saveUser({ id, input }: { id: number | null; input: UserInput }): Promise<ManagedUser> {
  return id === null
    ? sendForm('security/users', { method: 'POST', body: input, schema: managedUserSchema })
    : sendForm(`security/users/${id}`, { method: 'PUT', body: input, schema: managedUserSchema });
}

export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userManageKeys.lists() }),
  });
}
