import {
  DASHBOARD_COLUMNS,
  DASHBOARD_WIDGET_SIZE,
  type DashboardLayout,
  type DashboardLayoutItem,
  type DashboardWidgetKind,
} from '@hasp/contracts';
import { verticalCompactor } from 'react-grid-layout/core';
import { byPlace, fromGrid, stacked, toGrid } from './layout';
import { swapInColumn } from './column-order';

/**
 * Arranging from the keyboard (decision 0081): react-grid-layout is for a mouse or a finger, so each
 * widget also has buttons that change the same layout. Every grid step is what a drag or a resize
 * would give: the widget takes its new place, the widgets in its way go below it, and all float up
 * as the grid's vertical compaction does on screen. The phone's steps (one place up or down its
 * single column) are in column-order.ts (decision 0084).
 */
export type ArrangeStep =
  'up' | 'down' | 'left' | 'right' | 'earlier' | 'later' | 'wider' | 'narrower' | 'taller' | 'shorter';

type Box = Pick<DashboardLayoutItem, 'x' | 'y' | 'w' | 'h'>;
const overlapX = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w;
const collides = (a: Box, b: Box) => overlapX(a, b) && a.y < b.y + b.h && b.y < a.y + a.h;

/** The grid as the screen shows it: floated up, in reading order. */
const compacted = (layout: DashboardLayout): DashboardLayout =>
  fromGrid(verticalCompactor.compact(toGrid(layout), DASHBOARD_COLUMNS));

/** `item` at its place, or just below whatever of `placed` is in its way (pushed down until free). */
function clearOf(placed: DashboardLayoutItem[], item: DashboardLayoutItem): DashboardLayoutItem {
  let y = item.y;
  for (let hit = placed.filter((p) => collides({ ...item, y }, p)); hit.length;) {
    y = Math.max(...hit.map((p) => p.y + p.h));
    hit = placed.filter((p) => collides({ ...item, y }, p));
  }
  return { ...item, y };
}

/**
 * The movers take their boxes, in the order given (a later one goes below an earlier one in its
 * way); every other widget keeps its place unless something placed before it is in the way, then
 * it goes just below (top to bottom, so a push never overlaps); then all float up.
 */
function place(layout: DashboardLayout, movers: [DashboardWidgetKind, Box][]): DashboardLayout {
  const placed: DashboardLayoutItem[] = [];
  for (const [kind, box] of movers) {
    const item = layout.items.find((i) => i.widget === kind);
    if (item) placed.push(clearOf(placed, { ...item, ...box }));
  }
  const moving = new Set(movers.map(([kind]) => kind));
  for (const item of layout.items.filter((i) => !moving.has(i.widget)).sort(byPlace))
    placed.push(clearOf(placed, item));
  return compacted({ items: placed });
}

/** The nearest widget above (or below) that shares a column with `item`. */
function neighbour(items: DashboardLayoutItem[], item: DashboardLayoutItem, below: boolean) {
  const candidates = items.filter(
    (o) => o.widget !== item.widget && overlapX(o, item) && (below ? o.y >= item.y + item.h : o.y + o.h <= item.y),
  );
  return candidates.sort((a, b) => (below ? a.y - b.y : b.y - a.y) || a.x - b.x)[0];
}

/**
 * The layout after one step of `kind`, or the same object when the step is not possible (the
 * widget is already first, at the edge, or at its size bound): the caller disables that button.
 * `earlier`/`later` follow the reading order (the phone's single column); `up`/`down` swap with
 * the nearest widget above or below in the same columns; the rest move or resize by one cell.
 */
export function arrange(layout: DashboardLayout, kind: DashboardWidgetKind, step: ArrangeStep): DashboardLayout {
  const grid = compacted(layout);
  const item = grid.items.find((i) => i.widget === kind);
  if (!item) return layout;
  const { minW, maxW, minH, maxH } = DASHBOARD_WIDGET_SIZE;
  const to = (box: Box) => place(grid, [[kind, box]]);
  const result = (() => {
    switch (step) {
      // The order the phone shows: the layout as given (one saved on a phone is not compacted yet).
      case 'earlier':
        return swapInColumn(grid, stacked(layout), kind, -1);
      case 'later':
        return swapInColumn(grid, stacked(layout), kind, 1);
      case 'up': {
        const above = neighbour(grid.items, item, false);
        return above && to({ ...item, y: above.y });
      }
      case 'down': {
        const below = neighbour(grid.items, item, true);
        return below && place(grid, [[below.widget, { ...below, y: item.y }]]);
      }
      case 'left':
        return item.x > 0 ? to({ ...item, x: item.x - 1 }) : undefined;
      case 'right':
        return item.x + item.w < DASHBOARD_COLUMNS ? to({ ...item, x: item.x + 1 }) : undefined;
      case 'wider':
        // At the right edge it grows to the left.
        return item.w < maxW
          ? to({ ...item, w: item.w + 1, x: Math.min(item.x, DASHBOARD_COLUMNS - item.w - 1) })
          : undefined;
      case 'narrower':
        return item.w > minW ? to({ ...item, w: item.w - 1 }) : undefined;
      case 'taller':
        return item.h < maxH ? to({ ...item, h: item.h + 1 }) : undefined;
      case 'shorter':
        return item.h > minH ? to({ ...item, h: item.h - 1 }) : undefined;
    }
  })();
  return result ?? layout;
}

/** Where a widget is now, for the screen reader: its place in reading order and its cell. */
export function whereIs(layout: DashboardLayout, kind: DashboardWidgetKind) {
  const item = layout.items.find((i) => i.widget === kind);
  if (!item) return undefined;
  return {
    position: stacked(layout).indexOf(kind) + 1,
    count: layout.items.length,
    row: item.y + 1,
    column: item.x + 1,
    width: item.w,
    height: item.h,
  };
}
