import { cleanup, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  dashboardWidgetKinds,
  type DashboardWidgetData,
  type DashboardWidgetKind,
  type UserDashboardLayout,
} from '@hasp/contracts';
import { setLanguage } from '../../../lib/i18n';
import { speakMarkerLanguage, strays } from '../../../test/caption-markers';
import { Dashboard } from './Dashboard';

/** Every widget on the dashboard, in a column. */
const layout: UserDashboardLayout = {
  layout: { items: dashboardWidgetKinds.map((widget, i) => ({ widget, x: 0, y: i * 3, w: 6, h: 3 })) },
  source: 'user',
  version: 3,
};
const widgetData = (kind: DashboardWidgetKind): DashboardWidgetData => ({
  kind,
  total: 7,
  filter: { view: 'isolated' },
  items:
    kind === 'permits-by-status'
      ? [{ key: 'active', label: 'active', count: 4, filter: { status: 'active' } }]
      : kind === 'my-work'
        ? [{ key: 'tagged', label: 'Tags I applied', count: 2, filter: { view: 'tagged' } }]
        : [{ key: '12', label: 'A-100 North pump house', count: 3, filter: { view: 'isolated', areaId: '12' } }],
});
const data = ['7', '4', '3', '2', 'A-100 North pump house'];

function renderDashboard() {
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <Dashboard />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** The API: the layout, and each widget's numbers unless `failing` says that widget's request fails. */
async function serve(failing?: DashboardWidgetKind) {
  await speakMarkerLanguage((url) => {
    if (url.pathname.endsWith('/dashboards/layout')) return layout;
    return widgetData(url.pathname.split('/').pop() as DashboardWidgetKind);
  });
  if (!failing) return;
  const answer = vi.mocked(globalThis.fetch).getMockImplementation()!;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) =>
      String(input).endsWith(`/dashboards/widgets/${failing}`)
        ? new Response(JSON.stringify({ code: 'INTERNAL', message: 'boom' }), {
            status: 500,
            headers: { 'content-type': 'application/json' },
          })
        : answer(input, init),
    ),
  );
}

const widget = (kind: DashboardWidgetKind) => document.querySelector<HTMLElement>(`[data-widget="${kind}"]`)!;

describe('Dashboard', () => {
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await setLanguage('en');
  });

  it('speaks only in captions: every widget, its numbers and links', async () => {
    await serve();
    renderDashboard();
    for (const kind of dashboardWidgetKinds) await within(await waitForWidget(kind)).findAllByText(/^\d+$/);
    expect(strays(data)).toEqual([]);
  });

  it('a widget whose request fails shows its own error while the others render', async () => {
    await serve('locks');
    renderDashboard();
    const locks = await waitForWidget('locks');
    // The widget tries once more before it says so.
    const alert = await within(locks).findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('This widget could not be loaded');
    for (const kind of dashboardWidgetKinds.filter((k) => k !== 'locks')) {
      const other = await waitForWidget(kind);
      await within(other).findAllByText(/^\d+$/);
      expect(within(other).queryByRole('alert')).toBeNull();
    }
  });

  it('each number links to the permit index already filtered', async () => {
    await serve();
    renderDashboard();
    const area = await waitForWidget('isolations-by-area');
    const link = await within(area).findByRole('link', { name: /A-100 North pump house/ });
    expect(link.getAttribute('href')).toBe('/index?view=isolated&areaId=12');
    expect(within(area).getByTestId('widget-total').getAttribute('href')).toBe('/index?view=isolated');
  });
});

async function waitForWidget(kind: DashboardWidgetKind): Promise<HTMLElement> {
  await screen.findAllByRole('region');
  return widget(kind);
}
