import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileSchema, type Profile } from '@hasp/contracts';
import { useAuthState } from '../../../lib/auth-session';
import { refreshSession } from '../../../lib/http';
import { profileKeys } from './keys';
import { sendForm } from '../../../lib/send-form';

export interface ProfileChanges {
  displayName: string;
  email: string | null;
  languageCode: string | null;
  department: string | null;
  contact: string | null;
}

/** Saves the user's name, e-mail, preferred language, department and contact; answers with the saved profile. */
export function updateProfile(changes: ProfileChanges): Promise<Profile> {
  return sendForm('profile', { method: 'PUT', body: changes, schema: profileSchema });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const { session } = useAuthState();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (saved, _changes) => {
      if (!session) return;
      const key = profileKeys.me(session.connectionStringName, session.user.ID);
      const before = queryClient.getQueryData<Profile>(key);
      queryClient.setQueryData(key, saved);
      // The top bar shows the name from the session; a token refresh brings the new one.
      if (before?.displayName !== saved.displayName || before.email !== saved.email) {
        refreshSession().catch(() => {
          // The new name shows at the next sign-in.
        });
      }
    },
  });
}
