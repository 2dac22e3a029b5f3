import { createUserLike } from '../support/permit-users';
import { expect, test } from '../support/fixtures';
import { demo, webStorage } from '../support/hasp';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { withDatabase } from '../support/database';
import { shell } from '../support/shell';

// The service worker is the platform's (its own tests cover it); here it would only compete for
// the two cores while precaching, and the shell must work offline without it.
test.use({ serviceWorkers: 'block' });

test.describe('shell: routes, titles and redirects', () => {
  test('/ opens the dashboards where CustomDashboards is on, for someone with no work or worklists (North Plant)', async ({
    page,
    signIn,
  }) => {
    // A worker of their own, holding nothing: the seed's rule (decision 0104).
    await signIn({ user: (await createUserLike('worker', 'shell-idle')).userName });
    await page.goto('/');
    await expect(page).toHaveURL('/dashboards', { timeout: FIRST_LOAD_TIMEOUT_MS });
    await expect(shell(page).main.getByRole('heading', { level: 1, name: 'Dashboards' })).toBeVisible();
    await expect(shell(page).topBar.getByText('Dashboards', { exact: true })).toBeVisible();
  });

  test('/ opens My work today for someone with worklists, and /dashboards is refused where it is off (Riverside)', async ({
    page,
    signIn,
  }) => {
    await signIn({ facilityId: demo.riverside.ID });
    await page.goto('/');
    await expect(page).toHaveURL('/my-work');
    await expect(shell(page).main.getByRole('heading', { level: 1, name: 'My work today' })).toBeVisible();

    await page.goto('/dashboards');
    await expect(page).toHaveURL('/my-work');
  });

  test('each page sets its titles in the top bar, the tab and the session keys', async ({ page, signIn }) => {
    await signIn();
    await page.goto('/security/user-manage');
    const { topBar, main } = shell(page);
    await expect(main.getByRole('heading', { level: 1, name: 'User Manage' })).toBeVisible();
    await expect(topBar.getByText('Security', { exact: true })).toBeVisible();
    await expect(topBar.getByText('User Manage', { exact: true })).toBeVisible();
    await expect(page).toHaveTitle('User Manage · Security · Hasp');
    expect((await webStorage(page)).session).toMatchObject({
      pageTitle: 'Security',
      childPageTitle: 'User Manage',
      showTopbar: 'true',
    });

    // A page about one permit type names it (from the navigation).
    await page.goto('/index?permitType=LOTO');
    await expect(main.getByRole('heading', { level: 1, name: 'LOTO Permit' })).toBeVisible();
    await expect(topBar.getByText('Permit Index', { exact: true })).toBeVisible();
    expect((await webStorage(page)).session).toMatchObject({
      pageTitle: 'Permit Index',
      childPageTitle: 'LOTO Permit',
    });

    await page.goto('/admin/connect');
    await expect(main.getByRole('heading', { level: 1, name: 'Hasp Connect' })).toBeVisible();
    await expect(page).toHaveTitle('Hasp Connect · Hasp');
  });

  test('an unknown URL shows a real not-found page inside the layout', async ({ page, signIn }) => {
    await signIn();
    await page.goto('/no/such/page');
    await expect(shell(page).main.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(shell(page).main.getByText('/no/such/page')).toBeVisible();
    await shell(page).main.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL('/my-work');
  });

  test('a right-nav page opened by URL follows its entry: refused without the permission', async ({ page, signIn }) => {
    await signIn({ user: demo.supervisor.userName });
    await page.goto('/security/user-manage');
    await expect(
      shell(page).main.getByText('You do not have permission to open this page.', { exact: false }),
    ).toBeVisible();
    // Who may open it sees the screen (Notification Template Manage), not a placeholder.
    await signIn();
    await page.goto('/notifications-manager');
    await expect(shell(page).main.getByRole('heading', { level: 1 })).toHaveText('Notification Template Manage');
    // Hasp Connect is a screen now: its API keys.
    await page.goto('/admin/connect');
    await expect(shell(page).main.getByRole('heading', { name: 'API keys' })).toBeVisible();
  });
});

test.describe('shell: online and offline', () => {
  test('the browser going offline opens the offline dashboard with the OFFLINE banner', async ({
    page,
    context,
    signIn,
  }) => {
    await signIn();
    await page.goto('/announcements');
    const { main, offlineBanner, sidebar } = shell(page);
    await expect(main.getByRole('heading', { level: 1, name: 'Announcements' })).toBeVisible();
    await expect(offlineBanner).toBeHidden();

    await context.setOffline(true);
    await expect(page).toHaveURL('/offline/dashboard');
    await expect(offlineBanner).toBeVisible();
    await expect(main.getByRole('heading', { level: 1, name: 'Offline Dashboard' })).toBeVisible();
    // What is stored depends on how far the download after sign-in got: the dashboard says which.
    await expect(main.getByTestId('offline-availability')).toBeVisible();

    // Offline, / always leads to announcements, even with CustomDashboards on.
    await sidebar.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL('/announcements');

    // Back online: the page stays, the banner goes.
    await context.setOffline(false);
    await expect(offlineBanner).toBeHidden();
    await expect(page).toHaveURL('/announcements');
  });

  test('the go-offline toggle does the same, and is not offered on a permit edit page', async ({ page, signIn }) => {
    await signIn();
    await page.goto('/announcements');
    const { topBar, offlineBanner, main } = shell(page);
    await topBar.getByRole('button', { name: 'Go offline' }).click();
    await expect(page).toHaveURL('/offline/dashboard');
    await expect(offlineBanner).toBeVisible();
    await expect(main.getByTestId('offline-availability')).toBeVisible();
    // The facility's offline-enabled types are listed.
    await expect(main.getByRole('link', { name: 'LOTO Permit' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'General Work' })).toBeVisible();

    await topBar.getByRole('button', { name: 'Go online' }).click();
    await expect(offlineBanner).toBeHidden();
    await expect(page).toHaveURL('/offline/dashboard');

    // A demo permit of this facility: its page is loaded once its number is the heading.
    const permit = await withDatabase(
      async (client) =>
        (
          await client.query<{ id: number; number: string }>(
            'select id, number from permits where facility_id = $1 order by id limit 1',
            [demo.northPlant.ID],
          )
        ).rows[0]!,
    );
    await page.goto(`/Permit/Edit/${permit.id}`);
    await expect(main.getByRole('heading', { level: 1, name: permit.number })).toBeVisible();
    await expect(topBar.getByRole('button', { name: /Go (on|off)line/ })).toHaveCount(0);
  });
});
