/**
 * The app runs React Router in declarative mode (app/router.tsx: the data router would add ~16 KB
 * to every page), where `useBlocker` is not available. So the permit page guards leaving itself:
 * a click on an in-app link is held back here and asked about; closing or reloading the tab gets
 * the browser's own question (beforeunload). Decision 0035.
 */

/** The in-app path a click would go to, or null when the click is not an in-app navigation to elsewhere. */
export function leavingPathOf(
  event: Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'defaultPrevented' | 'target'>,
  here: { origin: string; pathname: string },
): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  // A new tab or window leaves this page as it is.
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const target = event.target as Element | null;
  const anchor = target?.closest?.('a[href]') as HTMLAnchorElement | null;
  if (!anchor || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.getAttribute('href') ?? '', here.origin + here.pathname);
  if (url.origin !== here.origin || url.pathname === here.pathname) return null;
  return url.pathname + url.search + url.hash;
}
