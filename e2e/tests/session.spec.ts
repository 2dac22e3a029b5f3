import { expect, test } from '../support/fixtures';
import { sessionKeys } from '@hasp/contracts';
import { demo, webStorage } from '../support/hasp';
import { expectSignedIn, signOutThroughMenu } from '../support/shell';

test.describe('session', () => {
  test.beforeEach(async ({ signIn }) => {
    await signIn();
  });

  test('a reload keeps you signed in', async ({ page }) => {
    await page.goto('/');
    // The admin approves and issues: / leads to their worklists on My work today.
    await expect(page).toHaveURL('/my-work');
    await expect(page.getByRole('heading', { level: 1, name: 'My work today' })).toBeVisible();

    const refresh = page.waitForResponse('**/api/auth/tokenrefresh');
    await page.reload();
    expect((await refresh).status()).toBe(200);
    await expect(page).toHaveURL('/my-work');
    await expect(page.getByRole('banner').getByText(demo.northPlant.name)).toBeVisible();
    expect(JSON.stringify(await webStorage(page))).not.toMatch(/eyJ[\w-]+\.eyJ/);
  });

  test('/login sends a signed-in user to / (and on to My work today)', async ({ page }) => {
    await page.goto('/');
    await expectSignedIn(page);
    await page.goto('/login');
    await expect(page).toHaveURL('/my-work');
    await expectSignedIn(page);
  });

  test('signing out ends the session here and on the server', async ({ page }) => {
    await page.goto('/');
    await expectSignedIn(page);
    await page.evaluate(() => window.localStorage.setItem('lastFacilityId', '1'));
    const logout = page.waitForResponse('**/api/auth/logout');
    await signOutThroughMenu(page);
    expect((await logout).status()).toBe(204);
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();

    const storage = await webStorage(page);
    for (const key of sessionKeys) expect(storage.session[key], key).toBeUndefined();
    expect(storage.local.lastFacilityId).toBe('1');

    // The refresh cookie was revoked: coming back to a signed-in page asks to sign in again.
    await page.goto('/');
    await expect(page).toHaveURL('/login');
  });
});
