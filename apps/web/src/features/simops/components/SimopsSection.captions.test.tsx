import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Permit, PermitSimops } from '@hasp/contracts';
import { setLanguage } from '../../../lib/i18n';
import { strays, speakMarkerLanguage } from '../../../test/caption-markers';
import { simopsView } from '../test-data';
import { SimopsSection } from './SimopsSection';

/**
 * The Conflicts section speaks only in captions: nothing but the permits' own data (numbers,
 * titles, types, areas, facility times, names, the reason) is left outside them.
 */

const data = [
  'CSE-0007',
  'Tank T-3 inspection',
  'Confined space entry',
  'A-500',
  'Tank farm',
  'LOTO-0031',
  'Pump P-12 seal',
  'Lockout/tagout',
  'A-510',
  'Pump house',
  'HOT-0012',
  'Sam Supervisor',
  'Entry crew stands down during the weld; fire watch posted',
  // Facility time (America/Chicago, UTC−6 in November) with its offset.
  '2026-11-24 08:00 -06:00',
  '2026-11-24 16:00 -06:00',
  '2026-11-24 07:30 -06:00',
];

async function renderSection(shown: PermitSimops) {
  await speakMarkerLanguage((url) => (url.pathname.endsWith('/permits/7/simops') ? shown : []));
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <SimopsSection permit={{ ID: 7, version: 3 } as Permit} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the Conflicts section', () => {
  afterEach(async () => {
    cleanup();
    await setLanguage('en');
  });

  it('lists each conflict and each override in captions and data only', async () => {
    await renderSection(simopsView());
    await screen.findByText('LOTO-0031');
    expect(strays(data)).toEqual([]);
  });

  it('links each other permit, shows its window in facility time, area and rule in words', async () => {
    await renderSection(simopsView());
    await setLanguage('en');
    const link = await screen.findByRole('link', { name: 'CSE-0007' });
    expect(link.getAttribute('href')).toBe('/Permit/Edit/41');
    expect(screen.getAllByText('2026-11-24 08:00 -06:00 to 2026-11-24 16:00 -06:00')).toHaveLength(2);
    expect(screen.getByText('A-500 Tank farm')).toBeTruthy();
    expect(screen.getByText(/Block/)).toBeTruthy();
    expect(screen.getByText(/No rule — information/)).toBeTruthy();
    // The override: what was done despite which permit, a link to the other side, who, when, why.
    expect(screen.getByText(/Approval of HOT-0012 despite CSE-0007/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open CSE-0007' }).getAttribute('href')).toBe('/Permit/Edit/41');
    expect(screen.getByText('2026-11-24 07:30 -06:00 by Sam Supervisor')).toBeTruthy();
    expect(screen.getByText('Entry crew stands down during the weld; fire watch posted')).toBeTruthy();
  });

  it('says so when there is no conflict and no override', async () => {
    await renderSection(simopsView({ conflicts: [], overrides: [] }));
    await setLanguage('en');
    expect(await screen.findByText('No other live permit is in this area at an overlapping time.')).toBeTruthy();
    expect(screen.getByText('No override recorded.')).toBeTruthy();
  });
});
