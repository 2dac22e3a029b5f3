import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  permitIndexColumnsSchema,
  permitIndexPageSchema,
  permitExportFileName,
  type PermitIndexColumn,
} from '@hasp/contracts';
import { saveBlob } from '../../../lib/save-file';
import { apiRequest } from '../../../lib/http';
import { permitIndexKeys } from './keys';

/** One page of the index for the URL's query; the previous page stays on screen while the next loads. */
export function usePermitIndexPage(query: Record<string, string>) {
  return useQuery({
    queryKey: permitIndexKeys.page(query),
    queryFn: ({ signal }) => apiRequest('permits', { query, schema: permitIndexPageSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The user's saved columns (the server's default set until they choose). */
export function useSavedColumns() {
  return useQuery({
    queryKey: permitIndexKeys.columns(),
    queryFn: ({ signal }) => apiRequest('permits/index-columns', { schema: permitIndexColumnsSchema, signal }),
    staleTime: Infinity,
  });
}

export function useSaveColumns() {
  const client = useQueryClient();
  return useMutation({
    // One at a time, in the order chosen: a burst of clicks (tick, move up, up, up) sent at once
    // could land out of order and save a choice the user had already moved past.
    scope: { id: 'permit-index-columns' },
    mutationFn: (columns: PermitIndexColumn[]) =>
      apiRequest('permits/index-columns', { method: 'PUT', body: { columns }, schema: permitIndexColumnsSchema }),
    onSuccess: (saved) => client.setQueryData(permitIndexKeys.columns(), saved),
  });
}

/** Downloads the filtered set (the file needs the bearer token, so no plain link). */
export async function downloadExport(
  format: 'csv' | 'xlsx',
  query: Record<string, string>,
  facilityName: string,
): Promise<string> {
  const blob = await apiRequest(`permits/export.${format}`, { query, read: 'blob', headers: { accept: '*/*' } });
  const name = permitExportFileName(facilityName, new Date(), format);
  saveBlob(blob, name);
  return name;
}
