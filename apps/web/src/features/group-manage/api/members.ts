import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { groupMemberSchema } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { groupManageKeys } from './keys';
import { sendChange } from './send-change';

const memberListSchema = z.array(groupMemberSchema);

export function useGroupMembers(groupId: number) {
  return useQuery({
    queryKey: groupManageKeys.members(groupId),
    queryFn: ({ signal }) => apiRequest(`security/groups/${groupId}/members`, { schema: memberListSchema, signal }),
  });
}

/** Active users of the facility who are not members yet. */
export function useMemberCandidates(groupId: number) {
  return useQuery({
    queryKey: groupManageKeys.candidates(groupId),
    queryFn: ({ signal }) => apiRequest(`security/groups/${groupId}/candidates`, { schema: memberListSchema, signal }),
  });
}

export type MembershipChange = { groupId: number; userId: number; action: 'add' | 'remove' };

/** Adds or removes a member; the answer is the new member list. */
export function useChangeMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, userId, action }: MembershipChange) =>
      action === 'add'
        ? sendChange(`security/groups/${groupId}/members`, {
            method: 'POST',
            body: { userId },
            schema: memberListSchema,
          })
        : sendChange(`security/groups/${groupId}/members/${userId}`, { method: 'DELETE', schema: memberListSchema }),
    onSuccess: (members, { groupId }) => {
      queryClient.setQueryData(groupManageKeys.members(groupId), members);
      void queryClient.invalidateQueries({ queryKey: groupManageKeys.candidates(groupId) });
      return queryClient.invalidateQueries({ queryKey: groupManageKeys.groups() });
    },
  });
}
