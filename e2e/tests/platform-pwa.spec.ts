import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { demo, loginScreen } from '../support/hasp';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { startServiceWorkerProxy } from '../support/sw-proxy';

/** Waits until a service worker is active and controls the page; returns its script URL. */
function controllingWorker(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
    }
    return registration.active?.scriptURL ?? null;
  });
}

test.describe('installable app and service worker', () => {
  // Explicit, so these keep their worker if the suite's default ever becomes 'block'.
  test.use({ serviceWorkers: 'allow' });
  test('the web manifest names Hasp with the login header colour', async ({ page, request }) => {
    await page.goto('/login');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifest = (await (await request.get(href!)).json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({ name: 'Hasp', theme_color: '#1d2b3a', display: 'standalone', start_url: '/' });
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#1d2b3a');
  });

  test('the service worker and its Workbox runtime go out compressed', async ({ request }) => {
    const worker = await request.get('/sw.js', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(worker.headers()['content-encoding']).toBe('br');
    expect(worker.headers()['cache-control']).toBe('no-cache');
    // The worker loads its runtime as a module named by a hash (`./workbox-1a2b3c4d`).
    const runtime = /workbox-[\w-]+/.exec(await worker.text())?.[0];
    expect(runtime).toBeDefined();
    const runtimeResponse = await request.get(`/${runtime}.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(runtimeResponse.headers()['content-encoding']).toBe('gzip');
  });

  test('the service worker precaches the app shell, so the app starts with no network', async ({ page, context }) => {
    await page.goto('/login');
    await expect(loginScreen(page).submit).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
    expect(await controllingWorker(page)).toMatch(/\/sw\.js$/);
    await context.setOffline(true);
    await page.reload();
    // The login screen's code and styles came from the cache (its data calls fail, offline).
    await expect(page.getByText('Lockout/tagout permits and facility safety')).toBeVisible({
      timeout: FIRST_LOAD_TIMEOUT_MS,
    });
    await context.setOffline(false);
  });

  test("a new version shows 'Update Available' with one 'Refresh' that cannot be dismissed, and Refresh switches to it", async ({
    page,
  }) => {
    const proxy = await startServiceWorkerProxy();
    try {
      await page.goto(`${proxy.origin}/login`);
      await expect(loginScreen(page).submit).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
      expect(await controllingWorker(page)).toBe(`${proxy.origin}/sw.js`);

      // A new build is deployed; the next visit checks for it once the app is stable.
      proxy.publish(2);
      await page.reload();
      const dialog = page.getByRole('dialog', { name: 'Update Available' });
      await expect(dialog).toBeVisible({ timeout: 30_000 });
      await expect(dialog).toContainText('A new version is available, please refresh.');
      await expect(dialog.getByRole('button')).toHaveCount(1);
      await expect(dialog.getByRole('button', { name: 'Refresh' })).toBeVisible();

      // No way out but Refresh: not Escape, not a click outside.
      await page.keyboard.press('Escape');
      await page.mouse.click(10, 10);
      await expect(dialog).toBeVisible();

      const reloaded = page.waitForEvent('load');
      await dialog.getByRole('button', { name: 'Refresh' }).click();
      await reloaded;
      await expect(loginScreen(page).submit).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
      const state = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return { waiting: registration?.waiting !== null, controlled: navigator.serviceWorker.controller !== null };
      });
      expect(state).toEqual({ waiting: false, controlled: true });
      expect(proxy.swRequests).toContain(2);
      // The new version is the running one: no second offer.
      await page.waitForTimeout(1_000);
      await expect(page.getByRole('dialog', { name: 'Update Available' })).toHaveCount(0);
    } finally {
      await proxy.close();
    }
  });
});

test.describe('unrecoverable state', () => {
  test.use({ serviceWorkers: 'block' });

  test('a part of the running version that can no longer be loaded brings the browser alert', async ({
    page,
    signIn,
  }) => {
    // The first screen loads normally; every later chunk of this version is gone from the server.
    const initial = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') initial.add(response.url());
    });
    await page.goto('/login');
    await expect(loginScreen(page).submit).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
    await page.waitForLoadState('networkidle');
    await page.route('**/assets/*.js', (route) =>
      initial.has(route.request().url()) ? route.fallback() : route.fulfill({ status: 404, body: 'Not found' }),
    );
    const alerted = page.waitForEvent('dialog');
    await signIn({ facilityId: demo.northPlant.ID });
    await page.goto('/');
    const dialog = await alerted;
    expect(dialog.type()).toBe('alert');
    expect(dialog.message()).toMatch(
      /^An error occurred that we cannot recover from:\n.*\/assets\/.+\.js.*\n\nPlease reload the page\.$/s,
    );
    await dialog.accept();
  });
});

test.describe('browser database', () => {
  test('the library is exposed as window.Dexie after sign-in, and not loaded on the login route', async ({
    page,
    signIn,
  }) => {
    const dexieChunks: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/offline-db-[\w-]+\.js$/.test(request.url())) dexieChunks.push(request.url());
    });
    await page.goto('/login');
    await expect(loginScreen(page).submit).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => typeof (window as Window & { Dexie?: unknown }).Dexie)).toBe('undefined');
    expect(dexieChunks).toEqual([]);

    await signIn({ facilityId: demo.northPlant.ID });
    await page.goto('/');
    await expect
      .poll(() => page.evaluate(() => typeof (window as Window & { Dexie?: unknown }).Dexie), {
        timeout: FIRST_LOAD_TIMEOUT_MS,
      })
      .toBe('function');
  });
});
