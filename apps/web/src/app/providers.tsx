import { useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from './query-client';
import { cssVariablesResolver, theme } from './theme';

/** Theme, server-state cache and router: everything a page needs around it. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        {/* No transitions: a navigation shows at once (the next page's Suspense fallback under the
            loading overlay), so the seed's loading flag can follow location changes. */}
        <BrowserRouter useTransitions={false}>{children}</BrowserRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
}
