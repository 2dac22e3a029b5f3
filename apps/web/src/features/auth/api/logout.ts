import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authSession } from '../../../lib/auth-session';
import { apiRequest } from '../../../lib/http';

/** Revokes the session on the server (the refresh cookie's whole family). */
export function logout(): Promise<void> {
  return apiRequest('auth/logout', { method: 'POST', body: {} });
}

/**
 * Signs out. The local session ends even when the server cannot be reached: nobody should stay
 * signed in on a shared plant-floor device because the network dropped.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      queryClient.clear();
      authSession.end('signedOut');
    },
  });
}
