import { firstPageShown } from '../../lib/first-page';
import { loadingState } from '../../lib/loading-state';

/**
 * Query parameters that change what a screen shows without leaving it (a tab, a filter, a page of
 * a list, a sort order, a search): a navigation whose URL carries any of them never shows the
 * full-screen overlay, because the screen stays and updates in place.
 */
export const LOADER_EXCLUDED_QUERY_PARAMS = ['tab', 'filter', 'page', 'pageSize', 'sort', 'search'] as const;

/** Navigation state that skips the overlay: `navigate(to, { state: { skipLoader: true } })`. */
export interface SkipLoaderState {
  skipLoader?: boolean;
}

interface LocationLike {
  pathname: string;
  search: string;
  state?: unknown;
}

function hasSkipLoader(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as SkipLoaderState).skipLoader === true;
}

/** An attachments outlet at the end of a path: `/Permit/Edit/42/attachments`, `/Permit/Edit/42/attachments/7`. */
const ATTACHMENTS_OUTLET = /\/attachments(\/.*)?$/i;

/**
 * The page a path shows: the path without an attachments outlet, which renders inside its page
 * (the permit's Attachments tab). The layout keys its page by this, so opening the outlet keeps the
 * page mounted (and its unsaved edits) instead of drawing it anew.
 * @example outletPageKey('/Permit/Edit/42/attachments') === '/Permit/Edit/42'
 */
export function outletPageKey(pathname: string): string {
  return pathname.replace(ATTACHMENTS_OUTLET, '') || '/';
}

/**
 * Whether a navigation shows the seed's loading overlay. Not for: routes with an attachments
 * outlet (a permit's attachments load inside the permit), URLs with an excluded query parameter,
 * a `skipLoader` flag in the navigation state, or a move within the same URL (a hash change).
 * @example showsLoader({ pathname: '/index', search: '?page=2' }, previous) // false
 */
export function showsLoader(next: LocationLike, previous: LocationLike | null): boolean {
  if (hasSkipLoader(next.state)) return false;
  if (/(^|\/)attachments(\/|$)/i.test(next.pathname)) return false;
  // Out of an attachments outlet back to its own page (a tab, the Back button): still within the page.
  if (previous && ATTACHMENTS_OUTLET.test(previous.pathname) && outletPageKey(previous.pathname) === next.pathname)
    return false;
  const params = new URLSearchParams(next.search);
  if (LOADER_EXCLUDED_QUERY_PARAMS.some((name) => params.has(name))) return false;
  if (previous && previous.pathname === next.pathname && previous.search === next.search) return false;
  return true;
}

/**
 * Drives the global loading flag from navigations: set when one starts (a location change that
 * shows the overlay), cleared when the new route has rendered, when it failed, or when the
 * signed-in area goes away. A navigation replaced by another before rendering simply ends with
 * the later one.
 */
export const navigationLoading = {
  start: (): void => loadingState.set(true),
  end: (): void => {
    loadingState.set(false);
    firstPageShown();
  },
};
