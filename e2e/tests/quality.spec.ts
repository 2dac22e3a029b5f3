import { gzipSync } from 'node:zlib';
import { expect, test } from '../support/fixtures';
import { demo, loginScreen } from '../support/hasp';
import { expectSignedIn } from '../support/shell';
import { expectMantineClassesStyled, expectNoSeriousViolations, saveScreenshot } from '../support/quality';

test.describe('quality', () => {
  test('the login page has no serious or critical accessibility violation', async ({ page }) => {
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.goto('/login');
    await expect(loginScreen(page).submit).toBeVisible();
    await expectNoSeriousViolations(page);
    await expectMantineClassesStyled(page);
    // And with every error on show.
    await loginScreen(page).submit.click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoSeriousViolations(page);
    await expectMantineClassesStyled(page);
    // A visit to the login page makes no failing request and logs nothing (Lighthouse counts both).
    expect(consoleErrors).toEqual([]);
  });

  test('the signed-in page has no serious or critical accessibility violation', async ({ page, signIn }) => {
    await signIn({ facilityId: demo.riverside.ID });
    await page.goto('/');
    await expectSignedIn(page);
    await expectNoSeriousViolations(page);
  });

  for (const width of [1280, 390]) {
    test(`screenshots at ${width} px`, async ({ page, signIn }, testInfo) => {
      await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
      await page.goto('/login');
      await expect(loginScreen(page).submit).toBeVisible();
      await saveScreenshot(page, testInfo, `login-${width}`);
      // Nothing may overflow sideways at either width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      await loginScreen(page).submit.click();
      await saveScreenshot(page, testInfo, `login-errors-${width}`);

      await signIn({ facilityId: demo.riverside.ID });
      await page.goto('/');
      await expectSignedIn(page);
      // The admin approves and issues at Riverside: home is My work today.
      await expect(page.getByRole('heading', { level: 1, name: 'My work today' })).toBeVisible();
      await saveScreenshot(page, testInfo, `home-${width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }

  test('the login route loads at most 150 KB of gzipped JavaScript', async ({ page }, testInfo) => {
    const scripts = new Map<string, number>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.set(response.url(), gzipSync(await response.body(), { level: 9 }).length);
    });
    await page.goto('/login');
    await expect(loginScreen(page).submit).toBeVisible();
    await page.waitForLoadState('networkidle');
    const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
    const report = [...scripts].map(([url, size]) => `${new URL(url).pathname}: ${size} B`).join('\n');
    await testInfo.attach('login-route-js.txt', {
      body: `${report}\ntotal: ${total} B gzip`,
      contentType: 'text/plain',
    });
    expect(scripts.size).toBeGreaterThan(0);
    expect(total, report).toBeLessThanOrEqual(150_000);
  });
});
