import { useCallback, useEffect, useLayoutEffect, useRef, useState, type Key, type ReactNode } from 'react';
import { visibleRange, type RowRange } from '../visible-range';
import classes from '../Translations.module.css';

/** Every body row is this tall (CSS keeps it so): the window's arithmetic depends on it. */
export const ROW_HEIGHT = 44;
const OVERSCAN = 8;

interface VirtualTableProps<T> {
  label: string;
  columnCount: number;
  colgroup: ReactNode;
  /** The heading row (aria-rowindex 1). */
  header: ReactNode;
  rows: readonly T[];
  rowKey: (row: T) => Key;
  /** The cells of one row. */
  renderCells: (row: T) => ReactNode;
  empty: ReactNode;
  /** When this changes (new filters), the table scrolls back to its top. */
  scrollResetKey: unknown;
}

/**
 * A real <table> that renders only the rows in view (plus a few): spacer rows stand in for the rest,
 * so thousands of rows scroll and filter without thousands of DOM nodes. aria-rowcount and
 * aria-rowindex tell assistive tech where each rendered row sits in the whole.
 */
export function VirtualTable<T>(props: VirtualTableProps<T>) {
  const { label, columnCount, colgroup, header, rows, rowKey, renderCells, empty, scrollResetKey } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const headRef = useRef<HTMLTableSectionElement>(null);
  const countRef = useRef(rows.length);
  const [range, setRange] = useState<RowRange>({ start: 0, end: Math.min(rows.length, 30) });

  // Reads only refs and sets state, so it never changes: the listeners below keep the first one.
  const measure = useCallback(() => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    const next = visibleRange({
      offset: scroller.scrollTop - (headRef.current?.offsetHeight ?? 0),
      viewport: scroller.clientHeight,
      rowHeight: ROW_HEIGHT,
      count: countRef.current,
      overscan: OVERSCAN,
    });
    setRange((current) => (current.start === next.start && current.end === next.end ? current : next));
  }, []);

  useLayoutEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    scroller.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(scroller);
    return () => {
      scroller.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, [measure]);

  useLayoutEffect(() => {
    countRef.current = rows.length;
    measure();
  }, [rows.length, measure]);

  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [scrollResetKey]);

  const start = Math.min(range.start, rows.length);
  const end = Math.min(range.end, rows.length);
  const spacer = (height: number) => (
    <tr aria-hidden="true" className={classes.spacer} style={{ height }}>
      <td colSpan={columnCount} />
    </tr>
  );

  return (
    // Focusable so the keyboard can scroll it; a region so that focus has a name.
    <div ref={scrollRef} className={classes.scroller} tabIndex={0} role="region" aria-label={label}>
      <table className={classes.table} aria-label={label} aria-rowcount={rows.length + 1}>
        {colgroup}
        <thead ref={headRef} className={classes.head}>
          {header}
        </thead>
        <tbody>
          {start > 0 && spacer(start * ROW_HEIGHT)}
          {rows.slice(start, end).map((row, i) => (
            <tr key={rowKey(row)} aria-rowindex={start + i + 2} className={classes.row}>
              {renderCells(row)}
            </tr>
          ))}
          {end < rows.length && spacer((rows.length - end) * ROW_HEIGHT)}
          {rows.length === 0 && (
            <tr>
              <td colSpan={columnCount} className={classes.empty}>
                {empty}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
