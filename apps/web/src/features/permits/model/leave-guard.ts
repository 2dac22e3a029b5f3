/**
 * The app runs React Router in declarative mode (app/router.tsx: the data router would add ~16 KB
 * to every page), where `useBlocker` is not available (React Router 7 offers it, and
 * `unstable_usePrompt`, only under a data router). So the permit page guards leaving itself:
 * a click on an in-app link is held back here and asked about; a navigation from code (`navigate()`,
 * `<Navigate>`: a notification opened, the offline redirect) is held at the router's navigator
 * (`holdNavigations`); closing or reloading the tab gets the browser's own question (beforeunload);
 * the Back button meets a guard entry (below). Decision 0035.
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

/**
 * Back cannot be cancelled, so while the form is dirty the page pushes one extra history entry
 * with the same URL: Back then only pops onto the page's own entry, and the page asks there. The
 * guard entry keeps React Router's state (`usr`, `key`, `idx`) as it is, so the router sees the
 * same location on both entries and nothing remounts; the marker tells the two entries apart.
 */
const GUARD_MARK = 'haspLeaveGuard';

/** The history state for the guard entry: the router's own state plus the marker. */
export function guardEntryState(current: unknown): Record<string, unknown> {
  const base = current && typeof current === 'object' ? (current as Record<string, unknown>) : {};
  return { ...base, [GUARD_MARK]: true };
}

/** Whether a history state is the guard entry's. */
export function isGuardEntry(state: unknown): boolean {
  return !!state && typeof state === 'object' && (state as Record<string, unknown>)[GUARD_MARK] === true;
}

/**
 * What a popstate means while the form is dirty: `ask` when Back landed on the page's own entry
 * under the guard (same URL, no marker); `ignore` otherwise (back on the guard entry, or a jump
 * several entries away that has already left and cannot be held back).
 */
export function popMeaning(state: unknown, href: string, guardedHref: string): 'ask' | 'ignore' {
  if (isGuardEntry(state)) return 'ignore';
  return href === guardedHref ? 'ask' : 'ignore';
}

/** React Router's navigator as LeaveGuard holds it (declarative mode: the browser history object). */
export interface HoldableNavigator {
  push: (to: never, state?: never, options?: never) => void;
  replace: (to: never, state?: never, options?: never) => void;
}

/** A code navigation held back: `resume(replace)` makes it after all (`replace` also turns a push into a replace). */
export interface HeldNavigation {
  path: string;
  resume(replace: boolean): void;
}

/** History state that tells the guard "this navigation is the page's own, let it through" (after a save). */
export const passLeaveGuard = { haspLeaveGuardPass: true } as const;

const passes = (state: unknown) =>
  !!state && typeof state === 'object' && (state as Record<string, unknown>).haspLeaveGuardPass === true;

function pathOf(to: unknown, here: string): { pathname: string; path: string } {
  if (typeof to === 'string') {
    const url = new URL(to, `https://hasp.invalid${here}`);
    return { pathname: url.pathname, path: url.pathname + url.search + url.hash };
  }
  const t = (to ?? {}) as { pathname?: string; search?: string; hash?: string };
  const pathname = t.pathname || here;
  return { pathname, path: pathname + (t.search ?? '') + (t.hash ?? '') };
}

/**
 * While installed, every push or replace to another page (anything but `here()`'s pathname) is
 * held and handed to `onHeld`, unless its state carries `passLeaveGuard`. React Router's
 * `navigate()`, `<Link>` and `<Navigate>` all go through these two methods, read at call time.
 * Returns the function that puts the navigator back as it was.
 */
export function holdNavigations(
  navigator: HoldableNavigator,
  here: () => string,
  onHeld: (held: HeldNavigation) => void,
): () => void {
  type Navigate = (to: unknown, state?: unknown, options?: unknown) => void;
  // The history object's own methods, called on it again (`this` matters to them).
  const push = navigator.push as Navigate;
  const replace = navigator.replace as Navigate;
  const hold =
    (original: Navigate, isReplace: boolean): Navigate =>
    (to, state, options) => {
      const { pathname, path } = pathOf(to, here());
      if (passes(state) || pathname === here()) return original.call(navigator, to, state, options);
      onHeld({
        path,
        resume: (asReplace) => (isReplace || asReplace ? replace : push).call(navigator, to, state, options),
      });
    };
  navigator.push = hold(push, false);
  navigator.replace = hold(replace, true);
  return () => {
    navigator.push = push;
    navigator.replace = replace;
  };
}
