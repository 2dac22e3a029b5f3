import { expect, test, type Page } from '@playwright/test';
import { loginMessages } from '@hasp/contracts';
import { withDatabase } from '../support/database';
import { demo, loginScreen, webStorage } from '../support/hasp';
import { e2eBaseUrl } from '../support/ports';
import { expectNoSeriousViolations, expectNoSidewaysScroll, saveScreenshot } from '../support/quality';
import { expectSignedIn, signOutThroughMenu } from '../support/shell';
import { idpPassword, idpUsers, startSimpleSamlPhp, type IdentityProvider } from '../support/simplesamlphp';

/**
 * Single sign-on against a real identity provider: SimpleSAMLphp (Debian's package) on a loopback
 * port, started here. SSO is switched on for the e2e server's `SSO` connection only (a copy of the
 * demo data in a database of its own), so the login screens of the other specs stay as they are.
 */
const connection = 'SSO';
const database = 'hasp_sso';

// One IdP and one set of settings for the file: its tests run in order in one worker.
test.describe.configure({ mode: 'default' });

let idp: IdentityProvider;
let restoreSettings: () => Promise<void>;

/** Writes the connection's sso.* settings; resolves with a function that puts the old rows back. */
async function configureSso(values: Record<string, unknown>): Promise<() => Promise<void>> {
  const keys = Object.keys(values);
  const before = await withDatabase(async (db) => {
    const old = await db.query<{ key: string; value: unknown }>(
      'select key, value from app_settings where key = any($1) and facility_id is null',
      [keys],
    );
    for (const [key, value] of Object.entries(values)) {
      await db.query(
        `insert into app_settings (key, facility_id, value) values ($1, null, $2)
         on conflict (key, facility_id) do update set value = excluded.value, updated_at = now()`,
        [key, JSON.stringify(value)],
      );
    }
    return old.rows;
  }, database);
  return () =>
    withDatabase(async (db) => {
      await db.query('delete from app_settings where key = any($1) and facility_id is null', [keys]);
      for (const row of before) {
        await db.query('insert into app_settings (key, facility_id, value) values ($1, null, $2)', [
          row.key,
          JSON.stringify(row.value),
        ]);
      }
    }, database);
}

test.beforeAll(async () => {
  idp = await startSimpleSamlPhp({ baseUrl: e2eBaseUrl, connectionStringName: connection });
  restoreSettings = await configureSso({
    'sso.enabled': true,
    'sso.idpEntryPoint': idp.ssoUrl,
    'sso.idpIssuer': idp.entityId,
    'sso.idpCertificate': idp.certificate,
    'sso.spBaseUrl': e2eBaseUrl,
    'sso.usernameAttribute': 'uid',
  });
});

test.afterAll(async () => {
  await restoreSettings?.();
  await idp?.stop();
});

test.afterEach(async ({ page: _page }, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus && idp) {
    await testInfo.attach('simplesamlphp.log', { body: idp.log(), contentType: 'text/plain' });
  }
});

/** Counts the browser's trips to the IdP (each starts at Hasp's saml/login). */
function countTripsToIdp(page: Page) {
  const trips = { count: 0 };
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.url().startsWith(idp.ssoUrl)) trips.count += 1;
  });
  return trips;
}

/** Opens the login screen and chooses the SSO connection: the screen goes to the IdP's login form. */
async function goToIdpThroughConnectionChoice(page: Page) {
  await page.goto('/login');
  await loginScreen(page).connection.selectOption(connection);
  await expect(page).toHaveURL(new RegExp(`^${idp.baseUrl}/module\\.php/core/loginuserpass\\.php`));
}

/** Signs in at SimpleSAMLphp's own form; it then posts the signed response to Hasp. */
async function signInAtIdp(page: Page, username: string) {
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(idpPassword);
  await page.locator('#submit_button').click();
}

/** The login screen back from the IdP with a token: no username or password, Start Over offered. */
async function expectSsoFacilityChoice(page: Page) {
  const screen = loginScreen(page);
  await expect(page).toHaveURL(`${e2eBaseUrl}/login`);
  await expect(screen.submit).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Start Over' })).toBeVisible();
  await expect(screen.username).toHaveCount(0);
  await expect(screen.password).toHaveCount(0);
}

