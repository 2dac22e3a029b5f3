import type { Browser } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { demo, loginScreen } from '../support/hasp';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { expectNoSidewaysScroll, saveScreenshot } from '../support/quality';

// A new phone signs in and the network drops within the first seconds (a lift, a basement, a motor
// control room), as a user meets it: nothing waits for the app's own "ready" marks. Each try is a new
// device (a fresh browser context: nothing cached, no service worker), cut at a set time after the
// Login tap. Whatever had arrived by then, no try shows an error page; the user is either still on
// the login form (the sign-in itself never reached the server) or on the offline dashboard; and when
// the network returns the app goes on.
test.use({ serviceWorkers: 'block' });

const errorTexts = /Something went wrong|This page could not be shown|Reload the page/;
const phone = { width: 390, height: 844 };

type Outcome = 'offline dashboard' | 'login form' | 'error page';

async function tryOnce(browser: Browser, cutAfterMs: number): Promise<Outcome> {
  const context = await browser.newContext({ viewport: phone });
  const page = await context.newPage();
  try {
    await page.goto('/login');
    const screen = loginScreen(page);
    await expect(screen.submit).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
    await screen.facility.selectOption({ label: demo.northPlant.name });
    await screen.username.fill(demo.supervisor.userName);
    await screen.password.fill(demo.password);
    await screen.submit.click();
    // The scenario itself: the network goes this long after the tap, whatever the app is doing.
    if (cutAfterMs > 0) await page.waitForTimeout(cutAfterMs);
    await context.setOffline(true);

    const dashboard = page.getByRole('main').getByRole('heading', { name: 'Offline Dashboard' });
    const notSent = page.getByText('The server could not be reached. Check the network connection and try again.');
    const errorPage = page.getByText(errorTexts);
    await expect(dashboard.or(notSent).or(errorPage).first()).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
    if (await errorPage.count()) return 'error page';
    if (await notSent.isVisible()) {
      // The sign-in never got its answer: the form keeps what was typed, and works once the network is back.
      await expect(screen.username).toHaveValue(demo.supervisor.userName);
      await context.setOffline(false);
      await screen.submit.click();
      await expect(page).not.toHaveURL(/\/login/, { timeout: FIRST_LOAD_TIMEOUT_MS });
      return 'login form';
    }
    await expect(page).toHaveURL('/offline/dashboard');
    await expect(page.getByRole('main').getByTestId('offline-availability')).toBeVisible();
    if (cutAfterMs === 1000) {
      await expectNoSidewaysScroll(page, phone.width);
      await saveScreenshot(page, test.info(), 'offline-first-second-dashboard-phone');
    }
    // The network returns: the user stays where they are, and the app goes on from there (home).
    await context.setOffline(false);
    await page.getByRole('link', { name: 'Hasp® home' }).click();
    await expect(page).not.toHaveURL(/\/offline\//, { timeout: FIRST_LOAD_TIMEOUT_MS });
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible({
      timeout: FIRST_LOAD_TIMEOUT_MS,
    });
    await expect(errorPage).toHaveCount(0);
    return 'offline dashboard';
  } finally {
    await context.close();
  }
}

// Two tests of three cut times each, so the two workers share the eighteen tries.
for (const cuts of [
  [0, 100, 250],
  [500, 1000, 3000],
]) {
  test(`the network lost ${cuts.join(', ')} ms after the Login tap, three times each: never an error page`, async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const seen: string[] = [];
    let errors = 0;
    for (const cut of cuts) {
      for (let attempt = 1; attempt <= 3; attempt++) {
        const outcome = await tryOnce(browser, cut);
        seen.push(`${cut} ms #${attempt}: ${outcome}`);
        if (outcome === 'error page') errors += 1;
      }
    }
    console.log(`Network lost after sign-in, ${seen.length} tries, ${errors} error pages:\n  ${seen.join('\n  ')}`);
    expect(errors).toBe(0);
  });
}
