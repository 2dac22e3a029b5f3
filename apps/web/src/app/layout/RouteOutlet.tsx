import { Component, Suspense, useEffect, useLayoutEffect, useRef, type ErrorInfo, type ReactNode } from 'react';
import { Button, Stack, Text, Title } from '@mantine/core';
import { Outlet, useLocation, type Location } from 'react-router';
import { shellPages } from '@hasp/contracts';
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
class RouteErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    navigationLoading.end();
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Stack p="xl" maw={560} role="alert">
        <Title order={1} size="h3">
          {translate(shellPages.pageErrorTitle)}
        </Title>
        <Text>{translate(shellPages.pageErrorText)}</Text>
        <div>
          <Button onClick={() => window.location.reload()}>{translate(shellPages.reload)}</Button>
        </div>
      </Stack>
    );
  }
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
