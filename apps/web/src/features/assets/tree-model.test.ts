import { describe, expect, it } from 'vitest';
import type { TreeNode } from '@hasp/contracts';
import {
  appendPage,
  canDrop,
  emptyList,
  flattenTree,
  nodeKey,
  parseNodeKey,
  pathSteps,
  pinNode,
  ROOT,
  type ChildList,
  type NodeKey,
  type ParentKey,
} from './tree-model';

const area = (ID: number, number: string, childCount = 0): TreeNode => ({
  kind: 'area',
  ID,
  number,
  name: `Area ${number}`,
  status: null,
  hasChildren: childCount > 0,
  childCount,
});
const asset = (ID: number, number: string, childCount = 0): TreeNode => ({
  kind: 'asset',
  ID,
  number,
  name: `Asset ${number}`,
  status: 'in_service',
  hasChildren: childCount > 0,
  childCount,
});
const ready = (nodes: TreeNode[], extra: Partial<ChildList> = {}): ChildList => ({
  nodes,
  pinned: [],
  nextCursor: null,
  total: nodes.length,
  status: 'ready',
  ...extra,
});
const labels = (rows: ReturnType<typeof flattenTree>) =>
  rows.map((row) => (row.type === 'node' ? `${row.level}:${row.node.number}` : `${row.level}:${row.type}`));

describe('flattenTree', () => {
  const shop = area(1, 'A-100', 2);
  const line = area(2, 'A-110', 1);
  const press = asset(10, 'PR-001', 1);
  const feeder = asset(11, 'PR-001-F');
  const utilities = area(3, 'A-200');
  const lists = new Map<ParentKey, ChildList>([
    [ROOT, ready([shop, utilities])],
    ['area:1', ready([line, asset(12, 'PR-002')])],
    ['area:2', ready([press])],
    ['asset:10', ready([feeder])],
  ]);

  it('shows only the top level while nothing is expanded, whatever is loaded below', () => {
    expect(labels(flattenTree(lists, new Set()))).toEqual(['1:A-100', '1:A-200']);
  });

  it('puts each expanded node’s children right after it, one level deeper, before its next sibling', () => {
    const expanded = new Set<NodeKey>(['area:1', 'area:2', 'asset:10']);
    expect(labels(flattenTree(lists, expanded))).toEqual([
      '1:A-100',
      '2:A-110',
      '3:PR-001',
      '4:PR-001-F',
      '2:PR-002',
      '1:A-200',
    ]);
  });

  it('hides the children of a collapsed node even when its descendants stay expanded', () => {
    const expanded = new Set<NodeKey>(['area:2', 'asset:10']);
    expect(labels(flattenTree(lists, expanded))).toEqual(['1:A-100', '1:A-200']);
  });

  it('gives positions, set sizes and expansion state for assistive tech', () => {
    const rows = flattenTree(lists, new Set<NodeKey>(['area:1']));
    const second = rows[2]!;
    expect(second).toMatchObject({
      type: 'node',
      key: 'asset:12',
      position: 2,
      setSize: 2,
      level: 2,
      expandable: false,
    });
    expect(rows[0]).toMatchObject({ expandable: true, expanded: true });
    expect(rows[1]).toMatchObject({ expandable: true, expanded: false });
  });

  it('adds a "show more" row with the count not shown while a parent has further pages', () => {
    const paged = new Map(lists);
    paged.set('area:1', ready([line], { nextCursor: 'c1', total: 50_000 }));
    const rows = flattenTree(paged, new Set<NodeKey>(['area:1']));
    expect(labels(rows)).toEqual(['1:A-100', '2:A-110', '2:more', '1:A-200']);
    expect(rows[2]).toMatchObject({ type: 'more', parentKey: 'area:1', notShown: 49_999, loading: false });
  });

  it('shows a loading row for children on their way and an error row for children that failed', () => {
    const pending = new Map(lists);
    pending.set('area:1', emptyList());
    pending.set('area:3', { ...emptyList(), status: 'error' });
    const rows = flattenTree(pending, new Set<NodeKey>(['area:1', 'area:3']));
    // A-200 has no children by its counts, so it cannot be expanded and its error row stays hidden.
    expect(labels(rows)).toEqual(['1:A-100', '2:loading', '1:A-200']);
  });

  it('shows pinned nodes after the loaded ones, without a known position', () => {
    const pinnedLists = new Map(lists);
    const far = asset(99, 'PR-999');
    pinnedLists.set('area:1', ready([line], { pinned: [far], nextCursor: 'c', total: 1000 }));
    const rows = flattenTree(pinnedLists, new Set<NodeKey>(['area:1']));
    expect(labels(rows)).toEqual(['1:A-100', '2:A-110', '2:PR-999', '2:more', '1:A-200']);
    expect(rows[2]).toMatchObject({ position: null, setSize: 1000 });
    expect(rows[3]).toMatchObject({ notShown: 998 });
  });

  it('shows a node held by two lists (a move while both parents reload) only once', () => {
    const moving = new Map(lists);
    moving.set(ROOT, ready([shop, utilities]));
    moving.set('area:3', ready([press]));
    const rows = flattenTree(moving, new Set<NodeKey>(['area:1', 'area:2', 'area:3']));
    expect(labels(rows)).toEqual(['1:A-100', '2:A-110', '3:PR-001', '2:PR-002', '1:A-200']);
    expect(new Set(rows.map((row) => row.key)).size).toBe(rows.length);
  });

  it('flattens a chain deeper than the call stack allows for recursion', () => {
    const deep = new Map<ParentKey, ChildList>();
    const expanded = new Set<NodeKey>();
    let parent: ParentKey = ROOT;
    for (let i = 1; i <= 20_000; i += 1) {
      const node = asset(i, `D-${i}`, 1);
      deep.set(parent, ready([node]));
      expanded.add(nodeKey(node));
      parent = nodeKey(node);
    }
    const rows = flattenTree(deep, expanded);
    expect(rows).toHaveLength(20_000);
    expect(rows.at(-1)).toMatchObject({ level: 20_000 });
  });
});

