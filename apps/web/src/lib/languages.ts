import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { languageSchema, type Language } from '@hasp/contracts';
import { apiRequest } from './http';

const languagesSchema = z.array(languageSchema);

/** The languages a connection offers (English first). */
export function getLanguages(connection: string, signal?: AbortSignal): Promise<Language[]> {
  return apiRequest('languages', { query: { connectionStringName: connection }, schema: languagesSchema, signal });
}

/** For screens after sign-in (the profile's language choice, the translations screen). */
export function useLanguages(connection: string) {
  return useQuery({
    queryKey: ['languages', connection] as const,
    queryFn: ({ signal }) => getLanguages(connection, signal),
    // Languages are added by administrators, rarely.
    staleTime: 30 * 60 * 1000,
  });
}
