import type { UserListQuery } from '@hasp/contracts';
import { sharedQueryRoots } from '../../../lib/query-keys';

/** Every User Manage query key, in one place: mutations invalidate by these. */
export const userManageKeys = {
  all: sharedQueryRoots.userManage,
  lists: () => [...userManageKeys.all, 'list'] as const,
  list: (query: UserListQuery) => [...userManageKeys.lists(), query] as const,
  options: () => [...userManageKeys.all, 'options'] as const,
};
