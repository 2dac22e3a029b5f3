import { useCallback, useEffect, useLayoutEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { assetManageLabels, type TreeNode } from '@hasp/contracts';
import { Icon } from '../../../components/Icon';
import { useCaptions } from '../../../lib/i18n';
import { canDrop, nodeKey, type NodeKey, type ParentKey, type TreeRow } from '../tree-model';
import { windowRange } from '../window-range';
import { StatusBadge } from './StatusBadge';
import classes from '../AssetManage.module.css';

/** Every row is this tall (the .row rule keeps it so): the window's arithmetic depends on it. */
export const ROW_HEIGHT = 36;
const OVERSCAN = 10;
const INDENT_REM = 1.25;

export interface RevealRequest {
  key: NodeKey;
  /** A new number for each request, so the same node can be revealed twice. */
  seq: number;
  /**
   * true: the user asked to go there (a search match): the row takes the focus. false: the node is
   * shown again after a change (a move, a save): the row takes the focus only if nothing outside the
   * tree has it by then; the user may have gone on to another control (an open list closes on blur).
   */
  takeFocus: boolean;
}

/** The focus is on the page itself or in this tree, not on another control. */
function focusIsFree(tree: HTMLElement | null): boolean {
  const current = document.activeElement;
  return !current || current === document.body || (tree?.contains(current) ?? false);
}

interface AssetTreeProps {
  label: string;
  rows: readonly TreeRow[];
  selectedKey: NodeKey | null;
  onSelect: (node: TreeNode) => void;
  onToggle: (key: NodeKey, open: boolean) => void;
  /** Next page of a parent's children ("show more"), or a retry after a failure. */
  onLoad: (parentKey: ParentKey) => void;
  onDropNode: (node: TreeNode, target: TreeNode) => void;
  /** Scroll to this node and make it the active row (with the focus, see RevealRequest), once it is among the rows. */
  reveal: RevealRequest | null;
}

/**
 * The area and asset tree as an ARIA tree whose rows are absolutely placed inside a tall box: only
 * the rows in view (and the focused one) exist in the DOM, so 50,000 loaded rows scroll as fast as
 * fifty. aria-level, aria-setsize and aria-posinset tell assistive tech where each row sits.
 * One row is in the tab order (roving tabindex); the arrow keys move between rows.
 */
export function AssetTree({
  label,
  rows,
  selectedKey,
  onSelect,
  onToggle,
  onLoad,
  onDropNode,
  reveal,
}: AssetTreeProps) {
  const t = useCaptions();
  const scrollRef = useRef<HTMLDivElement>(null);
  const treeRef = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState({ offset: 0, height: 600 });
  // The row in the tab order: by key, and by place for when that row goes (a "show more" row
  // replaced by the first row it loaded).
  const [active, setActive] = useState<{ key: string; index: number } | null>(null);
  const [dragging, setDragging] = useState<TreeNode | null>(null);
  const [dropKey, setDropKey] = useState<NodeKey | null>(null);
  // Focus follows the active row after the render that shows it (a row out of view does not exist yet).
  const focusPending = useRef(false);
  // After "show more" or a retry: focus the row that takes its place once it is a real node.
  const focusWhenNode = useRef(false);
  const revealDone = useRef(0);

  const measure = useCallback(() => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    setViewport((current) =>
      current.offset === scroller.scrollTop && current.height === scroller.clientHeight
        ? current
        : { offset: scroller.scrollTop, height: scroller.clientHeight },
    );
  }, []);

  useLayoutEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    measure();
    scroller.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(scroller);
    return () => {
      scroller.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, [measure]);

  const found = rows.findIndex((row) => row.key === (active ? active.key : selectedKey));
  const activeIndex = found >= 0 ? found : active ? Math.min(active.index, Math.max(0, rows.length - 1)) : 0;

  const scrollIntoView = useCallback(
    (index: number, center: boolean) => {
      const scroller = scrollRef.current;
      if (!scroller) return;
      const top = index * ROW_HEIGHT;
      const bottom = top + ROW_HEIGHT;
      if (center) scroller.scrollTop = Math.max(0, top - scroller.clientHeight / 2 + ROW_HEIGHT / 2);
      else if (top < scroller.scrollTop) scroller.scrollTop = top;
      else if (bottom > scroller.scrollTop + scroller.clientHeight) scroller.scrollTop = bottom - scroller.clientHeight;
      measure();
    },
    [measure],
  );

  const moveTo = (index: number) => {
    const row = rows[Math.min(rows.length - 1, Math.max(0, index))];
    if (!row) return;
    const target = rows.indexOf(row);
    setActive({ key: row.key, index: target });
    focusPending.current = true;
    scrollIntoView(target, false);
  };

  // A search match or a moved node becomes the active row once its row exists (state adjusted while
  // rendering, as React advises for state that follows a prop); the effect then scrolls and focuses.
  const [revealed, setRevealed] = useState(0);
  const revealIndex = reveal && reveal.seq !== revealed ? rows.findIndex((row) => row.key === reveal.key) : -1;
  if (reveal && revealIndex >= 0) {
    setRevealed(reveal.seq);
    setActive({ key: reveal.key, index: revealIndex });
  }
  useEffect(() => {
    if (!reveal || revealDone.current === reveal.seq || revealed !== reveal.seq) return;
    const index = rows.findIndex((row) => row.key === reveal.key);
    if (index < 0) return;
    revealDone.current = reveal.seq;
    focusPending.current = reveal.takeFocus || focusIsFree(treeRef.current);
    scrollIntoView(index, true);
  }, [reveal, revealed, rows, scrollIntoView]);

  useEffect(() => {
    const nodeArrived = focusWhenNode.current && rows[activeIndex]?.type === 'node';
    if (!focusPending.current && !nodeArrived) return;
    const element = treeRef.current?.querySelector<HTMLElement>('[tabindex="0"]');
    if (element) {
      focusPending.current = false;
      if (nodeArrived) focusWhenNode.current = false;
      element.focus({ preventScroll: true });
    }
  });

  const activate = (row: TreeRow, index: number) => {
    if (row.type === 'node') {
      onSelect(row.node);
      return;
    }
    if (row.type === 'loading') return;
    // Held by place: the first row the page brings takes this one's place, and the focus.
    setActive({ key: '', index });
    focusWhenNode.current = true;
    onLoad(row.parentKey);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Keys act on the row that has the focus; the active-row state can trail it by a render.
    const focusedKey = event.target instanceof HTMLElement ? event.target.dataset.rowKey : undefined;
    const focusedIndex = focusedKey === undefined ? -1 : rows.findIndex((r) => r.key === focusedKey);
    const index = focusedIndex >= 0 ? focusedIndex : activeIndex;
    const row = rows[index];
    if (!row) return;
    let handled = true;
    switch (event.key) {
      case 'ArrowDown':
        moveTo(index + 1);
        break;
      case 'ArrowUp':
        moveTo(index - 1);
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(rows.length - 1);
        break;
      case 'ArrowRight':
        if (row.type === 'node' && row.expandable && !row.expanded) onToggle(row.key, true);
        else if (row.type === 'node' && row.expanded) moveTo(index + 1);
        break;
      case 'ArrowLeft':
        if (row.type === 'node' && row.expanded) onToggle(row.key, false);
        else if (row.parentKey !== 'root') moveTo(rows.findIndex((r) => r.key === row.parentKey));
        break;
      case 'Enter':
      case ' ':
        activate(row, index);
        break;
      default:
        handled = false;
    }
    if (handled) event.preventDefault();
  };

  const range = windowRange({
    offset: viewport.offset,
    viewport: viewport.height,
    rowHeight: ROW_HEIGHT,
    count: rows.length,
    overscan: OVERSCAN,
  });
  const shown: number[] = [];
  for (let i = range.start; i < range.end; i += 1) shown.push(i);
  // The row in the tab order always exists, so Tab always reaches the tree.
  if (rows.length > 0 && (activeIndex < range.start || activeIndex >= range.end)) shown.push(activeIndex);

  const dragProps = (row: Extract<TreeRow, { type: 'node' }>) => ({
    draggable: true,
    onDragStart: (event: DragEvent) => {
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData('text/plain', row.key);
      setDragging(row.node);
    },
    onDragEnd: () => {
      setDragging(null);
      setDropKey(null);
    },
    onDragOver: (event: DragEvent) => {
      if (!dragging || !canDrop(dragging, row.node)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      if (dropKey !== row.key) setDropKey(row.key);
    },
    onDragLeave: () => {
      if (dropKey === row.key) setDropKey(null);
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      const moved = dragging;
      setDragging(null);
      setDropKey(null);
      if (moved && canDrop(moved, row.node) && row.parentKey !== nodeKey(row.node)) onDropNode(moved, row.node);
    },
  });

  return (
    <div ref={scrollRef} className={classes.scroller}>
      <div
        ref={treeRef}
        role="tree"
        aria-label={label}
        className={classes.tree}
        style={{ height: rows.length * ROW_HEIGHT }}
        onKeyDown={onKeyDown}
      >
        {shown.map((index) => {
          const row = rows[index]!;
          const common = {
            role: 'treeitem',
            'aria-level': row.level,
            'data-row-key': row.key,
            tabIndex: index === activeIndex ? 0 : -1,
            className: classes.row,
            style: { top: index * ROW_HEIGHT, paddingInlineStart: `${0.25 + (row.level - 1) * INDENT_REM}rem` },
            onFocus: () => {
              if (active?.key !== row.key) setActive({ key: row.key, index });
            },
          } as const;
          if (row.type !== 'node') {
            let text: string;
            if (row.type === 'loading') text = t(assetManageLabels.loadingChildren);
            else if (row.type === 'error') text = t(assetManageLabels.childrenFailed);
            else if (row.loading) text = t(assetManageLabels.loadingMore);
            else text = t(assetManageLabels.showMore, { count: row.notShown.toLocaleString() });
            const isLink = row.type === 'more' && !row.loading;
            return (
              <div key={row.key} {...common} aria-selected={false} onClick={() => activate(row, index)}>
                <span className={classes.toggle} aria-hidden="true" />
                <span className={isLink ? classes.more : classes.muted}>{text}</span>
              </div>
            );
          }
          const { node } = row;
          return (
            <div
              key={row.key}
              {...common}
              {...dragProps(row)}
              aria-selected={row.key === selectedKey}
              aria-expanded={row.expandable ? row.expanded : undefined}
              aria-setsize={row.setSize}
              aria-posinset={row.position ?? undefined}
              data-drop-target={dropKey === row.key}
              onClick={() => {
                setActive({ key: row.key, index });
                onSelect(node);
              }}
            >
              <span
                className={classes.toggle}
                aria-hidden="true"
                onClick={(event) => {
                  if (!row.expandable) return;
                  event.stopPropagation();
                  setActive({ key: row.key, index });
                  onToggle(row.key, !row.expanded);
                }}
              >
                {row.expandable && <Icon name={row.expanded ? 'chevron-down' : 'chevron-right'} size={16} />}
              </span>
              <span className={classes.kindIcon} aria-hidden="true">
                <Icon name={node.kind === 'area' ? 'folder' : 'tool'} size={16} />
              </span>
              {/* The spaces between the parts keep the row's accessible name readable: "PR-001 Press In service". */}
              <span className={classes.number}>{node.number}</span> <span className={classes.name}>{node.name}</span>{' '}
              {node.status && <StatusBadge status={node.status} className={classes.rowBadge} />}
            </div>
          );
        })}
      </div>
    </div>
  );
}