test('signs in through the IdP: redirect, IdP form, POST back, facility choice, loggedInViaSSO', async ({
  page,
}, testInfo) => {
  const screen = loginScreen(page);
  await goToIdpThroughConnectionChoice(page);
  await signInAtIdp(page, idpUsers.supervisor.username);

  // Back at Hasp: the token was taken out of the address; the supervisor has two facilities.
  await expectSsoFacilityChoice(page);
  await expect(screen.connection).toHaveValue(connection);
  await expect(screen.facility.locator('option')).toHaveText([
    'Select a facility',
    demo.northPlant.name,
    demo.riverside.name,
  ]);
  expect(page.url()).not.toContain('ssoToken');

  await expectNoSeriousViolations(page);
  await saveScreenshot(page, testInfo, 'sso-facility-choice-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page, 390);
  await saveScreenshot(page, testInfo, 'sso-facility-choice-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  // An incomplete form says the seed's SSO message.
  await screen.facility.selectOption('');
  await screen.submit.click();
  await expect(screen.form.getByRole('alert')).toHaveText(loginMessages.ssoMissing);

  await screen.facility.selectOption({ label: demo.riverside.name });
  await screen.submit.click();
  await expectSignedIn(page);
  await expect(page.getByRole('banner').getByText(demo.supervisor.displayName)).toBeVisible();
  const storage = await webStorage(page);
  expect(storage.session).toMatchObject({ connectionStringName: connection, facilityId: '2', loggedInViaSSO: 'true' });
  expect(JSON.parse(storage.session.user!)).toMatchObject({ userName: demo.supervisor.userName });
  expect(storage.local).toMatchObject({ lastConnectionStringName: connection, lastFacilityId: '2' });

  // A reload resumes the session and still knows it came through SSO.
  await page.reload();
  await expectSignedIn(page);
  expect((await webStorage(page)).session.loggedInViaSSO).toBe('true');
});

test('sign-out shows "You have been logged out." without bouncing to the IdP; Start Over goes there again', async ({
  page,
}, testInfo) => {
  const screen = loginScreen(page);
  await goToIdpThroughConnectionChoice(page);
  await signInAtIdp(page, idpUsers.worker.username);
  await expectSsoFacilityChoice(page);
  // The worker has one facility: no dropdown.
  await expect(screen.facility).toHaveCount(0);
  await screen.submit.click();
  await expectSignedIn(page);

  const trips = countTripsToIdp(page);
  await signOutThroughMenu(page);
  await expect(page).toHaveURL(`${e2eBaseUrl}/login`);
  await expect(screen.form.getByRole('alert')).toHaveText(loginMessages.loggedOut);
  await expect(page.getByRole('button', { name: 'Start Over' })).toBeVisible();
  // The facility is chosen after the IdP has named the user.
  await expect(screen.username).toHaveCount(0);
  await expect(screen.facility).toHaveCount(0);
  await saveScreenshot(page, testInfo, 'sso-logged-out-1280');
  // Still here a moment later, and a reload does not bounce either (the flag outlives the page).
  await page.waitForTimeout(1_000);
  await page.reload();
  await expect(screen.form.getByRole('alert')).toHaveText(loginMessages.loggedOut);
  expect(trips.count).toBe(0);
  expect(page.url()).toBe(`${e2eBaseUrl}/login`);

  // Start Over: a new round trip. The IdP still knows the worker, so it answers at once.
  await page.getByRole('button', { name: 'Start Over' }).click();
  await expectSsoFacilityChoice(page);
  expect(trips.count).toBe(1);
  await expect(screen.form.getByRole('alert')).toHaveCount(0);
  await screen.submit.click();
  await expectSignedIn(page);
  expect((await webStorage(page)).session.loggedInViaSSO).toBe('true');
});

test("an IdP user unknown to Hasp: the seed's message and toast, and no redirect loop", async ({ page }, testInfo) => {
  const screen = loginScreen(page);
  const trips = countTripsToIdp(page);
  await goToIdpThroughConnectionChoice(page);
  await signInAtIdp(page, idpUsers.stranger.username);

  await expect(page).toHaveURL(`${e2eBaseUrl}/login`);
  await expect(screen.form.getByRole('alert')).toHaveText(loginMessages.invalidCredentialsSso);
  await expect(page.getByRole('alert').filter({ hasText: loginMessages.authorizationFailed })).toBeVisible();
  await expect(screen.username).toHaveCount(0);
  await expect(screen.facility).toHaveCount(0);
  await expectNoSeriousViolations(page);
  await saveScreenshot(page, testInfo, 'sso-failed-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page, 390);
  await saveScreenshot(page, testInfo, 'sso-failed-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(1_000);
  expect(trips.count).toBe(1);

  // Login restarts the flow: to the IdP (which still knows the stranger) and back with the same answer.
  await screen.submit.click();
  await expect.poll(() => trips.count).toBe(2);
  await expect(screen.form.getByRole('alert')).toHaveText(loginMessages.invalidCredentialsSso);
  await page.waitForTimeout(1_000);
  expect(trips.count).toBe(2);
});

test('a refused SSO login restarts the SSO flow', async ({ page }) => {
  const screen = loginScreen(page);
  // The token the IdP round trip brings back, read from Hasp's redirect.
  let token = '';
  page.on('response', (response) => {
    const location = response.headers().location ?? '';
    const match = /ssoToken=([^&]+)/.exec(location);
    if (match) token = decodeURIComponent(match[1]!);
  });
  await goToIdpThroughConnectionChoice(page);
  await signInAtIdp(page, idpUsers.worker.username);
  await expectSsoFacilityChoice(page);
  expect(token).not.toBe('');

  // Someone else uses the one-time token first.
  const used = await page.request.post('/api/login/sso', {
    data: { connectionStringName: connection, facilityId: demo.northPlant.ID, token },
  });
  expect(used.status()).toBe(200);

  const trips = countTripsToIdp(page);
  await screen.submit.click();
  await expect(screen.form.getByRole('alert')).toHaveText(loginMessages.invalidCredentialsSso);
  await expect(page.getByRole('alert').filter({ hasText: loginMessages.authorizationFailed })).toBeVisible();
  expect(trips.count).toBe(0);

  // The next Login goes to the IdP for a new token.
  await screen.submit.click();
  await expectSsoFacilityChoice(page);
  expect(trips.count).toBe(1);
  await screen.submit.click();
  await expectSignedIn(page);
});
