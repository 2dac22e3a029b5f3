import type { TreeChildrenPage, TreeNode, TreeNodeKind, TreePathEntry } from '@hasp/contracts';

/** A node's identity in the tree: areas and assets have separate ID sequences. */
export type NodeKey = `${TreeNodeKind}:${number}`;
/** Whose children a list holds: a node, or the top of the tree (the top areas). */
export type ParentKey = NodeKey | 'root';
export const ROOT = 'root' as const;

export const nodeKey = (node: { kind: TreeNodeKind; ID: number }): NodeKey => `${node.kind}:${node.ID}`;

/** Reads a key written by nodeKey (for example from the address); null when it is not one. */
export function parseNodeKey(value: string | null): { kind: TreeNodeKind; ID: number } | null {
  const match = /^(area|asset):([1-9]\d{0,9})$/.exec(value ?? '');
  return match ? { kind: match[1] as TreeNodeKind, ID: Number(match[2]) } : null;
}

/**
 * The loaded children of one parent. `nodes` is the prefix of the children the pages loaded so far,
 * in the server's order; `pinned` holds children found by a search or a move that lie beyond that
 * prefix, shown after it so the path to them opens without loading every page before them.
 */
export interface ChildList {
  nodes: TreeNode[];
  pinned: TreeNode[];
  nextCursor: string | null;
  total: number;
  status: 'loading' | 'ready' | 'error';
}

export const emptyList = (): ChildList => ({ nodes: [], pinned: [], nextCursor: null, total: 0, status: 'loading' });

/** Adds the next page to a list; pinned nodes that the page brings in take their real place. */
export function appendPage(list: ChildList | undefined, page: TreeChildrenPage, reset: boolean): ChildList {
  const before = reset || !list ? [] : list.nodes;
  const nodes = [...before, ...page.nodes];
  const loaded = new Set(nodes.map(nodeKey));
  const pinned = (list?.pinned ?? []).filter((node) => !loaded.has(nodeKey(node)));
  return { nodes, pinned, nextCursor: page.nextCursor, total: page.total, status: 'ready' };
}

/** Makes sure `node` shows in the list: already loaded or pinned, or pinned now. */
export function pinNode(list: ChildList, node: TreeNode): ChildList {
  const key = nodeKey(node);
  if (list.nodes.some((n) => nodeKey(n) === key) || list.pinned.some((n) => nodeKey(n) === key)) return list;
  return { ...list, pinned: [...list.pinned, node] };
}

/**
 * A path entry as a tree node. Path entries carry no status or counts, so an asset shown this way
 * has no badge until its parent's page brings the real node in; it does have children (the next
 * entry of the path).
 */
export const pathEntryNode = (entry: TreePathEntry): TreeNode => ({
  ...entry,
  status: null,
  hasChildren: true,
  childCount: 1,
});

/** One line of the flattened tree. */
export type TreeRow =
  | {
      type: 'node';
      key: NodeKey;
      node: TreeNode;
      parentKey: ParentKey;
      level: number;
      /** Place among the parent's children (1-based); null for a pinned node (its place is not known yet). */
      position: number | null;
      setSize: number;
      expandable: boolean;
      expanded: boolean;
    }
  | { type: 'more'; key: string; parentKey: ParentKey; level: number; notShown: number; loading: boolean }
  | { type: 'loading'; key: string; parentKey: ParentKey; level: number }
  | { type: 'error'; key: string; parentKey: ParentKey; level: number };

/**
 * The expanded tree as the rows a list shows, top to bottom: each expanded node's children follow it,
 * then a "show more" row while its children have further pages. Only loaded children appear, so the
 * rows stay as many as the user opened, however large the facility.
 * Iterative (a stack, not recursion): a deep chain of assets cannot overflow the call stack.
 */
