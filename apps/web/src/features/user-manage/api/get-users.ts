import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { userListSchema, type UserList, type UserListQuery } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { userManageKeys } from './keys';

/** One page of the facility's users matching the search and filters. */
export function getUsers(query: UserListQuery, signal?: AbortSignal): Promise<UserList> {
  return apiRequest('security/users', { query: { ...query }, schema: userListSchema, signal });
}

export function useUsers(query: UserListQuery) {
  return useQuery({
    queryKey: userManageKeys.list(query),
    queryFn: ({ signal }) => getUsers(query, signal),
    // The old page stays on screen while the next one loads: the list does not jump.
    placeholderData: keepPreviousData,
  });
}
