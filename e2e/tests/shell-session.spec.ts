import { loginMessages } from '@hasp/contracts';
import { expect, test } from '../support/fixtures';
import { shell } from '../support/shell';

// The service worker is the platform's (its own tests cover it); here it would only compete for
// the two cores while precaching, and the shell must work offline without it.
test.use({ serviceWorkers: 'block' });

test.describe('shell: inactivity', () => {
  test("signs out after the facility's loginTimeout without activity, with the persistent warning", async ({
    page,
    signIn,
  }) => {
    await page.clock.install();
    await signIn(); // North Plant: loginTimeout 30 minutes
    // The timeout comes with the session context: until it arrives the default (10 minutes) applies.
    const context = page.waitForResponse((r) => r.url().endsWith('/api/session/context') && r.ok());
    await page.goto('/announcements');
    const { main } = shell(page);
    await expect(main.getByRole('heading', { level: 1, name: 'Announcements' })).toBeVisible();
    await context;

    // Activity part-way keeps the session: 20 minutes, a mouse movement, 20 more minutes.
    await page.clock.fastForward('20:00');
    await page.mouse.move(200, 300);
    await page.mouse.move(260, 320);
    await page.clock.fastForward('20:00');
    await expect(page).toHaveURL('/announcements');

    const logout = page.waitForRequest((r) => r.url().endsWith('/api/auth/logout') && r.method() === 'POST');
    await page.clock.fastForward('10:01');
    await logout;
    await expect(page).toHaveURL('/login');
    const warning = page.getByRole('complementary', { name: 'Session notice' }).getByRole('alert');
    await expect(warning).toHaveText(loginMessages.loggedOutInactivity);

    // Persistent: it stays across a reload until dismissed.
    await page.reload();
    await expect(warning).toHaveText(loginMessages.loggedOutInactivity);
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await expect(warning).toBeHidden();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(page.getByText(loginMessages.loggedOutInactivity)).toBeHidden();
  });
});

test.describe('shell: top bar', () => {
  test('the server-status icon, switched on in the user menu, polls /api/health every 30 s', async ({
    page,
    signIn,
  }) => {
    await page.clock.install();
    await signIn();
    await page.goto('/announcements');
    const { topBar, userMenu } = shell(page);
    await expect(topBar.getByText(/^Server status/)).toHaveCount(0);

    await userMenu.click();
    await page.getByRole('menuitemcheckbox', { name: 'Show server status' }).click();
    await page.keyboard.press('Escape');
    await expect(topBar.getByRole('status').filter({ hasText: /^Server status/ })).toHaveText(
      /^Server status: answering/,
    );
    expect(await page.evaluate(() => window.localStorage.getItem('showServerStatus'))).toBe('true');

    await page.route('**/api/health', (route) => route.fulfill({ status: 503, body: 'down' }));
    const polled = page.waitForRequest('**/api/health');
    await page.clock.fastForward(30_000);
    await polled;
    await expect(topBar.getByRole('status').filter({ hasText: /^Server status/ })).toHaveText(
      'Server status: not answering',
    );
  });

  test('the user menu opens the profile and signs out', async ({ page, signIn }) => {
    await signIn();
    await page.goto('/announcements');
    const { userMenu, main } = shell(page);
    await userMenu.click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL('/user-profile');
    await expect(main.getByRole('heading', { level: 1, name: 'User Profile' })).toBeVisible();
    await expect(main.getByText('admin', { exact: true })).toBeVisible();

    await userMenu.click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL('/login');
  });
});

test.describe('shell: loading flag', () => {
  test('is set while a page loads and cleared once it has rendered; not for excluded query parameters', async ({
    page,
    signIn,
  }) => {
    await page.addInitScript(() => {
      (window as unknown as { __haspEnableTestHooks: boolean }).__haspEnableTestHooks = true;
    });
    // Hold the Not Found page's code from the start, to see the flag during the navigation there:
    // the app preloads it with the offline code at sign-in, and a preload finished before
    // the hold would make the navigation instant (a CI run failed so).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/NotFoundPage-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await signIn();
    await page.goto('/announcements');
    await expect(shell(page).main.getByRole('heading', { level: 1, name: 'Announcements' })).toBeVisible();
    const loading = () =>
      page.evaluate(() =>
        (
          window as unknown as { __haspTestHooks?: { loadingState: { get(): boolean } } }
        ).__haspTestHooks?.loadingState.get(),
      );
    expect(await loading()).toBe(false);

    await page.evaluate(() => {
      window.history.pushState({}, '', '/nowhere');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect.poll(loading).toBe(true);
    release();
    await expect(shell(page).main.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect.poll(loading).toBe(false);

    // An excluded query parameter (page) never sets it.
    await page.evaluate(() => {
      const seen: boolean[] = [];
      const hooks = (
        window as unknown as { __haspTestHooks: { loadingState: { subscribe(l: () => void): void; get(): boolean } } }
      ).__haspTestHooks;
      hooks.loadingState.subscribe(() => seen.push(hooks.loadingState.get()));
      (window as unknown as { seenLoading: boolean[] }).seenLoading = seen;
      window.history.pushState({}, '', '/index?permitType=LOTO&page=2');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(shell(page).main.getByRole('heading', { level: 1, name: 'LOTO Permit' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { seenLoading: boolean[] }).seenLoading)).toEqual([]);
  });
});
