import { Suspense, useEffect, useLayoutEffect, useRef, type ErrorInfo, type ReactNode } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link, Outlet, useLocation, type Location } from 'react-router';
import { shellPages } from '@hasp/contracts';
import { CodeRetryingBoundary, isCodeLoadError } from '../../lib/code-loading';
import { translate } from '../../lib/i18n';
import { ContentLoader } from '../../components/ContentLoader';
import { navigationLoading, outletPageKey, showsLoader } from './navigation-loading';

/** Rendered beside the page inside its Suspense boundary: its effect runs once the page has rendered. */
function RouteRendered({ locationKey }: { locationKey: string }) {
  useEffect(() => {
    navigationLoading.end();
  }, [locationKey]);
  return null;
}

/** Turns a page that failed to load or render into a message inside the layout. */
class RouteErrorBoundary extends CodeRetryingBoundary {
  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    navigationLoading.end();
    super.componentDidCatch(error, info);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    // A page whose code never reached this device, offline: no error, and no Reload (it cannot work
    // with no network) — what the device can do now, and the page itself once the network is back.
    if (isCodeLoadError(this.state.error))
      return (
        <PageProblem
          role="status"
          title={translate(shellPages.codeMissingTitle)}
          text={translate(shellPages.codeMissingText)}
        >
          <Button component={Link} to="/offline/dashboard">
            {translate(shellPages.openOfflineDashboard)}
          </Button>
          {navigator.onLine && (
            <Button variant="default" onClick={this.retry}>
              {translate(shellPages.tryAgain)}
            </Button>
          )}
        </PageProblem>
      );
    return (
      <PageProblem role="alert" title={translate(shellPages.pageErrorTitle)} text={translate(shellPages.pageErrorText)}>
        <Button onClick={() => window.location.reload()}>{translate(shellPages.reload)}</Button>
      </PageProblem>
    );
  }
}

/** What stands in a page's place when it cannot be shown: what happened, and what to do. */
function PageProblem({
  role,
  title,
  text,
  children,
}: {
  role: 'alert' | 'status';
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <Stack p="xl" maw={560} role={role}>
      <Title order={1} size="h3">
        {title}
      </Title>
      <Text>{text}</Text>
      <Group>{children}</Group>
    </Stack>
  );
}

/**
 * The page area. Drives the seed's loading flag: set when a navigation starts (a location change,
 * seen before paint), cleared when the new page has rendered, failed, or the layout goes away.
 * Declarative routing has no navigation state, so the page's Suspense boundary tells when it is done.
 */
export function RouteOutlet() {
  const location = useLocation();
  const previous = useRef<Location | null>(null);

  useLayoutEffect(() => {
    if (showsLoader(location, previous.current)) navigationLoading.start();
    previous.current = location;
  }, [location]);

  useEffect(() => () => navigationLoading.end(), []);

  return (
    // Keyed by the page, not the whole path: an attachments outlet opens inside its page, which stays.
    <RouteErrorBoundary key={outletPageKey(location.pathname)}>
      <Suspense fallback={<ContentLoader />}>
        <RouteRendered locationKey={location.key} />
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}
