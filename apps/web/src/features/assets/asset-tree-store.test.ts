import { describe, expect, it } from 'vitest';
import type { TreeChildrenPage, TreeNode } from '@hasp/contracts';
import { AssetTreeStore } from './asset-tree-store';
import { flattenTree, type ParentKey } from './tree-model';

const node = (kind: 'area' | 'asset', ID: number, number: string, childCount = 0): TreeNode => ({
  kind,
  ID,
  number,
  name: number,
  status: kind === 'asset' ? 'in_service' : null,
  hasChildren: childCount > 0,
  childCount,
});

/** A server with a top area holding 1,000 assets, paged 100 at a time. */
function fakeServer() {
  const big = node('area', 1, 'BIG', 1000);
  const assets = Array.from({ length: 1000 }, (_, i) => node('asset', i + 1, `BX-${String(i + 1).padStart(4, '0')}`));
  const requests: string[] = [];
  const fetchPage = async (parentKey: ParentKey, cursor: string | null): Promise<TreeChildrenPage> => {
    requests.push(`${parentKey}@${cursor ?? 0}`);
    if (parentKey === 'root') return { nodes: [big, node('area', 2, 'SMALL')], nextCursor: null, total: 2 };
    if (parentKey !== 'area:1') return { nodes: [], nextCursor: null, total: 0 };
    const start = Number(cursor ?? 0);
    const end = start + 100;
    return { nodes: assets.slice(start, end), nextCursor: end < 1000 ? String(end) : null, total: 1000 };
  };
  return { big, assets, requests, store: new AssetTreeStore(fetchPage) };
}

const numbers = (store: AssetTreeStore) =>
  flattenTree(store.getSnapshot().lists, store.getSnapshot().expanded).map((row) =>
    row.type === 'node' ? row.node.number : row.type,
  );

describe('AssetTreeStore', () => {
  it('opens the path to a node far beyond the first page with one page per ancestor', async () => {
    const { store, big, assets, requests } = fakeServer();
    await store.ensureLoaded('root');
    expect(numbers(store)).toEqual(['BIG', 'SMALL']);

    const target = assets[899]!;
    expect(await store.openPath(target, [{ kind: 'area', ID: big.ID, number: 'BIG', name: 'BIG' }])).toBe(true);

    const rows = numbers(store);
    // The first page, then the match pinned after it, then the rest still to load.
    expect(rows.slice(0, 2)).toEqual(['BIG', 'BX-0001']);
    expect(rows.slice(-4)).toEqual(['BX-0100', 'BX-0900', 'more', 'SMALL']);
    expect(requests).toEqual(['root@0', 'area:1@0']);
  });

  it('puts a pinned node back in its place once its page loads', async () => {
    const { store, big, assets } = fakeServer();
    await store.openPath(assets[150]!, [{ kind: 'area', ID: big.ID, number: 'BIG', name: 'BIG' }]);
    await store.load('area:1');
    const rows = numbers(store);
    expect(rows.filter((n) => n === 'BX-0151')).toHaveLength(1);
    expect(rows.indexOf('BX-0151')).toBe(rows.indexOf('BX-0150') + 1);
    expect(store.getSnapshot().lists.get('area:1')!.pinned).toEqual([]);
  });

  it('reports a failed step and shows the failure in the tree', async () => {
    const store = new AssetTreeStore(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await store.openPath(node('area', 1, 'A'), [])).toBe(false);
    expect(numbers(store)).toEqual(['error']);
  });

  it('drops a page that arrives after a reset of the same parent', async () => {
    let release: (page: TreeChildrenPage) => void = () => undefined;
    const pages: TreeChildrenPage[] = [{ nodes: [node('area', 9, 'NEW')], nextCursor: null, total: 1 }];
    const store = new AssetTreeStore((_parent, cursor) =>
      cursor === null && pages.length === 1
        ? new Promise<TreeChildrenPage>((resolve) => {
            release = resolve;
            pages.pop();
          })
        : Promise.resolve({ nodes: [node('area', 9, 'NEW')], nextCursor: null, total: 1 }),
    );
    const stale = store.load('root');
    await store.load('root', true);
    release({ nodes: [node('area', 1, 'OLD')], nextCursor: null, total: 1 });
    await stale;
    expect(numbers(store)).toEqual(['NEW']);
  });
});
