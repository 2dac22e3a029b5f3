import type { AssetSearchResult, TreePathEntry } from '@hasp/contracts';

export interface AssetMatch {
  ID: number;
  number: string;
  name: string;
  path: TreePathEntry[];
}

/** The assets among search results (components belong to assets, so areas are not offered). */
export function assetMatches(results: AssetSearchResult[]): AssetMatch[] {
  return results
    .filter((result) => result.node.kind === 'asset')
    .map(({ node, path }) => ({ ID: node.ID, number: node.number, name: node.name, path }));
}

/** "A-100 Press shop › A-110 Press line 1": where a node sits, top first. */
export function pathText(path: TreePathEntry[]): string {
  return path.map((entry) => `${entry.number} ${entry.name}`).join(' › ');
}

/** The asset id of `?assetId=N`, or null when it is missing or not a positive whole number. */
export function assetIdParam(value: string | null): number | null {
  if (value === null || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}
