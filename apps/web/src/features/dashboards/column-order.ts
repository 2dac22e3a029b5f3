import {
  DASHBOARD_COLUMNS,
  type DashboardLayout,
  type DashboardLayoutItem,
  type DashboardWidgetKind,
} from '@hasp/contracts';
import { byPlace } from './layout';

/*
 * The phone's Move up / Move down (decision 0084). The phone shows the widgets in one column in
 * reading order (rows, then columns) and stores no order of its own: the order lives in the grid
 * layout the desktop shows. So one place up or down is a new grid layout whose reading order is the
 * old one with two neighbours swapped, and which the desktop's vertical compaction leaves as it is.
 */

/** How many partial layouts `inOrder` keeps at each widget (a beam search: small, and enough). */
const KEPT = 24;

/** Per grid column, the row below the lowest widget placed in it so far. */
type Skyline = number[];
function restingRow(top: Skyline, x: number, w: number) {
  let row = 0;
  for (let column = x; column < x + w; column++) row = Math.max(row, top[column]!);
  return row;
}
const columnsFor = (w: number) => Array.from({ length: DASHBOARD_COLUMNS - w + 1 }, (_, x) => x);

/**
 * At least how far (cells across plus rows down) the widgets still to place must move: each rests
 * no higher than what is already in its columns, and comes after the last one placed.
 */
function stillToMove(top: Skyline, last: DashboardLayoutItem, rest: DashboardLayoutItem[]) {
  let sum = 0;
  for (const item of rest) {
    let least = Infinity;
    for (let x = 0; x + item.w <= DASHBOARD_COLUMNS; x++) {
      let y = restingRow(top, x, item.w);
      if (y < last.y || (y === last.y && x <= last.x)) y = last.y + (x <= last.x ? 1 : 0);
      least = Math.min(least, Math.abs(x - item.x) + Math.max(0, y - item.y));
    }
    sum += least;
  }
  return sum;
}

/**
 * A compact layout whose reading order is exactly `order`, as near `grid` as it can find. Widgets
 * are placed in that order, each resting on what is above it in its columns — what
 * react-grid-layout's vertical compaction does, so the grid shows this layout unchanged — in a
 * column that puts it after the one placed before it (that one's own column always does: it
 * rests below it). The partial layouts that will have moved the widgets least in all (so far,
 * plus at least what the rest must; cells across plus rows) are kept, widget after widget: taking
 * each widget's nearest column greedily can leave every later widget stacked under one column.
 */
function inOrder(grid: DashboardLayout, order: DashboardWidgetKind[]): DashboardLayout {
  const items = order.map((kind) => grid.items.find((i) => i.widget === kind)!);
  const empty: Skyline = Array.from({ length: DASHBOARD_COLUMNS }, () => 0);
  let kept = [{ placed: [] as DashboardLayoutItem[], top: empty, moved: 0, bound: 0 }];
  items.forEach((item, n) => {
    const rest = items.slice(n + 1);
    kept = kept
      .flatMap(({ placed, top, moved }) =>
        columnsFor(item.w)
          .map((x) => ({ ...item, x, y: restingRow(top, x, item.w) }))
          .filter((at) => placed.length === 0 || byPlace(at, placed.at(-1)!) > 0)
          .map((at) => {
            const below = top.map((row, column) => (column >= at.x && column < at.x + at.w ? at.y + at.h : row));
            const sofar = moved + Math.abs(at.x - item.x) + Math.abs(at.y - item.y);
            return { placed: [...placed, at], top: below, moved: sofar, bound: sofar + stillToMove(below, at, rest) };
          }),
      )
      .sort((a, b) => a.bound - b.bound)
      .slice(0, KEPT);
  });
  return { items: kept[0]!.placed };
}

/**
 * `kind` one place earlier (`direction` -1) or later (1) in `order`, the column the phone shows:
 * it and its neighbour change places and every other widget keeps its place in that order, however
 * different their sizes (swapping their boxes, or pushing one below the other, can float a third
 * widget past them on the grid and so move the widget more than one place on the phone). Undefined
 * when it is already first or last.
 */
export function swapInColumn(
  grid: DashboardLayout,
  order: DashboardWidgetKind[],
  kind: DashboardWidgetKind,
  direction: -1 | 1,
): DashboardLayout | undefined {
  const at = order.indexOf(kind);
  const other = order[at + direction];
  if (!other) return undefined;
  const wanted = [...order];
  [wanted[at], wanted[at + direction]] = [other, kind];
  return inOrder(grid, wanted);
}
