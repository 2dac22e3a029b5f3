import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { permitIndexColumns, type PermitIndexRow } from '@hasp/contracts';
import { formatDateTime } from '../../../lib/date-time';
import { setLanguage } from '../../../lib/i18n';
import { speakMarkerLanguage, strays } from '../../../test/caption-markers';
import { PermitCards } from './PermitCards';
import { PermitIndex } from './PermitIndex';

/**
 * Every word of the permit index is a caption: drawn in the marker language (test/caption-markers.ts)
 * with every column shown and the column picker open, nothing but the permits' own data is left.
 */

const hour = 3_600_000;
const at = (offset: number) => new Date(Date.now() + offset * hour).toISOString();
const rows: PermitIndexRow[] = [
  {
    ID: 7,
    number: 'LOTO-000777',
    permitType: { ID: 1, code: 'LOTO', name: 'Lockout Tagout', color: '#1c5fa8' },
    status: 'active',
    title: 'Replace pump seal',
    area: { ID: 3, number: 'A1', name: 'North bay' },
    requester: { ID: 11, displayName: 'Rae Requester' },
    holder: { ID: 12, displayName: 'Hal Holder' },
    issuer: { ID: 14, displayName: 'Iris Issuer' },
    plannedStart: at(-1),
    plannedEnd: at(3),
    riskLevel: 'high',
    createdAt: at(-5),
    updatedAt: at(-2),
  },
  {
    ID: 8,
    number: 'GEN-000012',
    permitType: { ID: 2, code: 'GEN', name: 'General Work', color: '#2b6a4f' },
    status: 'draft',
    title: 'Paint the railings',
    area: null,
    requester: { ID: 11, displayName: 'Rae Requester' },
    holder: null,
    issuer: null,
    plannedStart: at(20),
    plannedEnd: at(24),
    riskLevel: null,
    createdAt: at(-3),
    updatedAt: at(-3),
  },
];
const data = [
  ...rows.flatMap((r) => [
    r.number,
    r.permitType.name,
    r.title,
    r.requester.displayName,
    r.holder?.displayName ?? '',
    r.issuer?.displayName ?? '',
    r.area ? `${r.area.number} ${r.area.name}` : '',
    // As the grid says them in the marker language ('xx'): the app's formatter in that language.
    ...[r.plannedStart, r.plannedEnd, r.createdAt, r.updatedAt].map((at) => formatDateTime(at, { language: 'xx' })),
  ]),
  'Lockout Tagout',
  'General Work',
].filter(Boolean);

describe('the permit index speaks only in captions', () => {
  beforeEach(() =>
    speakMarkerLanguage((url) =>
      url.pathname.endsWith('/permits/index-columns')
        ? { columns: [...permitIndexColumns] }
        : url.pathname.endsWith('/permits')
          ? { rows, total: rows.length, totalCapped: false }
          : [],
    ),
  );
  // The grid draws only the rows its scroll box has room for; happy-dom lays nothing out, so give the boxes a size.
  const sized = ['clientHeight', 'clientWidth', 'offsetHeight', 'offsetWidth'] as const;
  beforeEach(() => {
    for (const name of sized)
      Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => 800 });
  });
  afterEach(async () => {
    for (const name of sized) delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
    cleanup();
    await setLanguage('en');
  });

  it('views, search, filters, grid, pager and the column picker', { timeout: 30_000 }, async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <MantineProvider>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={['/index?status=active,draft&requesterId=11']}>
            <PermitIndex
              permitTypes={[
                { code: 'LOTO', name: 'Lockout Tagout' },
                { code: 'GEN', name: 'General Work' },
              ]}
            />
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    );
    await screen.findByText('LOTO-000777');
    // Under a wide screen the filters start folded behind their button.
    const unfold = screen.queryByRole('button', { name: /⟦Filters/ });
    if (unfold) fireEvent.click(unfold);
    await screen.findByText('⟦Permit type⟧');
    expect(strays(data)).toEqual([]);

    // happy-dom lays nothing out, so Mantine's focus trap finds nothing it deems focusable and says so.
    const warn = console.warn.bind(console);
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      if (!String(args[0]).includes('use-focus-trap')) warn(...args);
    });
    fireEvent.click(screen.getByRole('button', { name: '⟦Columns⟧' }));
    await screen.findByText('⟦Shown, in order⟧');
    expect(strays(data)).toEqual([]);
  });

  it("a phone's cards: number, type, status, title, holder and end, all in captions", async () => {
    render(
      <MantineProvider>
        <MemoryRouter>
          <PermitCards rows={rows} busy={false} />
        </MemoryRouter>
      </MantineProvider>,
    );
    const cards = screen.getAllByRole('link');
    expect(cards.map((card) => card.getAttribute('href'))).toEqual(['/Permit/Edit/7', '/Permit/Edit/8']);
    expect(cards[0]!.textContent).toContain('Replace pump seal');
    expect(cards[0]!.textContent).toContain('⟦Active⟧');
    expect(cards[0]!.textContent).toContain('Hal Holder');
    expect(cards[1]!.textContent).toContain('⟦No holder yet⟧');
    expect(strays(data)).toEqual([]);
  });
});
