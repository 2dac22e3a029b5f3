import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AssetSearchResponse } from '@hasp/contracts';
import { speakMarkerLanguage } from '../../../test/caption-markers';
import { AssetPicker } from './AssetPicker';

const found: AssetSearchResponse = {
  results: [
    {
      node: {
        kind: 'asset',
        ID: 14,
        number: 'CM-1',
        name: 'Belt conveyor',
        status: null,
        hasChildren: false,
        childCount: 0,
      },
      path: [],
    },
  ],
  truncated: false,
};

describe('AssetPicker', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('drops the results the moment an asset is chosen, not after the search debounce', async () => {
    await speakMarkerLanguage((url) => (url.pathname.endsWith('/assets/search') ? found : []));
    const onSelect = vi.fn();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <MantineProvider>
        <QueryClientProvider client={client}>
          <AssetPicker onSelect={onSelect} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'CM-1' } });
    const choice = await screen.findByRole('button', { name: /CM-1/ }, { timeout: 3_000 });
    // Chosen: the list goes in the same render (a list left up for the debounce, then dropped,
    // moved the page under a user's next tap: a CI run clicked "Add component" into that jump).
    act(() => choice.click());
    expect(onSelect).toHaveBeenCalledWith(14);
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByRole('button', { name: /CM-1/ })).toBeNull();
  });
});
