import { useQuery } from '@tanstack/react-query';
import { translationRowSchema, type TranslationRow } from '@hasp/contracts';
import * as z from 'zod/mini';
import { apiRequest } from '../../../lib/http';
import { translationKeys } from './keys';

const rowsSchema = z.array(translationRowSchema);

/** Every caption with its preferred caption in one language (null: the default is used). */
export function getTranslations(languageId: number, signal?: AbortSignal): Promise<TranslationRow[]> {
  return apiRequest('translations', { query: { languageId }, schema: rowsSchema, signal });
}

export function useTranslations(connection: string, languageId: number | undefined) {
  return useQuery({
    queryKey: translationKeys.rows(connection, languageId ?? 0),
    queryFn: ({ signal }) => getTranslations(languageId ?? 0, signal),
    enabled: languageId !== undefined,
  });
}
