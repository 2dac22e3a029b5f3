import { useQuery } from '@tanstack/react-query';
import { userManageOptionsSchema, type UserManageOptions } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { userManageKeys } from './keys';

/** The facility's groups and the connection's facilities, for the filters and the user form. */
export function getUserManageOptions(signal?: AbortSignal): Promise<UserManageOptions> {
  return apiRequest('security/users/options', { schema: userManageOptionsSchema, signal });
}

export function useUserManageOptions() {
  return useQuery({ queryKey: userManageKeys.options(), queryFn: ({ signal }) => getUserManageOptions(signal) });
}
