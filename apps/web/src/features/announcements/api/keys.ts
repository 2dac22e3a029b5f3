/** Every announcements query key, in one place: mutations invalidate by these. */
export const announcementKeys = {
  all: ['announcements'] as const,
  current: () => [...announcementKeys.all, 'current'] as const,
  manager: () => [...announcementKeys.all, 'manager'] as const,
  managerList: () => [...announcementKeys.manager(), 'list'] as const,
  groups: () => [...announcementKeys.manager(), 'groups'] as const,
  acknowledgements: (id: number) => [...announcementKeys.manager(), 'acknowledgements', id] as const,
};