describe('appendPage and pinNode', () => {
  it('appends a page after the loaded nodes and drops the pinned copy of a node the page brings', () => {
    const first = appendPage(undefined, { nodes: [asset(1, 'B-1')], nextCursor: 'c', total: 3 }, false);
    const pinned = pinNode(first, asset(3, 'B-3'));
    expect(pinned.pinned.map((n) => n.number)).toEqual(['B-3']);
    const second = appendPage(pinned, { nodes: [asset(2, 'B-2'), asset(3, 'B-3')], nextCursor: null, total: 3 }, false);
    expect(second.nodes.map((n) => n.number)).toEqual(['B-1', 'B-2', 'B-3']);
    expect(second.pinned).toEqual([]);
  });

  it('starts over on a reset, keeping pinned nodes the first page does not hold', () => {
    const list = pinNode(ready([asset(1, 'B-1'), asset(2, 'B-2')]), asset(9, 'B-9'));
    const reset = appendPage(list, { nodes: [asset(2, 'B-2')], nextCursor: 'c', total: 9 }, true);
    expect(reset.nodes.map((n) => n.number)).toEqual(['B-2']);
    expect(reset.pinned.map((n) => n.number)).toEqual(['B-9']);
  });

  it('does not pin a node that is already shown', () => {
    const list = ready([asset(1, 'B-1')]);
    expect(pinNode(list, asset(1, 'B-1'))).toBe(list);
  });
});

describe('pathSteps', () => {
  it('lists each parent from the top with the child on the way down to the match', () => {
    const match = asset(11, 'PR-001-F');
    const steps = pathSteps(match, [
      { kind: 'area', ID: 1, number: 'A-100', name: 'Press shop' },
      { kind: 'area', ID: 2, number: 'A-110', name: 'Press line 1' },
      { kind: 'asset', ID: 10, number: 'PR-001', name: 'Hydraulic press' },
    ]);
    expect(steps.map((s) => [s.parentKey, nodeKey(s.child)])).toEqual([
      ['root', 'area:1'],
      ['area:1', 'area:2'],
      ['area:2', 'asset:10'],
      ['asset:10', 'asset:11'],
    ]);
    expect(steps[2]!.child).toMatchObject({ hasChildren: true, status: null });
    expect(steps[3]!.child).toBe(match);
  });

  it('is one step from the top for a top area', () => {
    expect(pathSteps(area(5, 'A-500'), [])).toEqual([{ parentKey: 'root', child: area(5, 'A-500') }]);
  });
});

describe('keys and drops', () => {
  it('reads back the keys it writes and refuses anything else', () => {
    expect(parseNodeKey('asset:12')).toEqual({ kind: 'asset', ID: 12 });
    expect(parseNodeKey('area:0')).toBeNull();
    expect(parseNodeKey('permit:3')).toBeNull();
    expect(parseNodeKey(null)).toBeNull();
  });

  it('lets assets go under areas or assets and areas only under areas, never under themselves', () => {
    expect(canDrop({ kind: 'asset', ID: 1 }, { kind: 'asset', ID: 2 })).toBe(true);
    expect(canDrop({ kind: 'asset', ID: 1 }, { kind: 'area', ID: 1 })).toBe(true);
    expect(canDrop({ kind: 'area', ID: 1 }, { kind: 'asset', ID: 2 })).toBe(false);
    expect(canDrop({ kind: 'area', ID: 1 }, { kind: 'area', ID: 1 })).toBe(false);
  });
});
