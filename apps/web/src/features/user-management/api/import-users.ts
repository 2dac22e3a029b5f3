import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userImportResultSchema, type UserImportResult } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { sharedQueryRoots } from '../../../lib/query-keys';
import { userManagementKeys } from './keys';

/** Sends the CSV text: the server checks every row and answers with a report or a preview. */
export function importUsers(input: { csv: string; dryRun: boolean }): Promise<UserImportResult> {
  return apiRequest('admin/user-management/import', {
    method: 'POST',
    body: input,
    schema: userImportResultSchema,
  });
}

export function useImportUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importUsers,
    onSuccess: (result) =>
      result.imported
        ? Promise.all([
            queryClient.invalidateQueries({ queryKey: userManagementKeys.all }),
            queryClient.invalidateQueries({ queryKey: sharedQueryRoots.userManage }),
          ])
        : undefined,
  });
}
