import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { userOverviewSchema, type UserOverview, type UserOverviewQuery } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { userManagementKeys } from './keys';

/** One page of the grid: users with their facilities and their groups here, and the facility's groups. */
export function getUserOverview(query: UserOverviewQuery, signal?: AbortSignal): Promise<UserOverview> {
  return apiRequest('admin/user-management', { query: { ...query }, schema: userOverviewSchema, signal });
}

export function useUserOverview(query: UserOverviewQuery) {
  return useQuery({
    queryKey: userManagementKeys.overview(query),
    queryFn: ({ signal }) => getUserOverview(query, signal),
    placeholderData: keepPreviousData,
  });
}
