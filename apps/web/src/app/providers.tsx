import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { BrowserRouter } from 'react-router';
import { cssVariablesResolver, theme } from './theme';

/**
 * Theme and router: everything a page needs around it. The server-state cache (react-query) starts
 * with the signed-in area (signed-in/SignedInRoutes), so the login route does not carry it.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      {/* No transitions: a navigation shows at once (the next page's Suspense fallback under the
          loading overlay), so the seed's loading flag can follow location changes. */}
      <BrowserRouter useTransitions={false}>{children}</BrowserRouter>
    </MantineProvider>
  );
}
