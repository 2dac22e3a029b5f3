import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { groupSummarySchema, type GroupInput, type GroupSummary } from '@hasp/contracts';
import { groupManageKeys } from './keys';
import { sendChange } from './send-change';

/** Creates a group (no id) or renames / describes one. */
export function saveGroup({ id, input }: { id: number | null; input: GroupInput }): Promise<GroupSummary> {
  return id === null
    ? sendChange('security/groups', { method: 'POST', body: input, schema: groupSummarySchema })
    : sendChange(`security/groups/${id}`, { method: 'PUT', body: input, schema: groupSummarySchema });
}

export function useSaveGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupManageKeys.groups() }),
  });
}

const deletedSchema = z.object({ deleted: z.literal(true) });

/** Deletes a group without members (the server refuses otherwise, and says why). */
export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => sendChange(`security/groups/${id}`, { method: 'DELETE', schema: deletedSchema }),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: groupManageKeys.group(id) });
      return queryClient.invalidateQueries({ queryKey: groupManageKeys.groups() });
    },
  });
}
