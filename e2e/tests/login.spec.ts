import { expect, test } from '../support/fixtures';
import { loginMessages } from '@hasp/contracts';
import { demo, loginScreen, signInWithForm, webStorage } from '../support/hasp';
import { signOutThroughMenu } from '../support/shell';

test.describe('login screen', () => {
  test('signs in and lands on the home page (/ → My work today for an approver) showing the user and the facility', async ({
    page,
  }) => {
    // Hold the sign-in answer a moment to see the button's spinner.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/login', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login');
    await signInWithForm(page, demo.admin.userName, { facility: demo.riverside.name });
    const submit = loginScreen(page).submit;
    await expect(submit).toBeDisabled();
    await expect(submit).toHaveAttribute('data-loading', 'true');
    await expect(page.getByRole('status')).toHaveText('Signing in…');
    release();

    // The admin approves and issues at Riverside too: / leads to their worklists on My work today.
    await expect(page).toHaveURL('/my-work');
    const topBar = page.getByRole('banner');
    await expect(topBar.getByText(demo.admin.displayName)).toBeVisible();
    await expect(topBar.getByText('Hasp®')).toBeVisible();
    // Facility names are cut at 25 characters; the full name stays in the title attribute.
    const facility = topBar.getByText(demo.riverside.shown);
    await expect(facility).toHaveAttribute('title', demo.riverside.name);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'My work today' })).toBeVisible();

    const storage = await webStorage(page);
    expect(storage.session).toMatchObject({
      connectionStringName: 'Demo',
      facilityId: '2',
      facilityName: demo.riverside.name,
      loggedInViaSSO: 'false',
    });
    expect(JSON.parse(storage.session.facility!)).toMatchObject({ ID: 2, name: demo.riverside.name });
    expect(JSON.parse(storage.session.user!)).toMatchObject({ userName: 'admin' });
    expect(storage.local).toMatchObject({ lastConnectionStringName: 'Demo', lastFacilityId: '2' });
    // The access token lives in memory only.
    expect(JSON.stringify(storage)).not.toMatch(/eyJ[\w-]+\.eyJ/);
  });

  test('shows each required-field message on its field', async ({ page }) => {
    const screen = loginScreen(page);
    await page.goto('/login');
    await screen.submit.click();

    await expect(page.getByRole('alert')).toHaveText(loginMessages.usernameAndPasswordRequired);
    await expect(screen.username).toHaveAccessibleDescription(loginMessages.usernameRequired);
    await expect(screen.password).toHaveAccessibleDescription(loginMessages.passwordRequired);
    await expect(screen.username).toBeFocused();
    await expect(screen.username).toHaveAttribute('aria-invalid', 'true');

    await screen.facility.selectOption('');
    await expect(screen.facility).toHaveAccessibleDescription(loginMessages.facilityRequired);

    await screen.connection.selectOption('');
    await expect(screen.connection).toHaveAccessibleDescription(loginMessages.connectionRequired);
    await expect(screen.facility).toBeHidden();

    // A password alone is still not enough: no username.
    await screen.connection.selectOption(demo.connection);
    await expect(screen.facility).toHaveValue(String(demo.northPlant.ID));
    await screen.password.fill('something');
    await screen.submit.click();
    await expect(page.getByRole('alert')).toHaveText(loginMessages.usernameAndPasswordRequired);
    await expect(screen.password).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('wrong credentials shake the form, show the message and empty username and password', async ({ page }) => {
    const screen = loginScreen(page);
    await page.goto('/login');
    await expect(screen.submit).toBeVisible();
    // Record every class the form takes: the shake lasts half a second.
    await screen.form.evaluate((form) => {
      const seen: string[] = [];
      (window as unknown as { formClasses: string[] }).formClasses = seen;
      new MutationObserver(() => seen.push(form.className)).observe(form, { attributeFilter: ['class'] });
    });

    await screen.username.fill(demo.worker.userName);
    await screen.password.fill('not-the-password');
    await screen.submit.click();

    await expect(page.getByRole('alert')).toHaveText(loginMessages.invalidCredentials);
    await expect(screen.username).toHaveValue('');
    await expect(screen.password).toHaveValue('');
    await expect(screen.username).toBeFocused();
    const classes = () => page.evaluate(() => (window as unknown as { formClasses: string[] }).formClasses);
    await expect.poll(async () => (await classes()).some((c) => c.split(' ').includes('login-shake'))).toBe(true);
    // The class goes once the animation ends, so the next failure can shake again.
    await expect(screen.form).not.toHaveClass(/login-shake/);
    // The fields were reset, not flagged: no required-field errors yet.
    await expect(screen.username).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL('/login');

    // Editing the password clears the message.
    await screen.password.fill('x');
    await expect(page.getByText(loginMessages.invalidCredentials)).toBeHidden();
  });

  test("shows the server's message when the user may not use the facility", async ({ page }) => {
    await page.goto('/login');
    await signInWithForm(page, demo.worker.userName, { facility: demo.riverside.name });
    await expect(page.getByRole('alert')).toHaveText('You do not have access to this facility');
    await expect(page).toHaveURL('/login');
  });

  test('changing the connection reloads its facilities and selects the first', async ({ page }) => {
    const screen = loginScreen(page);
    const facilityRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/stilFacility/getRecords')) facilityRequests.push(r.url());
    });
    await page.goto('/login');
    await screen.facility.selectOption({ label: demo.riverside.name });
    // The page data already carried the default connection's facilities.
    expect(facilityRequests).toEqual([]);

    const emptyRecords = page.waitForResponse(
      (r) => r.url().includes('/api/stilFacility/getRecords') && r.url().includes('connectionStringName=Empty'),
    );
    await screen.connection.selectOption(demo.emptyConnection);
    expect((await emptyRecords).status()).toBe(200);
    await expect(page.getByRole('alert')).toHaveText(loginMessages.noFacilitiesForConnection);
    await expect(screen.facility).toBeHidden();

    const demoRecords = page.waitForResponse(
      (r) => r.url().includes('/api/stilFacility/getRecords') && r.url().includes('connectionStringName=Demo'),
    );
    await screen.connection.selectOption(demo.connection);
    await demoRecords;
    await expect(screen.facility).toHaveValue(String(demo.northPlant.ID));
    await expect(page.getByText(loginMessages.noFacilitiesForConnection)).toBeHidden();
  });

  test('says so when there are no connections at all', async ({ page }) => {
    await page.route('**/api/login/pagedata*', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), connectionStringNames: [] } });
    });
    await page.goto('/login');
    await expect(page.getByRole('alert')).toHaveText(loginMessages.noConnectionNames);
    await expect(loginScreen(page).submit).toBeHidden();
  });

  test('says so when the default connection has no facilities', async ({ page }) => {
    await page.route('**/api/login/pagedata*', async (route) => {
      const response = await route.fetch();
      const data = (await response.json()) as Record<string, unknown>;
      await route.fulfill({
        response,
        json: { ...data, defaultConnectionStringName: 'Empty', defaultFacilityId: null, facilities: [] },
      });
    });
    await page.goto('/login');
    await expect(page.getByRole('alert')).toHaveText(loginMessages.noFacilitiesForDefault);
    await expect(loginScreen(page).connection).toHaveValue('Empty');
  });

  test('returns to the remembered URL after sign-in', async ({ page }) => {
    // A permit ID no demo permit has: its page says so under its "Edit <id>" heading (a real permit's
    // heading turns into its number once loaded).
    await page.goto('/Permit/Edit/999999?tab=isolation');
    await expect(page).toHaveURL('/login?redirect=%2FPermit%2FEdit%2F999999%3Ftab%3Disolation');
    await signInWithForm(page, demo.supervisor.userName);
    await expect(page).toHaveURL('/Permit/Edit/999999?tab=isolation');
    await expect(page.getByText('This permit does not exist in this facility, or you may not see it.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit 999999' })).toBeVisible();
  });

  test('does not remember / as a redirect target', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL('/login');
  });

  test('preselects the connection and facility used last', async ({ page }) => {
    const screen = loginScreen(page);
    await page.goto('/login');
    await signInWithForm(page, demo.admin.userName, { facility: demo.riverside.name });
    await expect(page).toHaveURL('/my-work');
    await signOutThroughMenu(page);
    await expect(page).toHaveURL('/login');
    await expect(screen.connection).toHaveValue(demo.connection);
    await expect(screen.facility).toHaveValue(String(demo.riverside.ID));

    await page.evaluate(() => window.localStorage.setItem('lastConnectionStringName', 'Empty'));
    await page.reload();
    await expect(screen.connection).toHaveValue('Empty');
    await expect(page.getByRole('alert')).toHaveText(loginMessages.noFacilitiesForConnection);
  });
});
