import type { UserOverviewQuery } from '@hasp/contracts';

/** Every NEW User Management query key, in one place: mutations invalidate by these. */
export const userManagementKeys = {
  all: ['user-management'] as const,
  overviews: () => [...userManagementKeys.all, 'overview'] as const,
  overview: (query: UserOverviewQuery) => [...userManagementKeys.overviews(), query] as const,
};
