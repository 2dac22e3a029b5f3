import * as z from 'zod/mini';

/*
 * Dashboards (module `dashboards`, decision 0075): `/dashboards` is a grid of widgets each
 * user adds, removes, resizes and arranges; the layout is saved per user per facility, and a user who
 * never arranged theirs sees the facility's default (set by an administrator) or the built-in one.
 * Each widget is read by its own request (GET /api/dashboards/widgets/:kind) so a slow or failing one
 * never holds up the others; every number is a count of the permit index's filter it links to.
 */

/** Every widget a dashboard can hold, in the "Add widget" menu's order. */
export const dashboardWidgetKinds = [
  'my-work',
  'permits-by-status',
  'permits-by-type',
  'expiring-soon',
  'isolations-by-area',
  'shared-points',
  'locks',
  'sync-conflicts',
  'gas-out-of-limits',
] as const;
export type DashboardWidgetKind = (typeof dashboardWidgetKinds)[number];

/** The grid: 12 columns on a wide screen (one column at phone width, the web's choice). */
export const DASHBOARD_COLUMNS = 12;
/** A widget's size in grid cells: sane bounds, so no layout hides or swamps a widget. */
export const DASHBOARD_WIDGET_SIZE = { minW: 3, maxW: 12, minH: 2, maxH: 8 } as const;
/** Rows a layout may reach (a widget below this is a mistake, not a layout). */
export const DASHBOARD_MAX_ROW = 200;

const cell = (min: number, max: number) => z.int().check(z.gte(min), z.lte(max));

export const dashboardLayoutItemSchema = z
  .object({
    widget: z.enum(dashboardWidgetKinds),
    x: cell(0, DASHBOARD_COLUMNS - 1),
    y: cell(0, DASHBOARD_MAX_ROW),
    w: cell(DASHBOARD_WIDGET_SIZE.minW, DASHBOARD_WIDGET_SIZE.maxW),
    h: cell(DASHBOARD_WIDGET_SIZE.minH, DASHBOARD_WIDGET_SIZE.maxH),
  })
  .check(
    z.refine((item) => item.x + item.w <= DASHBOARD_COLUMNS, {
      message: `x + w must be at most ${DASHBOARD_COLUMNS} (the grid's width)`,
      path: ['w'],
    }),
  );
export type DashboardLayoutItem = z.infer<typeof dashboardLayoutItemSchema>;

/** A layout: each widget at most once (the server refuses a second copy, naming it). */
export const dashboardLayoutSchema = z.object({
  items: z.array(dashboardLayoutItemSchema).check(
    z.maxLength(dashboardWidgetKinds.length),
    z.refine((items) => new Set(items.map((i) => i.widget)).size === items.length, {
      message: 'Each widget may appear once',
    }),
  ),
});
export type DashboardLayout = z.infer<typeof dashboardLayoutSchema>;

/** The layout a facility starts with (until an administrator sets its own). */
export const builtInDashboardLayout: DashboardLayout = {
  items: [
    { widget: 'my-work', x: 0, y: 0, w: 4, h: 3 },
    { widget: 'expiring-soon', x: 4, y: 0, w: 4, h: 3 },
    { widget: 'permits-by-status', x: 8, y: 0, w: 4, h: 4 },
    { widget: 'isolations-by-area', x: 0, y: 3, w: 4, h: 4 },
    { widget: 'locks', x: 4, y: 3, w: 4, h: 3 },
    { widget: 'gas-out-of-limits', x: 8, y: 4, w: 4, h: 2 },
  ],
};

/**
 * GET/PUT/DELETE /api/dashboards/layout: the caller's layout in this facility. `source` says where
 * it came from; `version` is the caller's own saved row (0 when they never saved: If-Match "0").
 */
export const userDashboardLayoutSchema = z.object({
  layout: dashboardLayoutSchema,
  source: z.enum(['user', 'facility', 'built-in']),
  version: z.int(),
});
export type UserDashboardLayout = z.infer<typeof userDashboardLayoutSchema>;

/** GET/PUT /api/dashboards/default-layout: the facility's default (version 0: never set, the built-in one). */
export const facilityDashboardLayoutSchema = z.object({
  layout: dashboardLayoutSchema,
  version: z.int(),
});
export type FacilityDashboardLayout = z.infer<typeof facilityDashboardLayoutSchema>;

export const dashboardWidgetParamsSchema = z.object({ kind: z.enum(dashboardWidgetKinds) });

/** A permit index query (its URL parameters) a number links to. */
const indexFilter = z.record(z.string(), z.string());

/**
 * One widget's numbers. `total` is the widget's headline count and `filter` the index view it opens;
 * each item is one bar or line: `key` a stable id (a status, a view, a type code, an area or point
 * ID), `label` its words in English (the web shows a caption where the key has one), `count` and
 * the index `filter` it opens.
 */
export const dashboardWidgetDataSchema = z.object({
  kind: z.enum(dashboardWidgetKinds),
  total: z.int(),
  filter: indexFilter,
  items: z.array(z.object({ key: z.string(), label: z.string(), count: z.int(), filter: indexFilter })),
});
export type DashboardWidgetData = z.infer<typeof dashboardWidgetDataSchema>;