export function flattenTree(lists: ReadonlyMap<ParentKey, ChildList>, expanded: ReadonlySet<NodeKey>): TreeRow[] {
  const rows: TreeRow[] = [];
  // Work items in reverse order of output: a list's "end" item is pushed before its children.
  type Item = { parentKey: ParentKey; level: number; index: number };
  const stack: Item[] = [{ parentKey: ROOT, level: 1, index: 0 }];
  const seen = new Set<NodeKey>();
  while (stack.length > 0) {
    const item = stack.pop()!;
    const list = lists.get(item.parentKey);
    if (!list) continue;
    if (item.index === 0 && list.nodes.length === 0 && list.pinned.length === 0) {
      if (list.status === 'loading' || list.status === 'error') {
        const status = list.status;
        rows.push({ type: status, key: `${status}:${item.parentKey}`, parentKey: item.parentKey, level: item.level });
      }
      continue;
    }
    const all = list.nodes.length + list.pinned.length;
    if (item.index >= all) {
      const end = { parentKey: item.parentKey, level: item.level };
      // A further page that failed to load offers a retry in its place.
      if (list.status === 'error') rows.push({ type: 'error', key: `error:${item.parentKey}`, ...end });
      else if (list.nextCursor !== null) {
        const notShown = Math.max(0, list.total - all);
        rows.push({
          type: 'more',
          key: `more:${item.parentKey}`,
          ...end,
          notShown,
          loading: list.status === 'loading',
        });
      }
      continue;
    }
    const isPinned = item.index >= list.nodes.length;
    const node = isPinned ? list.pinned[item.index - list.nodes.length]! : list.nodes[item.index]!;
    const key = nodeKey(node);
    // Next sibling after this node's subtree.
    stack.push({ parentKey: item.parentKey, level: item.level, index: item.index + 1 });
    // While a moved node's old and new parents reload, both lists may hold it for a moment: it shows
    // once (row keys must be unique), where it comes first.
    if (seen.has(key)) continue;
    seen.add(key);
    const children = lists.get(key);
    const hasChildren =
      node.hasChildren || (children !== undefined && children.nodes.length + children.pinned.length > 0);
    const isExpanded = hasChildren && expanded.has(key);
    rows.push({
      type: 'node',
      key,
      node,
      parentKey: item.parentKey,
      level: item.level,
      position: isPinned ? null : item.index + 1,
      setSize: Math.max(list.total, all),
      expandable: hasChildren,
      expanded: isExpanded,
    });
    if (isExpanded) stack.push({ parentKey: key, level: item.level + 1, index: 0 });
  }
  return rows;
}

/**
 * The steps that open the path to a search match: for each parent from the top down, the child of
 * it that lies on the way. Loading each parent's children and pinning that child (when it is beyond
 * the loaded pages) then expanding it shows the match.
 * @example pathSteps({ node: press, path: [shop, line] }) // [root→shop, shop→line, line→press]
 */
export function pathSteps(
  target: TreeNode,
  path: readonly TreePathEntry[],
): { parentKey: ParentKey; child: TreeNode }[] {
  const chain = [...path.map(pathEntryNode), target];
  return chain.map((child, index) => ({
    parentKey: index === 0 ? ROOT : nodeKey(chain[index - 1]!),
    child,
  }));
}

/** Where each loaded node sits: its parent's key (for refreshing the parent after a change). */
export function parentsOf(lists: ReadonlyMap<ParentKey, ChildList>): Map<NodeKey, ParentKey> {
  const parents = new Map<NodeKey, ParentKey>();
  for (const [parentKey, list] of lists) {
    for (const node of list.nodes) parents.set(nodeKey(node), parentKey);
    for (const node of list.pinned) parents.set(nodeKey(node), parentKey);
  }
  return parents;
}

/** Whether `child` may be dropped onto `target`: areas go under areas, assets under areas or assets, never under themselves. */
export function canDrop(
  child: { kind: TreeNodeKind; ID: number },
  target: { kind: TreeNodeKind; ID: number },
): boolean {
  if (nodeKey(child) === nodeKey(target)) return false;
  return child.kind === 'asset' || target.kind === 'area';
}
