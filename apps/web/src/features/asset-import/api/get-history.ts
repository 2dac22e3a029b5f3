import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { importHistoryPageSchema } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { assetImportKeys } from './keys';

export const HISTORY_PAGE_SIZE = 20;

/** One page of the facility's import files, newest first. */
export function useImportHistory(page: number) {
  return useQuery({
    queryKey: assetImportKeys.history(page),
    queryFn: ({ signal }) =>
      apiRequest('asset-imports', {
        query: { page, pageSize: HISTORY_PAGE_SIZE },
        schema: importHistoryPageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
