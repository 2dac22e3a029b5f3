import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { demo } from '../support/hasp';
import { apiHeaders, permitBody } from '../support/offline-device';
import { expectSignedIn, FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { saveScreenshot, waitForTransitions } from '../support/quality';

/**
 * Phone-width defects seen on the offline screens (decision 0068): toasts lay over the top
 * bar (its sync status, the page title), the top bar cut page titles short, and the offline lists
 * put the newest permit last. Looked at in screenshots at 390 and 1280 px (e2e/artifacts/screenshots).
 */

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };

/** Two boxes share some area. */
function overlap(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Each element whose text is cut (ellipsis or hidden overflow) or reaches past the viewport. */
async function cutTexts(scope: Locator): Promise<string[]> {
  return scope.evaluateAll((elements) =>
    elements.flatMap((el) => {
      const box = el.getBoundingClientRect();
      const cut = el.scrollWidth > el.clientWidth + 1 || box.right > window.innerWidth + 1 || box.left < -1;
      return cut ? [`"${el.textContent}" ${el.scrollWidth} > ${el.clientWidth}, right ${Math.round(box.right)}`] : [];
    }),
  );
}

/** The top bar's title pieces: the page title and the child title, by the texts the page set. */
function topBarTitles(page: Page, texts: string[]): Locator {
  return page
    .getByRole('banner')
    .locator('span')
    .filter({ hasText: new RegExp(`^(${texts.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`) });
}

test.describe('at phone width', () => {
  test.use({ viewport: phone, hasTouch: true });

  test('a toast rises at the foot of the screen: the top bar, its sync status and the page title stay visible', async ({
    page,
    signIn,
  }, testInfo) => {
    await signIn();
    await page.route(
      '**/api/notifications?filter=unread',
      (route) => route.fulfill({ status: 500, json: { code: 'INTERNAL', message: 'Notifications are down' } }),
      { times: 1 },
    );
    await page.goto('/offline/dashboard');
    await expectSignedIn(page);
    const toast = page.getByRole('alert').filter({ hasText: 'Error code: 500' });
    await expect(toast).toHaveCount(1, { timeout: FIRST_LOAD_TIMEOUT_MS });
    await waitForTransitions(page);
    const box = (await toast.boundingBox())!;
    const header = (await page.getByRole('banner').boundingBox())!;
    const status = (await page.getByTestId('sync-status').boundingBox())!;
    const heading = (await page.getByRole('main').getByRole('heading', { level: 1 }).boundingBox())!;
    expect(overlap(box, header), 'toast over the top bar').toBe(false);
    expect(overlap(box, status), 'toast over the sync status').toBe(false);
    expect(overlap(box, heading), "toast over the page's title").toBe(false);
    // At the foot, inside the screen, and its close button a one-hand touch target.
    expect(box.y + box.height).toBeLessThanOrEqual(phone.height);
    expect(box.y).toBeGreaterThan(phone.height / 2);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
    const close = (await toast.getByRole('button', { name: 'Close' }).boundingBox())!;
    expect(close.height).toBeGreaterThanOrEqual(44);
    expect(close.width).toBeGreaterThanOrEqual(44);
    await saveScreenshot(page, testInfo, 'phone-width-toast-390');
    await toast.getByRole('button', { name: 'Close' }).click();
    await expect(toast).toHaveCount(0);
  });

  test('the top bar shows page titles whole: the offline index and a new offline permit', async ({
    page,
    signIn,
  }, testInfo) => {
    await signIn();
    await page.goto('/offline/permit/LOTO/index');
    await expectSignedIn(page);
    const indexTitles = topBarTitles(page, ['Offline Permits', 'LOTO Permit Index']);
    await expect(indexTitles).toHaveCount(2, { timeout: FIRST_LOAD_TIMEOUT_MS });
    expect(await cutTexts(indexTitles)).toEqual([]);
    await saveScreenshot(page, testInfo, 'phone-width-offline-index-390');

    await page.goto('/offline/permit/LOTO/create');
    const newTitles = topBarTitles(page, ['Offline Permits', 'New LOTO Permit (offline)']);
    await expect(newTitles).toHaveCount(2, { timeout: FIRST_LOAD_TIMEOUT_MS });
    expect(await cutTexts(newTitles)).toEqual([]);
    await saveScreenshot(page, testInfo, 'phone-width-offline-new-390');
    // The facility keeps its line too.
    expect(await cutTexts(page.getByRole('banner').getByTitle(demo.northPlant.name))).toEqual([]);
  });
});

/** A LOTO permit of the supervisor's, planned to start at `start` (its own unique title). */
async function supervisorPermit(request: APIRequestContext, title: string, start: Date) {
  const headers = await apiHeaders(request, demo.supervisor.userName);
  const type = await request.get('/api/permits/types/LOTO', { headers });
  expect(type.status()).toBe(200);
  const body = permitBody(((await type.json()) as { ID: number }).ID, title);
  const created = await request.post('/api/permits', {
    headers,
    data: {
      ...body,
      plannedStart: start.toISOString(),
      plannedEnd: new Date(start.getTime() + 3_600_000).toISOString(),
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  return (await created.json()) as { ID: number; number: string };
}

for (const viewport of [phone, desktop]) {
  test(`the offline lists put the newest permit first, as the online index (${viewport.width} px)`, async ({
    page,
    request,
    signIn,
  }, testInfo) => {
    test.setTimeout(180_000);
    const run = `Newest ${viewport.width} ${Date.now().toString(36)}`;
    // The one that starts later is made second (the higher number): by number it would come last; by
    // the online index's default order (planned start, descending) it comes first.
    const year = 365 * 24 * 3_600_000;
    const earlier = await supervisorPermit(request, `${run} earlier`, new Date(Date.now() + 2 * year));
    const later = await supervisorPermit(request, `${run} later`, new Date(Date.now() + 3 * year));
    await page.setViewportSize(viewport);
    await signIn({ user: demo.supervisor.userName });
    await page.goto('/offline/dashboard');
    await expectSignedIn(page);
    const numbers = (scope: Locator) =>
      scope
        .getByRole('row')
        .getByRole('link')
        .allTextContents()
        .then((all) => all.filter((n) => n === later.number || n === earlier.number));
    const dashboard = page.getByRole('main').getByRole('region', { name: /LOTO Permit/ });
    // Taken offline after sign-in; the list follows the browser database.
    await expect
      .poll(() => numbers(dashboard), { timeout: FIRST_LOAD_TIMEOUT_MS })
      .toEqual([later.number, earlier.number]);
    await saveScreenshot(page, testInfo, `phone-width-offline-dashboard-${viewport.width}`);

    await page.goto('/offline/permit/LOTO/index');
    const index = page.getByRole('main');
    await expect.poll(() => numbers(index), { timeout: FIRST_LOAD_TIMEOUT_MS }).toEqual([later.number, earlier.number]);
    // And the online index, by default, has them in the same order.
    await page.goto(`/index?permitType=LOTO&q=${encodeURIComponent(run)}`);
    await expect(page.getByRole('main').getByText(`${run} later`)).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
    const online = await page
      .getByRole('main')
      .getByText(new RegExp(`^${run} (later|earlier)$`))
      .allTextContents();
    expect(online).toEqual([`${run} later`, `${run} earlier`]);
    await saveScreenshot(page, testInfo, `phone-width-online-index-${viewport.width}`);
  });
}
