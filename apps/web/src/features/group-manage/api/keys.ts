/** Every Group Manage query key, in one place: mutations invalidate by these. */
export const groupManageKeys = {
  all: ['group-manage'] as const,
  catalogue: () => [...groupManageKeys.all, 'catalogue'] as const,
  groups: () => [...groupManageKeys.all, 'groups'] as const,
  group: (id: number) => [...groupManageKeys.all, 'group', id] as const,
  members: (id: number) => [...groupManageKeys.group(id), 'members'] as const,
  candidates: (id: number) => [...groupManageKeys.group(id), 'candidates'] as const,
  permissions: (id: number) => [...groupManageKeys.group(id), 'permissions'] as const,
};
