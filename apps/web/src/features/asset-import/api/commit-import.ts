import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importFileSchema } from '@hasp/contracts';
import { ApiRequestError, authorizedFetch, toApiError, toastForError } from '../../../lib/http';
import { assetImportKeys } from './keys';

/**
 * Imports a validated file in one transaction. A 400 (a row became wrong since the check) or 409
 * (already imported) comes back without a toast: the screen shows why, and the stored report.
 */
export function useCommitImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      const path = `asset-imports/${id}/commit`;
      try {
        const response = await authorizedFetch(path, { method: 'POST' });
        if (!response.ok) throw await toApiError(response);
        return importFileSchema.parse(await response.json());
      } catch (error) {
        if (!(error instanceof ApiRequestError && [400, 409].includes(error.status))) toastForError(path, error);
        throw error;
      }
    },
    onSuccess: (file) => queryClient.setQueryData(assetImportKeys.file(file.ID), file),
    onSettled: (_file, _error, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: assetImportKeys.file(id) }),
        queryClient.invalidateQueries({ queryKey: [...assetImportKeys.all, 'history'] }),
      ]),
  });
}
