import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importFileSchema, type ImportFile, type ImportKind } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { assetImportKeys } from './keys';

export interface UploadImport {
  file: File;
  /** What a CSV file holds; ignored for XLSX. */
  kind: ImportKind | null;
}

/**
 * Uploads the file (stored with its preview; nothing else written) and has every row checked.
 * A refused file (empty, too large, wrong type, a zip bomb…) rejects with the server's message,
 * shown as given and without a toast.
 */
export async function uploadAndValidate({ file, kind }: UploadImport): Promise<ImportFile> {
  const stored = await apiRequest('asset-imports', {
    method: 'POST',
    query: { fileName: file.name, kind: kind ?? undefined },
    body: file,
    schema: importFileSchema,
    quiet: () => true,
  });
  return apiRequest(`asset-imports/${stored.ID}/validate`, { method: 'POST', schema: importFileSchema });
}

export function useUploadImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAndValidate,
    onSuccess: (file) => {
      queryClient.setQueryData(assetImportKeys.file(file.ID), file);
      return queryClient.invalidateQueries({ queryKey: assetImportKeys.histories() });
    },
    // A file stored but refused at validation still belongs in the history.
    onSettled: () => queryClient.invalidateQueries({ queryKey: assetImportKeys.histories() }),
  });
}
