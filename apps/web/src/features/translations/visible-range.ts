/** Which rows a fixed-row-height window shows: [start, end) with `overscan` rows either side. */
export interface RowRange {
  start: number;
  end: number;
}

/**
 * @param offset how far the rows' top has scrolled past the viewport's top (may be negative while
 *   something above the rows, such as the table heading, is still in view)
 * @example visibleRange({ offset: 440, viewport: 400, rowHeight: 44, count: 5000, overscan: 5 }) // { start: 5, end: 25 }
 */
export function visibleRange({
  offset,
  viewport,
  rowHeight,
  count,
  overscan,
}: {
  offset: number;
  viewport: number;
  rowHeight: number;
  count: number;
  overscan: number;
}): RowRange {
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(0, offset) / rowHeight);
  const last = Math.ceil((Math.max(0, offset) + Math.max(0, viewport)) / rowHeight);
  const start = Math.min(count, Math.max(0, first - overscan));
  const end = Math.min(count, Math.max(start, last + overscan));
  return { start, end };
}
