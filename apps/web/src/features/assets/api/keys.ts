/** Every Asset Manage query key, in one place: mutations invalidate by these. */
export const assetKeys = {
  all: ['asset-manage'] as const,
  search: (query: string) => [...assetKeys.all, 'search', query] as const,
  asset: (id: number) => [...assetKeys.all, 'asset', id] as const,
  area: (id: number) => [...assetKeys.all, 'area', id] as const,
  photo: (id: number) => [...assetKeys.all, 'photo', id] as const,
};
