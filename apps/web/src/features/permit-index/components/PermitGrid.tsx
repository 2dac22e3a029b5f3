import { useMemo, useRef } from 'react';
import { Link } from 'react-router';
import {
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  permitIndexColumnCaptions,
  permitIndexLabels,
  permitRiskCaptions,
  permitStatusCaptions,
  permitTypeNameCaption,
  type PermitIndexColumn,
  type PermitIndexRow,
} from '@hasp/contracts';
import { formatDateTime } from '../../../lib/date-time';
import { translate, useCaptions } from '../../../lib/i18n';
import classes from '../PermitIndex.module.css';

const features = tableFeatures({ rowSortingFeature });
type Column = ColumnDef<typeof features, PermitIndexRow>;

const when = formatDateTime;

/**
 * How each column shows a row (the export writes the same texts in English; see the server's
 * permit-export). Cells read captions when drawn: the grid draws them again when the language changes.
 */
const cells: Record<PermitIndexColumn, (row: PermitIndexRow) => React.ReactNode> = {
  number: (row) => (
    <Link to={`/Permit/Edit/${row.ID}`} className={classes.numberLink}>
      {row.number}
    </Link>
  ),
  permitType: (row) => (
    <span className={classes.type}>
      <span className={classes.swatch} style={{ background: row.permitType.color }} aria-hidden />
      {translate(permitTypeNameCaption({ ID: row.permitType.ID, name: row.permitType.name }))}
    </span>
  ),
  status: (row) => (
    <span className={classes.status} data-status={row.status}>
      {translate(permitStatusCaptions[row.status])}
    </span>
  ),
  title: (row) => row.title,
  area: (row) => (row.area ? `${row.area.number} ${row.area.name}` : ''),
  requester: (row) => row.requester.displayName,
  holder: (row) => row.holder?.displayName ?? '',
  issuer: (row) => row.issuer?.displayName ?? '',
  plannedStart: (row) => when(row.plannedStart),
  plannedEnd: (row) => when(row.plannedEnd),
  riskLevel: (row) => (row.riskLevel ? translate(permitRiskCaptions[row.riskLevel]) : ''),
  createdAt: (row) => when(row.createdAt),
  updatedAt: (row) => when(row.updatedAt),
};

const ROW_HEIGHT = 45;

interface PermitGridProps {
  rows: PermitIndexRow[];
  columns: PermitIndexColumn[];
  sort: PermitIndexColumn;
  dir: 'asc' | 'desc';
  onSort: (sort: PermitIndexColumn, dir: 'asc' | 'desc') => void;
  busy: boolean;
}

/**
 * The index grid: TanStack Table (headless; sorting is manual, the server sorts) rendered as a real
 * table, rows virtualized with TanStack Virtual inside one scroll box that scrolls both ways, with
 * the header and the number column sticky (a phone scrolls sideways with the number in view).
 */
export function PermitGrid({ rows, columns, sort, dir, onSort, busy }: PermitGridProps) {
  const t = useCaptions();
  const columnDefs = useMemo<Column[]>(
    () =>
      columns.map((id) => ({
        id,
        accessorFn: (row: PermitIndexRow) => row.ID,
        header: t(permitIndexColumnCaptions[id]),
        cell: (info) => cells[id](info.row.original),
        sortDescFirst: false,
      })),
    [columns, t],
  );
  const sorting = useMemo<SortingState>(() => [{ id: sort, desc: dir === 'desc' }], [sort, dir]);
  const table = useTable({
    features,
    columns: columnDefs,
    data: rows,
    getRowId: (row) => String(row.ID),
    state: { sorting },
    manualSorting: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      if (first) onSort(first.id as PermitIndexColumn, first.desc ? 'desc' : 'asc');
    },
  });

  const scrollRef = useRef<HTMLDivElement>(null);
  const tableRows = table.getRowModel().rows;
  // TanStack Virtual hands out new functions each render, so the React Compiler leaves this component
  // unmemoized (its rows change with every page anyway).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: tableRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);

  return (
    <div ref={scrollRef} className={classes.scroll} tabIndex={0} role="region" aria-label={t(permitIndexLabels.grid)}>
      <table className={classes.grid} aria-busy={busy || undefined}>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={header.column.id === 'number' ? classes.sticky : undefined}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  >
                    <button
                      type="button"
                      className={classes.sortButton}
                      onClick={header.column.getToggleSortingHandler()}
                      data-column={header.column.id}
                    >
                      <table.FlexRender header={header} />
                      <span aria-hidden className={classes.sortMark}>
                        {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}
                      </span>
                    </button>
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {top > 0 && (
            <tr aria-hidden>
              <td style={{ height: top }} colSpan={columns.length} />
            </tr>
          )}
          {items.map((item) => {
            const row = tableRows[item.index]!;
            return (
              <tr key={row.id} data-permit-id={row.id} style={{ height: ROW_HEIGHT }}>
                {row.getAllCells().map((cell) =>
                  cell.column.id === 'number' ? (
                    <th key={cell.id} scope="row" className={classes.sticky}>
                      <table.FlexRender cell={cell} />
                    </th>
                  ) : (
                    <td key={cell.id} data-column={cell.column.id}>
                      <table.FlexRender cell={cell} />
                    </td>
                  ),
                )}
              </tr>
            );
          })}
          {bottom > 0 && (
            <tr aria-hidden>
              <td style={{ height: bottom }} colSpan={columns.length} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
