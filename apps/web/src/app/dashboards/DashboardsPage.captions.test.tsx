import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PermitIndexRow } from '@hasp/contracts';
import { formatDateTime } from '../../lib/date-time';
import { setLanguage } from '../../lib/i18n';
import { speakMarkerLanguage, strays } from '../../test/caption-markers';
import { DashboardsPage } from './DashboardsPage';

/** Every word of Dashboards' "My work" is a caption (test/caption-markers.ts): cards full, empty and counting. */

const hour = 3_600_000;
const at = (offset: number) => new Date(Date.now() + offset * hour).toISOString();
const row = (ID: number, status: PermitIndexRow['status'], end: string): PermitIndexRow => ({
  ID,
  number: `LOTO-00070${ID}`,
  permitType: { code: 'LOTO', name: 'Lockout Tagout', color: '#1c5fa8' },
  status,
  title: `Replace pump seal ${ID}`,
  area: null,
  requester: { ID: 11, displayName: 'Rae Requester' },
  holder: null,
  issuer: null,
  plannedStart: at(-30),
  plannedEnd: end,
  riskLevel: null,
  createdAt: at(-40),
  updatedAt: at(-40),
});
// In force (counts down), planned to end later, and ended.
const rows = [row(1, 'active', at(3)), row(2, 'requested', at(30)), row(3, 'closed', at(-2))];
const data = rows.flatMap((r) => [r.number, r.title, formatDateTime(r.plannedEnd)]);

describe('Dashboards speak only in captions', () => {
  beforeEach(() =>
    speakMarkerLanguage((url) => {
      // One card finds nothing (its empty sentence), one exactly one permit, the others several.
      const view = url.searchParams.get('view');
      if (view === 'requested') return { rows: [], total: 0, totalCapped: false };
      if (view === 'held') return { rows: rows.slice(0, 1), total: 1, totalCapped: false };
      return { rows, total: rows.length, totalCapped: false };
    }),
  );
  afterEach(async () => {
    cleanup();
    await setLanguage('en');
  });

  it('"My work": titles, counts, permits, empty cards and "Show all"', async () => {
    render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MemoryRouter>
            <DashboardsPage />
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    );
    await screen.findAllByText('LOTO-000701');
    await screen.findByText('⟦You have not requested any permits.⟧');
    expect(strays(data)).toEqual([]);
  });
});
