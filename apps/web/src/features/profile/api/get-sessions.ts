import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { userSessionSchema, type UserSession } from '@hasp/contracts';
import { useAuthState } from '../../../lib/auth-session';
import { apiRequest } from '../../../lib/http';
import { profileKeys } from './keys';

const sessionsSchema = z.array(userSessionSchema);

/** The devices signed in as this user (refresh-token families), most recently used first. */
export function getSessions(signal?: AbortSignal): Promise<UserSession[]> {
  return apiRequest('profile/sessions', { schema: sessionsSchema, signal });
}

export function useSessions() {
  const { session } = useAuthState();
  return useQuery({
    queryKey: profileKeys.sessions(session?.connectionStringName ?? '', session?.user.ID ?? 0),
    queryFn: ({ signal }) => getSessions(signal),
    enabled: session !== null,
  });
}
