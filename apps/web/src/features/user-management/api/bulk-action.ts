import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bulkUserResultSchema, type BulkUserActionInput, type BulkUserResult } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { sharedQueryRoots } from '../../../lib/query-keys';
import { userManagementKeys } from './keys';

/** Adds or removes a group for many users, or deactivates them: all or nothing on the server. */
export function runBulkAction(input: BulkUserActionInput): Promise<BulkUserResult> {
  return apiRequest('admin/user-management/bulk', { method: 'POST', body: input, schema: bulkUserResultSchema });
}

export function useBulkAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runBulkAction,
    // User Manage shows the same users: its lists are stale too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userManagementKeys.all }),
        queryClient.invalidateQueries({ queryKey: sharedQueryRoots.userManage }),
      ]),
  });
}
