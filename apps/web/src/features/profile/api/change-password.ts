import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileKeys } from './keys';
import { sendForm } from '../../../lib/send-form';

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
  signOutOtherSessions: boolean;
}

/** Changes the user's password; the current one is required. */
export function changePassword(change: PasswordChange): Promise<void> {
  return sendForm('profile/password', { method: 'POST', body: change });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // Other devices may have been signed out.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...profileKeys.all, 'sessions'] }),
  });
}
