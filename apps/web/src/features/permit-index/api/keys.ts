/** Every permit-index query key, in one place. */
export const permitIndexKeys = {
  all: ['permit-index'] as const,
  page: (query: Record<string, string>) => [...permitIndexKeys.all, 'page', query] as const,
  columns: () => [...permitIndexKeys.all, 'columns'] as const,
};
