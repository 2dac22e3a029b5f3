import { useQuery } from '@tanstack/react-query';
import { importFileSchema } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { assetImportKeys } from './keys';

/** One import file: its preview, counts and last validation report (null id: no request). */
export function useImportFile(id: number | null) {
  return useQuery({
    queryKey: assetImportKeys.file(id ?? 0),
    queryFn: ({ signal }) => apiRequest(`asset-imports/${id}`, { schema: importFileSchema, signal }),
    enabled: id !== null,
  });
}
