/**
 * Query-key roots that more than one feature uses. The feature that owns the query builds its keys
 * from the root; a feature whose change makes that data stale invalidates by the same root. Features
 * never import each other, so a root they share lives here instead of being retyped (decision 0026).
 */
export const sharedQueryRoots = {
  /** features/navigation (the left sidebar): stale when permissions or permit types change. */
  navigation: ['navigation'],
  /** features/asset-components (asset pages, pickers): stale when a master list changes. */
  componentManage: ['component-manage'],
  /** features/user-manage (user lists): stale when User Management changes users. */
  userManage: ['user-manage'],
} as const;
