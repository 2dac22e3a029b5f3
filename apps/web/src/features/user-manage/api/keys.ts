import type { UserListQuery } from '@hasp/contracts';

/** Every User Manage query key, in one place: mutations invalidate by these. */
export const userManageKeys = {
  all: ['user-manage'] as const,
  lists: () => [...userManageKeys.all, 'list'] as const,
  list: (query: UserListQuery) => [...userManageKeys.lists(), query] as const,
  options: () => [...userManageKeys.all, 'options'] as const,
};
