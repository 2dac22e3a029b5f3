import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { IsolationPoint } from '@hasp/contracts';
import { setLanguage } from '../../../lib/i18n';
import { speakMarkerLanguage } from '../../../test/caption-markers';
import { IsolationPointItem } from './IsolationPointItem';

const point: IsolationPoint = {
  ID: 7,
  componentId: 2,
  code: 'E-101',
  deviceType: { ID: 5, value: 'breaker', caption: 'Breaker', isActive: true },
  location: 'MCC room',
  normalPosition: '',
  isolatedPosition: '',
  lockable: true,
  tagOnlyMeasure: '',
  verificationMethod: '',
  photo: null,
  isActive: true,
  version: 1,
};

async function renderPoint(holds: unknown, points: IsolationPoint[] = [point]) {
  await speakMarkerLanguage((url) => (url.pathname.endsWith('/assets/3/isolation-holds') ? holds : []));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <ul>
          {points.map((p) => (
            <IsolationPointItem key={p.ID} assetId={3} point={p} onEdit={() => undefined} />
          ))}
        </ul>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe("an isolation point's holds on Component Manage", () => {
  afterEach(async () => {
    cleanup();
    await setLanguage('en');
  });

  it('names the permits that hold the point, in a caption', async () => {
    await renderPoint([
      {
        isolationPointId: 7,
        permits: [
          { ID: 42, number: 'LOTO-0042' },
          { ID: 43, number: 'LOTO-0043' },
        ],
      },
      { isolationPointId: 8, permits: [{ ID: 44, number: 'LOTO-0044' }] },
    ]);
    expect(await screen.findByText('⟦Held by permits LOTO-0042, LOTO-0043⟧')).toBeTruthy();
    expect(screen.queryByText(/LOTO-0044/)).toBeNull();
  });

  it('says nothing of a point nobody holds', async () => {
    await renderPoint(
      [{ isolationPointId: 8, permits: [{ ID: 44, number: 'LOTO-0044' }] }],
      [point, { ...point, ID: 8, code: 'E-102' }],
    );
    // The holds have arrived (the other point shows its own) and this one says nothing.
    await screen.findByText('⟦Held by permits LOTO-0044⟧');
    expect(document.querySelectorAll('[data-held-by]')).toHaveLength(1);
  });
});
