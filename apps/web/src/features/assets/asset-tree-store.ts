import type { TreeNode, TreePathEntry } from '@hasp/contracts';
import { fetchTreeChildren } from './api/get-tree-children';
import {
  appendPage,
  emptyList,
  nodeKey,
  pathSteps,
  pinNode,
  ROOT,
  type ChildList,
  type NodeKey,
  type ParentKey,
} from './tree-model';

export interface TreeState {
  lists: ReadonlyMap<ParentKey, ChildList>;
  expanded: ReadonlySet<NodeKey>;
}

/**
 * The tree's loaded pages and expanded nodes, outside React so that async work (a path opening in
 * several steps) always reads the latest state. Every change replaces the state object, which is
 * what useSyncExternalStore compares.
 */
export class AssetTreeStore {
  private state: TreeState = { lists: new Map(), expanded: new Set() };
  private readonly listeners = new Set<() => void>();
  private readonly inFlight = new Map<ParentKey, Promise<void>>();
  /** Per parent: bumped by a reset, so a page that arrives after it is dropped. */
  private readonly generation = new Map<ParentKey, number>();

  constructor(private readonly fetchPage = fetchTreeChildren) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): TreeState => this.state;

  private update(next: Partial<TreeState>): void {
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }

  private setList(parentKey: ParentKey, list: ChildList): void {
    const lists = new Map(this.state.lists);
    lists.set(parentKey, list);
    this.update({ lists });
  }

  /**
   * Loads the next page of a parent's children, or the first one again (`reset`: after a change,
   * to show it). A reset keeps what is shown until the fresh page arrives.
   */
  load(parentKey: ParentKey, reset = false): Promise<void> {
    const running = this.inFlight.get(parentKey);
    if (running && !reset) return running;
    const generation = (this.generation.get(parentKey) ?? 0) + (reset ? 1 : 0);
    this.generation.set(parentKey, generation);
    const current = this.state.lists.get(parentKey);
    const cursor = reset || !current ? null : current.nextCursor;
    this.setList(parentKey, { ...(current ?? emptyList()), status: 'loading' });
    const work = this.fetchPage(parentKey, cursor).then(
      (page) => {
        if (this.generation.get(parentKey) !== generation) return;
        this.setList(parentKey, appendPage(this.state.lists.get(parentKey), page, cursor === null));
      },
      () => {
        if (this.generation.get(parentKey) !== generation) return;
        this.setList(parentKey, { ...(this.state.lists.get(parentKey) ?? emptyList()), status: 'error' });
      },
    );
    const tracked = work.finally(() => {
      if (this.inFlight.get(parentKey) === tracked) this.inFlight.delete(parentKey);
    });
    this.inFlight.set(parentKey, tracked);
    return tracked;
  }

  /** "Show more", or a retry after a failure: the next page, or the first while none has loaded. */
  loadNext(parentKey: ParentKey): Promise<void> {
    const list = this.state.lists.get(parentKey);
    return this.load(parentKey, !list || list.nodes.length === 0);
  }

  /** The first page of a parent's children, unless it is loaded (or loading) already. */
  ensureLoaded(parentKey: ParentKey): Promise<void> {
    const list = this.state.lists.get(parentKey);
    if (list && list.status !== 'error') return this.inFlight.get(parentKey) ?? Promise.resolve();
    return this.load(parentKey, true);
  }

  setExpanded(key: NodeKey, open: boolean): void {
    if (this.state.expanded.has(key) === open) return;
    const expanded = new Set(this.state.expanded);
    if (open) expanded.add(key);
    else expanded.delete(key);
    this.update({ expanded });
    if (open) void this.ensureLoaded(key);
  }

  /**
   * Opens the path to a node: loads each ancestor's children, pins the next node of the path where
   * it lies beyond the loaded pages, and expands the ancestors. Resolves false when a step failed.
   */
  async openPath(target: TreeNode, path: readonly TreePathEntry[]): Promise<boolean> {
    for (const step of pathSteps(target, path)) {
      await this.ensureLoaded(step.parentKey);
      const list = this.state.lists.get(step.parentKey);
      if (!list || list.status === 'error') return false;
      this.setList(step.parentKey, pinNode(list, step.child));
      if (step.parentKey !== ROOT) this.setExpanded(step.parentKey, true);
    }
    return true;
  }

  /** Takes a node out of every pinned list (it moved: its old place must not show it). */
  unpin(key: NodeKey): void {
    let changed = false;
    const lists = new Map(this.state.lists);
    for (const [parentKey, list] of lists) {
      const pinned = list.pinned.filter((node) => nodeKey(node) !== key);
      if (pinned.length !== list.pinned.length) {
        lists.set(parentKey, { ...list, pinned });
        changed = true;
      }
    }
    if (changed) this.update({ lists });
  }

  /** Reloads the first page of each loaded parent given (after a create, an edit or a move). */
  async refresh(parentKeys: Iterable<ParentKey>): Promise<void> {
    const keys = [...new Set(parentKeys)].filter((key) => key === ROOT || this.state.lists.has(key));
    await Promise.all(keys.map((key) => this.load(key, true)));
  }
}
