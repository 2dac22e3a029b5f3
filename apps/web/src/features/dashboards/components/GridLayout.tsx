import 'react-grid-layout/css/styles.css';
import type { ReactNode } from 'react';
import ReactGridLayout, { verticalCompactor } from 'react-grid-layout';
import { DASHBOARD_COLUMNS, type DashboardLayout, type DashboardWidgetKind } from '@hasp/contracts';
import { fromGrid, GRID_GAP_PX, GRID_ROW_PX, sameLayout, toGrid } from '../layout';

/**
 * The widgets on the 12-column grid (react-grid-layout: dragging titles and corners while
 * arranging). Its own chunk: a phone shows one stacked column and never loads it.
 */
export default function GridLayout({
  layout,
  width,
  editing,
  onChange,
  card,
}: {
  layout: DashboardLayout;
  width: number;
  editing: boolean;
  onChange: (layout: DashboardLayout) => void;
  card: (kind: DashboardWidgetKind) => ReactNode;
}) {
  return (
    <ReactGridLayout
      width={width}
      layout={toGrid(layout)}
      gridConfig={{
        cols: DASHBOARD_COLUMNS,
        rowHeight: GRID_ROW_PX,
        margin: [GRID_GAP_PX, GRID_GAP_PX],
        containerPadding: [0, 0],
      }}
      dragConfig={{ enabled: editing, handle: '.widget-handle', cancel: '.widget-no-drag' }}
      resizeConfig={{ enabled: editing }}
      compactor={verticalCompactor}
      onLayoutChange={(next) => {
        const changed = fromGrid(next);
        if (editing && !sameLayout(changed, layout)) onChange(changed);
      }}
    >
      {layout.items.map((item) => (
        <div key={item.widget}>{card(item.widget)}</div>
      ))}
    </ReactGridLayout>
  );
}
