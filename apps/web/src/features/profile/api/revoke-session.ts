import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';
import { profileKeys } from './keys';

/** Signs a device out: its refresh-token family is revoked and its access tokens stop at once. */
export function revokeSession(id: string): Promise<void> {
  return apiRequest(`profile/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...profileKeys.all, 'sessions'] }),
  });
}
