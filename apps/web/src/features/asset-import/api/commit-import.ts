import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importFileSchema } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { statusIn } from '../../../lib/send-form';
import { assetImportKeys } from './keys';

/**
 * Imports a validated file in one transaction. A 400 (a row became wrong since the check) or 409
 * (already imported) comes back without a toast: the screen shows why, and the stored report.
 */
export function useCommitImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`asset-imports/${id}/commit`, { method: 'POST', schema: importFileSchema, quiet: statusIn(400, 409) }),
    onSuccess: (file) => queryClient.setQueryData(assetImportKeys.file(file.ID), file),
    onSettled: (_file, _error, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: assetImportKeys.file(id) }),
        queryClient.invalidateQueries({ queryKey: assetImportKeys.histories() }),
      ]),
  });
}
