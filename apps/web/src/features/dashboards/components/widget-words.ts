import {
  permitIndexViewCaptions,
  permitIndexWidgetViewCaptions,
  permitStatusCaptions,
  type Caption,
  type DashboardWidgetData,
  type DashboardWidgetKind,
} from '@hasp/contracts';

/** The index URL of a widget's filter (the permit index reads the same parameters). */
export const indexHref = (filter: Record<string, string>) => `/index?${new URLSearchParams(filter).toString()}`;

const viewCaptions: Record<string, Caption> = { ...permitIndexViewCaptions, ...permitIndexWidgetViewCaptions };

/**
 * The caption of an item whose key is a status or a view; other items (types, areas, points) are
 * the facility's own names, shown as they are.
 */
export function itemCaption(kind: DashboardWidgetKind, item: DashboardWidgetData['items'][number]): Caption | null {
  if (kind === 'permits-by-status') return permitStatusCaptions[item.key as keyof typeof permitStatusCaptions] ?? null;
  if (kind === 'my-work' || kind === 'locks') return viewCaptions[item.key] ?? null;
  return null;
}

/** Widgets drawn as a bar chart above their list (the list stays: it is what links and reads aloud). */
export const chartedWidgets: ReadonlySet<DashboardWidgetKind> = new Set([
  'permits-by-status',
  'permits-by-type',
  'isolations-by-area',
]);
