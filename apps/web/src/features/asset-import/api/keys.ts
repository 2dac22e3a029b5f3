/** Every Import Manage query key, in one place: uploads and commits invalidate by these. */
export const assetImportKeys = {
  all: ['asset-import'] as const,
  histories: () => [...assetImportKeys.all, 'history'] as const,
  history: (page: number) => [...assetImportKeys.histories(), page] as const,
  file: (id: number) => [...assetImportKeys.all, 'file', id] as const,
};
