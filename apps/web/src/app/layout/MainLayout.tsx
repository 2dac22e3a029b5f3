import { Suspense, useEffect, useId, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { useIsFetching } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import { shellLabels, SIDEBAR_ANIMATION_MS, SIDEBAR_WIDTH_PX } from '@hasp/contracts';
import { Icon } from '../../components/Icon';
import { RightNavBar, RightNavDrawer, rightNavSections, SidebarNav } from '../../features/navigation';
import { useProfileLanguage } from '../../features/profile';
import { useAuthState, type Session } from '../../lib/auth-session';
import { networkState, useNetwork } from '../../lib/network-state';
import { loginPathFor } from '../../lib/redirect-target';
import { useCaptions, useCaptionSource } from '../../lib/i18n';
import { useSessionContext } from '../../lib/session-context';
import { CodeRetryingBoundary, lazyPage } from '../../lib/code-loading';
import { afterFirstPage } from '../../lib/first-page';
import { whenIdle } from '../../lib/when-idle';
import { PasswordChangeGate } from '../session/PasswordChangeGate';
import { preloadOfflinePages } from '../signed-in/pages';
import { RouteOutlet } from './RouteOutlet';
import { TopBar } from './TopBar';
import { useOfflineRedirect } from './use-offline-redirect';
import classes from './Shell.module.css';

// The offline feature brings the browser database (Dexie) with it, which the first screen does not
// use: it loads once the first page is drawn.
const TakeOfflineOnSignIn = lazyPage(async () => ({
  default: (await import('../../features/offline')).TakeOfflineOnSignIn,
}));

/** Nothing at all while code it holds could not be fetched (the network went): tried again when it returns. */
class QuietCodeBoundary extends CodeRetryingBoundary {
  override render() {
    return this.state.error ? null : this.props.children;
  }
}

/** Phones and narrow tablets (Mantine's `sm` breakpoint, 768 px and below): the sidebar overlays. */
export const MOBILE_QUERY = '(max-width: 48em)';

/**
 * The signed-in frame. When the session ends (sign-out, inactivity, or a refresh the server
 * refused) it sends the user to /login; an expired session remembers the page to come back to.
 */
export function MainLayout() {
  const { session, endReason } = useAuthState();
  const location = useLocation();
  if (!session) return <Navigate to={endReason === 'signedOut' ? '/login' : loginPathFor(location)} replace />;
  return (
    <PasswordChangeGate>
      <Shell session={session} />
    </PasswordChangeGate>
  );
}

const noPermissions: string[] = [];

function Shell({ session }: { session: Session }) {
  const location = useLocation();
  const { networkOnline } = useNetwork();
  const context = useSessionContext();
  // The shell shows the captions of the session's connection (the user's language: see the profile).
  useCaptionSource(session.connectionStringName);
  // …in the user's preferred language, once their profile says which.
  useProfileLanguage();
  const t = useCaptions();
  const isMobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const sidebarId = useId();
  const mainRef = useRef<HTMLElement>(null);

  const [desktopOpen, setDesktopOpen] = useState(true);
  // On phones the sidebar is open only for the page it was opened on: any navigation closes it.
  const [mobileOpenAt, setMobileOpenAt] = useState<string | null>(null);
  const mobileOpen = mobileOpenAt === location.key;
  const sidebarOpen = isMobile ? mobileOpen : desktopOpen;
  const [administrationOpen, setAdministrationOpen] = useState(false);

  const permissions = context.data?.permissions ?? noPermissions;
  const sections = useMemo(
    () => (context.data ? rightNavSections(context.data.securitySettings, context.data.permissions) : []),
    [context.data],
  );

  // An empty token: the session was resumed with no network (guards.tsx), not signed in online; a
  // page loaded already offline (the user's toggle kept over a reload) stays where it is too.
  useOfflineRedirect(networkOnline, session.token !== '' && networkState.onlineAtLoad());

  const offlineMode = context.data?.facilitySettings.moduleSettings.OfflineMode === true;
  // Going offline opens the offline dashboard whatever the module setting: its code came before the
  // session started (router.tsx). The rest an offline user can reach (the permit page with its
  // sections and editor, the announcements, the planned pages) loads once the first screen has what
  // it shows and the browser is idle: the first screen never waits behind it.
  const screenLoading = useIsFetching() > 0;
  useEffect(() => {
    if (!networkOnline || screenLoading) return;
    return whenIdle(() => void preloadOfflinePages());
  }, [networkOnline, screenLoading]);
  const [firstPageShown, setFirstPageShown] = useState(false);
  useEffect(() => {
    let live = true;
    void afterFirstPage().then(() => live && setFirstPageShown(true));
    return () => {
      live = false;
    };
  }, []);

  // A new page starts at its top, and focus moves to it so keyboard and screen-reader users start there.
  const lastPath = useRef(location.pathname);
  useEffect(() => {
    if (lastPath.current === location.pathname || !mainRef.current) return;
    lastPath.current = location.pathname;
    mainRef.current.scrollTop = 0;
    mainRef.current.focus({ preventScroll: true });
  }, [location.pathname]);

  const toggleSidebar = () => {
    if (isMobile) setMobileOpenAt(mobileOpen ? null : location.key);
    else setDesktopOpen((open) => !open);
  };

  const style = {
    '--sidebar-width': `${SIDEBAR_WIDTH_PX}px`,
    '--sidebar-duration': `${SIDEBAR_ANIMATION_MS}ms`,
  } as CSSProperties;

  return (
    <div className={classes.shell} style={style}>
      <a
        href="#main-content"
        className={classes.skipLink}
        onClick={(event) => {
          event.preventDefault();
          mainRef.current?.focus();
        }}
      >
        Skip to main content
      </a>
      <header className={classes.header}>
        <TopBar
          session={session}
          context={context.data}
          online={networkOnline}
          isMobile={isMobile}
          pathname={location.pathname}
          sidebarOpen={sidebarOpen}
          sidebarId={sidebarId}
          onToggleSidebar={toggleSidebar}
          onOpenAdministration={isMobile && sections.length > 0 ? () => setAdministrationOpen(true) : null}
        />
      </header>
      <div className={classes.body}>
        <nav
          id={sidebarId}
          aria-label={t(shellLabels.primaryNavigation)}
          className={classes.sidebar}
          data-open={sidebarOpen || undefined}
          data-mobile={isMobile || undefined}
          inert={!sidebarOpen}
          onKeyDown={(event) => {
            if (isMobile && event.key === 'Escape') setMobileOpenAt(null);
          }}
        >
          <div className={classes.sidebarInner}>
            <SidebarNav online={networkOnline} offlineMode={offlineMode} permissions={permissions} />
          </div>
        </nav>
        {isMobile && mobileOpen && <div className={classes.backdrop} onClick={() => setMobileOpenAt(null)} />}
        <main id="main-content" ref={mainRef} tabIndex={-1} className={classes.main}>
          <RouteOutlet />
        </main>
        {firstPageShown && (
          <QuietCodeBoundary>
            <Suspense fallback={null}>
              <TakeOfflineOnSignIn />
            </Suspense>
          </QuietCodeBoundary>
        )}
        {!isMobile && sections.length > 0 && (
          <nav aria-label={t(shellLabels.administration)} className={classes.rightBar}>
            <button
              type="button"
              className={classes.expand}
              aria-label={t(shellLabels.administrationMenu)}
              onClick={() => setAdministrationOpen(true)}
            >
              <Icon name="apps" size={20} />
            </button>
            <RightNavBar sections={sections} />
          </nav>
        )}
      </div>
      <RightNavDrawer opened={administrationOpen} onClose={() => setAdministrationOpen(false)} sections={sections} />
    </div>
  );
}
