import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { groupPermissionsSchema } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { groupManageKeys } from './keys';
import { sendChange } from './send-change';

export function useGroupPermissions(groupId: number) {
  return useQuery({
    queryKey: groupManageKeys.permissions(groupId),
    queryFn: ({ signal }) =>
      apiRequest(`security/groups/${groupId}/permissions`, { schema: groupPermissionsSchema, signal }),
  });
}

/** Replaces what the group grants (refused for your own group and for permissions you do not hold). */
export function useSaveGroupPermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, permissions }: { groupId: number; permissions: string[] }) =>
      sendChange(`security/groups/${groupId}/permissions`, {
        method: 'PUT',
        body: { permissions },
        schema: groupPermissionsSchema,
      }),
    onSuccess: (saved, { groupId }) => queryClient.setQueryData(groupManageKeys.permissions(groupId), saved),
  });
}
