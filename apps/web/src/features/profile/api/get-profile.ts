import { queryOptions } from '@tanstack/react-query';
import { profileSchema, type Profile } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { profileKeys } from './keys';

/** The signed-in user's own profile (name, e-mail, preferred language). */
export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return apiRequest('profile', { schema: profileSchema, signal });
}

/**
 * Loaded once per sign-in: the profile changes only through this user's own page, which writes
 * its answer into the cache.
 */
export const profileQueryOptions = (connection: string, userId: number) =>
  queryOptions({
    queryKey: profileKeys.me(connection, userId),
    queryFn: ({ signal }) => getProfile(signal),
    staleTime: Infinity,
  });
