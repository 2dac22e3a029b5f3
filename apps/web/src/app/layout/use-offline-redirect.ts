import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Pages that work offline in place, so losing the network keeps the user on them: a permit's page
 * (its tab in the URL; it reads the device's copy, or says the device has none). Coming back online
 * then finds them where they were. "My work today" is not one: the offline dashboard lists the same
 * stored permits and more (the changes waiting to sync), and it is where sign-in's first second goes.
 */
const KEEPS_PLACE = [/^\/Permit\/Edit\/[^/]+(\/.*)?$/i];

/**
 * Where losing the network takes someone on `pathname`: nowhere (null) on a page that works in
 * place offline, else the offline dashboard.
 * @example offlineRedirectTarget('/Permit/Edit/42') === null
 */
export function offlineRedirectTarget(pathname: string): string | null {
  return KEEPS_PLACE.some((page) => page.test(pathname)) ? null : '/offline/dashboard';
}

/**
 * Going offline (the browser's offline event or the user's toggle) opens the offline dashboard,
 * except on a page that keeps its place (offlineRedirectTarget); coming back online leaves the user
 * where they are. `signedInOnline`: this session began with the network (a sign-in or a token
 * renewal, not a reload with no network), so a network lost before the layout even appeared — in the
 * first second after sign-in — is going offline too.
 */
export function useOfflineRedirect(online: boolean, signedInOnline = false): void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const wasOnline = useRef(online || signedInOnline);
  // Read when the network goes, not a dependency: moving between pages is not going offline.
  const where = useRef(pathname);
  useEffect(() => {
    where.current = pathname;
  }, [pathname]);
  useEffect(() => {
    if (wasOnline.current && !online) {
      const target = offlineRedirectTarget(where.current);
      if (target) void navigate(target);
    }
    wasOnline.current = online;
  }, [online, navigate]);
}
