import {
  PERMIT_INDEX_PAGE_SIZE_DEFAULT,
  permitIndexColumns,
  permitIndexQuerySchema,
  type PermitIndexColumn,
  type PermitIndexQuery,
} from '@hasp/contracts';
import * as z from 'zod/mini';

/**
 * The whole index view lives in the URL (decision 0034): the API's own query parameters, so the
 * page sends them as they are, plus `cols` (the columns, in order). A shared URL therefore opens
 * the same filters, sort, page and columns for anyone; without `cols` the user's saved columns show.
 */
export type IndexView = PermitIndexQuery & { cols: PermitIndexColumn[] | null };

/** The keys a view writes; anything else in the URL is left alone. */
const filterKeys = Object.keys(permitIndexQuerySchema.shape) as (keyof PermitIndexQuery)[];

/** Reads a view from the URL, dropping each value the API would refuse (a hand-edited URL still opens). */
export function readView(params: URLSearchParams): IndexView {
  const raw: Record<string, string> = {};
  for (const key of filterKeys) {
    const value = params.get(key);
    if (value === null || value === '') continue;
    const one = z.safeParse(permitIndexQuerySchema, { [key]: value });
    if (one.success) raw[key] = value;
  }
  const query = z.parse(permitIndexQuerySchema, raw);
  const cols = params
    .get('cols')
    ?.split(',')
    .filter((c): c is PermitIndexColumn => (permitIndexColumns as readonly string[]).includes(c));
  return { ...query, cols: cols?.length ? [...new Set(cols)] : null };
}

const defaults = z.parse(permitIndexQuerySchema, {});

/** Writes a view into URL parameters: only what differs from the defaults, so URLs stay short. */
export function writeView(view: IndexView, base = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const key of [...filterKeys, 'cols' as const]) next.delete(key);
  for (const key of filterKeys) {
    const value = view[key];
    if (value === undefined || value === defaults[key]) continue;
    if (Array.isArray(value)) {
      if (value.length) next.set(key, value.join(','));
    } else if (value !== '') next.set(key, String(value));
  }
  if (view.cols) next.set('cols', view.cols.join(','));
  return next;
}

/** The API query of a view (the page's, or the export's with its columns). */
export function apiQuery(view: IndexView, columns?: PermitIndexColumn[]): Record<string, string> {
  const params = writeView({ ...view, cols: null });
  if (columns) {
    // The export is the whole filtered set: no page.
    params.delete('page');
    params.delete('pageSize');
    params.set('columns', columns.join(','));
  } else {
    params.set('page', String(view.page));
    params.set('pageSize', String(view.pageSize));
  }
  return Object.fromEntries(params);
}

/** A change of filter starts again at page 1 (the old page may not exist in the new set). */
export function withFilter(view: IndexView, change: Partial<PermitIndexQuery>): IndexView {
  return { ...view, ...change, page: 1 };
}

export const PAGE_SIZES = [25, PERMIT_INDEX_PAGE_SIZE_DEFAULT, 100, 200];
