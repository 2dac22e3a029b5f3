/**
 * Which rows of a fixed-row-height list are in view: [start, end) with `overscan` rows either side.
 * The same arithmetic as the translations table's (features do not import each other).
 * @example windowRange({ offset: 360, viewport: 360, rowHeight: 36, count: 50_000, overscan: 5 }) // { start: 5, end: 25 }
 */
export function windowRange(args: {
  offset: number;
  viewport: number;
  rowHeight: number;
  count: number;
  overscan: number;
}): { start: number; end: number } {
  const { offset, viewport, rowHeight, count, overscan } = args;
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(0, offset) / rowHeight);
  const last = Math.ceil((Math.max(0, offset) + Math.max(0, viewport)) / rowHeight);
  const start = Math.min(count, Math.max(0, first - overscan));
  return { start, end: Math.min(count, Math.max(start, last + overscan)) };
}
