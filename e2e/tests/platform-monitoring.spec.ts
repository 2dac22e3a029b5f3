import { expect, test } from '../support/fixtures';
import { demo, loginScreen } from '../support/hasp';
import { expectSignedIn, FIRST_LOAD_TIMEOUT_MS } from '../support/platform';

// page.route rewrites the page: no service worker in between.
test.use({ serviceWorkers: 'block' });

const isMonitoringCode = (url: string) => /\/assets\/monitoring(-sdk)?-[\w-]+\.js$/.test(url);

test.describe('usage monitoring (P12)', () => {
  test('without a monitoring key its code is never loaded', async ({ page, signIn }) => {
    const loaded: string[] = [];
    page.on('request', (request) => {
      if (isMonitoringCode(request.url())) loaded.push(request.url());
    });
    await page.goto('/login');
    await expect(loginScreen(page).submit).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
    await signIn({ facilityId: demo.northPlant.ID });
    await page.goto('/');
    await expectSignedIn(page);
    await page.waitForTimeout(3_000);
    expect(loaded).toEqual([]);
  });

  test('with a key the SDK loads only after the largest contentful paint, and reports to its endpoint', async ({
    page,
    baseURL,
  }) => {
    const key = `InstrumentationKey=00000000-0000-4000-8000-000000000000;IngestionEndpoint=${baseURL}/telemetry-test/`;
    // The key is given the way a deployment gives it: a meta tag in the served page.
    await page.route(/\/login$/, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace('</head>', `<meta name="hasp-monitoring" content="${key}"></head>`);
      await route.fulfill({ response, body: html });
    });
    const sent: string[] = [];
    await page.route('**/telemetry-test/**', async (route) => {
      sent.push(route.request().url());
      await route.fulfill({ json: { itemsReceived: 1, itemsAccepted: 1, errors: [] } });
    });
    await page.addInitScript(() => {
      const paints: number[] = [];
      (window as Window & { __lcp?: number[] }).__lcp = paints;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) paints.push(entry.startTime);
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });

    await page.goto('/login');
    await expect(loginScreen(page).submit).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
    await expect
      .poll(
        () => page.evaluate(() => performance.getEntriesByType('resource').some((e) => /monitoring-sdk/.test(e.name))),
        {
          timeout: 30_000,
        },
      )
      .toBe(true);
    const timing = await page.evaluate(() => ({
      sdk: performance.getEntriesByType('resource').find((e) => /monitoring-sdk/.test(e.name))!.startTime,
      paints: (window as Window & { __lcp?: number[] }).__lcp ?? [],
    }));
    expect(timing.paints.length).toBeGreaterThan(0);
    expect(timing.sdk).toBeGreaterThan(Math.max(...timing.paints));
    // The page view reaches the (test) ingestion endpoint within the 15 s batch interval.
    await expect.poll(() => sent.length, { timeout: 20_000 }).toBeGreaterThan(0);
  });
});
