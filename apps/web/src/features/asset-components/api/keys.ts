import { sharedQueryRoots } from '../../../lib/query-keys';

/** Every Component Manage query key, in one place: mutations invalidate by these. */
export const componentManageKeys = {
  all: sharedQueryRoots.componentManage,
  search: (query: string) => [...componentManageKeys.all, 'search', query] as const,
  asset: (assetId: number) => [...componentManageKeys.all, 'asset', assetId] as const,
  /** Under the asset's key: whatever refreshes the asset refreshes its holds too. */
  holds: (assetId: number) => [...componentManageKeys.asset(assetId), 'holds'] as const,
  masterList: (listKey: string) => [...componentManageKeys.all, 'master-list', listKey] as const,
  photo: (photoId: number) => [...componentManageKeys.all, 'photo', photoId] as const,
};
