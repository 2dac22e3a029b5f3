/** Master List Manage query keys. */
export const masterListKeys = {
  all: ['master-lists'] as const,
  types: () => [...masterListKeys.all, 'types'] as const,
  items: (listKey: string) => [...masterListKeys.all, 'items', listKey] as const,
};
