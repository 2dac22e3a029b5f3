import {
  DASHBOARD_COLUMNS,
  DASHBOARD_WIDGET_SIZE,
  dashboardWidgetKinds,
  type DashboardLayout,
  type DashboardLayoutItem,
  type DashboardWidgetKind,
} from '@hasp/contracts';
import type { Layout, LayoutItem } from 'react-grid-layout';

/** Below this width the widgets stack in one column (a phone; 390 px must work with one hand). */
export const SINGLE_COLUMN_BELOW_PX = 720;

/** The grid library's layout of ours, with the server's size bounds as its own. */
export function toGrid(layout: DashboardLayout): LayoutItem[] {
  return layout.items.map((item) => ({
    i: item.widget,
    x: item.x,
    y: item.y,
    w: item.w,
    h: item.h,
    minW: DASHBOARD_WIDGET_SIZE.minW,
    maxW: DASHBOARD_WIDGET_SIZE.maxW,
    minH: DASHBOARD_WIDGET_SIZE.minH,
    maxH: DASHBOARD_WIDGET_SIZE.maxH,
  }));
}

const isKind = (id: string): id is DashboardWidgetKind => (dashboardWidgetKinds as readonly string[]).includes(id);
const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(n)));

/** Reading order: top to bottom, then left to right (the stacked column's order too). */
export const byPlace = (a: DashboardLayoutItem, b: DashboardLayoutItem) => a.y - b.y || a.x - b.x;

/** Ours from the grid library's, within the bounds the server checks. */
export function fromGrid(grid: Layout): DashboardLayout {
  const items = grid
    .filter((g) => isKind(g.i))
    .map((g): DashboardLayoutItem => {
      const w = clamp(g.w, DASHBOARD_WIDGET_SIZE.minW, DASHBOARD_WIDGET_SIZE.maxW);
      return {
        widget: g.i as DashboardWidgetKind,
        x: clamp(g.x, 0, DASHBOARD_COLUMNS - w),
        y: clamp(g.y, 0, 200),
        w,
        h: clamp(g.h, DASHBOARD_WIDGET_SIZE.minH, DASHBOARD_WIDGET_SIZE.maxH),
      };
    });
  return { items: items.sort(byPlace) };
}

export const sameLayout = (a: DashboardLayout, b: DashboardLayout) =>
  JSON.stringify([...a.items].sort(byPlace)) === JSON.stringify([...b.items].sort(byPlace));

/** The widgets in reading order (what the single column shows). */
export const stacked = (layout: DashboardLayout): DashboardWidgetKind[] =>
  [...layout.items].sort(byPlace).map((i) => i.widget);

/** The grid's row height and gap (px): a widget `h` rows high is `h × 72 + (h − 1) × 16` px tall. */
export const GRID_ROW_PX = 72;
export const GRID_GAP_PX = 16;

/**
 * A widget's height in the grid, which the phone's stacked column keeps as each card's least
 * height: a card is as tall before its data comes as after, so the cards below never jump down
 * while the page loads (its content may still make it taller).
 */
export const widgetHeightPx = (layout: DashboardLayout, kind: DashboardWidgetKind): number => {
  const h = layout.items.find((i) => i.widget === kind)?.h ?? 1;
  return h * GRID_ROW_PX + (h - 1) * GRID_GAP_PX;
};

/** The whole grid's height: down to the lowest widget's bottom edge. */
export const gridHeightPx = (layout: DashboardLayout): number => {
  const rows = Math.max(0, ...layout.items.map((i) => i.y + i.h));
  return rows === 0 ? 0 : rows * GRID_ROW_PX + (rows - 1) * GRID_GAP_PX;
};

/** The widgets the layout does not hold yet ("Add widget"'s menu). */
export const missingWidgets = (layout: DashboardLayout): DashboardWidgetKind[] =>
  dashboardWidgetKinds.filter((kind) => !layout.items.some((i) => i.widget === kind));

/** Adds a widget below the others, a third of the width wide. */
export function addWidget(layout: DashboardLayout, kind: DashboardWidgetKind): DashboardLayout {
  if (layout.items.some((i) => i.widget === kind)) return layout;
  const bottom = Math.max(0, ...layout.items.map((i) => i.y + i.h));
  return { items: [...layout.items, { widget: kind, x: 0, y: bottom, w: 4, h: 3 }] };
}

export const removeWidget = (layout: DashboardLayout, kind: DashboardWidgetKind): DashboardLayout => ({
  items: layout.items.filter((i) => i.widget !== kind),
});
