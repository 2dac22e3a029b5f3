import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { loginMessages } from '@hasp/contracts';
import { withDatabase } from '../support/database';
import { demo, loginScreen, webStorage } from '../support/hasp';
import { answerQuestionsFor } from '../support/permit-questions';
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
/** What the signature dialog calls the IdP (sso.idpName). */
const idpName = 'Hasp Test IdP';

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
    'sso.idpName': idpName,
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

/** A Hasp user of the SSO connection without a password: an approver (the supervisor's groups) of North Plant. */
async function createSsoSigner(userName: string, displayName: string) {
  await withDatabase(async (db) => {
    const { rows } = await db.query<{ id: number }>(
      `insert into users (user_name, display_name, password_hash) values ($1, $2, null)
       on conflict do nothing returning id`,
      [userName, displayName],
    );
    if (!rows[0]) return;
    await db.query('insert into user_facilities (user_id, facility_id) values ($1, $2)', [
      rows[0].id,
      demo.northPlant.ID,
    ]);
    await db.query(
      `insert into user_groups (user_id, group_id)
       select $1, group_id from user_groups where user_id = (select id from users where user_name = 'supervisor')`,
      [rows[0].id],
    );
  }, database);
}

/** A low-risk LOTO permit of the SSO connection, requested by the demo worker through the API. */
async function requestedPermit(page: Page): Promise<{ ID: number; number: string }> {
  const login = await page.request.post('/api/login', {
    data: {
      connectionStringName: connection,
      facilityId: demo.northPlant.ID,
      username: 'worker',
      password: demo.password,
    },
  });
  expect(login.status(), await login.text()).toBe(200);
  const authorization = `Bearer ${((await login.json()) as { token: string }).token}`;
  const post = async (url: string, data: object = {}) => {
    const response = await page.request.post(url, {
      headers: { authorization, 'idempotency-key': crypto.randomUUID() },
      data,
    });
    expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
    return (await response.json()) as { ID: number; number: string };
  };
  const type = await page.request.get('/api/permits/types/LOTO', { headers: { authorization } });
  expect(type.status(), await type.text()).toBe(200);
  const start = new Date(Date.now() + 24 * 3_600_000);
  const permit = await post('/api/permits', {
    permitTypeId: ((await type.json()) as { ID: number }).ID,
    title: `Signed at the IdP ${Date.now().toString(36)}`,
    description: 'Replace the pump seal.',
    workMethod: 'Isolate, drain, replace.',
    areaId: null,
    assetIds: [],
    plannedStart: start.toISOString(),
    plannedEnd: new Date(start.getTime() + 4 * 3_600_000).toISOString(),
    holderId: null,
    riskLevel: 'low',
  });
  await answerQuestionsFor(page.request, authorization, permit.ID, 'request');
  await post(`/api/permits/${permit.ID}/commands/request`);
  return permit;
}

test('an SSO user signs a permit by signing in again at the IdP (ForceAuthn), at phone width', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const shots = '/tmp/shots-ssosign';
  mkdirSync(shots, { recursive: true });
  await createSsoSigner(idpUsers.signer.uid, 'Sonia Signer');
  const permit = await requestedPermit(page);

  // Signed in to Hasp through the IdP; the IdP keeps its own session.
  await goToIdpThroughConnectionChoice(page);
  await signInAtIdp(page, idpUsers.signer.username);
  await expectSsoFacilityChoice(page);
  await loginScreen(page).submit.click();
  await expectSignedIn(page);
  await page.setViewportSize({ width: 390, height: 844 });

  const main = page.getByRole('main');
  const approve = async () => {
    await page.goto(`/Permit/Edit/${permit.ID}`);
    await main.getByRole('button', { name: 'Approve', exact: true }).click();
    const dialog = page.getByRole('dialog');
    const button = dialog.getByRole('button', { name: `Sign in again at ${idpName} to sign` });
    await expect(button).toBeVisible();
    await expect(dialog.getByLabel('Your password')).toHaveCount(0);
    return { dialog, button };
  };

  // Someone else signs in at the IdP: refused, the permit stays unsigned.
  const first = await approve();
  await expectNoSidewaysScroll(page, 390);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: `${shots}/sso-sign-dialog-390.png` });
  await first.button.click();
  // ForceAuthn: the IdP asks for the password again although its session is still open.
  await expect(page).toHaveURL(new RegExp(`^${idp.baseUrl}/module\\.php/core/loginuserpass\\.php`));
  await signInAtIdp(page, idpUsers.worker.username);
  await expect(page).toHaveURL(`${e2eBaseUrl}/Permit/Edit/${permit.ID}`);
  await expect(main.getByRole('alert')).toContainText(
    'You signed in at the identity provider as someone else: the permit was not signed.',
  );
  await expect(main.getByTestId('permit-status')).toHaveText('Requested');
  await page.screenshot({ path: `${shots}/sso-sign-refused-390.png`, fullPage: true });

  // The signer signs in again at the IdP: back on the permit, signed and Approved.
  const second = await approve();
  await second.button.click();
  await expect(page).toHaveURL(new RegExp(`^${idp.baseUrl}/module\\.php/core/loginuserpass\\.php`));
  await signInAtIdp(page, idpUsers.signer.username);
  await expect(main.getByTestId('permit-status')).toHaveText('Approved');
  expect(page.url()).toBe(`${e2eBaseUrl}/Permit/Edit/${permit.ID}`);
  const signatures = main.getByRole('region', { name: 'Signatures' });
  await expect(signatures.getByRole('listitem')).toHaveText(
    /^Approved as area authority by Sonia Signer, \d{4}-\d\d-\d\d \d\d:\d\d [+-]\d\d:\d\d$/,
  );
  await expectNoSidewaysScroll(page, 390);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: `${shots}/sso-signed-390.png`, fullPage: true });
  await saveScreenshot(page, testInfo, 'sso-signed-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${shots}/sso-signed-1280.png`, fullPage: true });
});
