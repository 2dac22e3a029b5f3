import type { Page } from '@playwright/test';
import { passwordPolicyMessage } from '@hasp/contracts';
import { expect, test } from '../support/fixtures';
import { demo, loginScreen } from '../support/hasp';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { createTestUser } from '../support/profile-users';
import { expectNoSeriousViolations, expectNoSidewaysScroll, saveScreenshot } from '../support/quality';
import { expectSignedIn, shell, signOutThroughMenu } from '../support/shell';

// The page's requests go straight to the API; the service worker plays no part here.
test.use({ serviceWorkers: 'block' });

/** An iPhone's Safari, so the second device has a name of its own in the list. */
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

function profilePage(page: Page) {
  const details = page.getByRole('form', { name: 'Your details' });
  const password = page.getByRole('form', { name: 'Password' });
  return {
    heading: page.getByRole('heading', { level: 1, name: 'User Profile' }),
    details,
    name: details.getByRole('textbox', { name: /^Name/ }),
    email: details.getByRole('textbox', { name: /^E-mail/ }),
    language: details.getByRole('combobox', { name: /^Preferred language/ }),
    save: details.getByRole('button', { name: 'Save details' }),
    password,
    currentPassword: password.getByLabel(/^Current password/),
    newPassword: password.getByLabel(/^New password/),
    confirmPassword: password.getByLabel(/^Confirm the new password/),
    signOutOthers: password.getByRole('checkbox', { name: 'Sign out my other devices' }),
    changePassword: password.getByRole('button', { name: 'Change password' }),
    devices: page.getByRole('region', { name: 'Signed-in devices' }).getByRole('listitem'),
  };
}

async function openProfile(page: Page) {
  await page.goto('/user-profile');
  await expect(profilePage(page).heading).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect(profilePage(page).name).toBeVisible();
}

test.describe('user profile', () => {
  test('name and e-mail: checked at the field, kept after a failed save, saved for good', async ({
    page,
    signIn,
  }, testInfo) => {
    const user = await createTestUser('profile-details');
    await signIn({ user: user.userName });
    await openProfile(page);
    const profile = profilePage(page);
    await expect(profile.name).toHaveValue(user.displayName);
    await expect(profile.email).toHaveValue(user.email);
    await expect(page).toHaveTitle(/User Profile/);

    await saveScreenshot(page, testInfo, 'profile-1280');
    await expectNoSeriousViolations(page);
    await expectNoSidewaysScroll(page, 1280);

    // A bad address is named at its field, and what was typed stays.
    await profile.name.fill('Patricia Renamed');
    await profile.email.fill('not-an-address');
    await profile.save.click();
    await expect(profile.email).toHaveAttribute('aria-invalid', 'true');
    await expect(profile.details.getByText('Enter a valid e-mail address, like name@example.com.')).toBeVisible();
    await expect(profile.email).toBeFocused();
    await expect(profile.name).toHaveValue('Patricia Renamed');

    const newEmail = `renamed-${user.userName}@hasp.example`;
    await profile.email.fill(newEmail);
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/profile') && r.request().method() === 'PUT');
    await profile.save.click();
    expect((await saved).status()).toBe(200);
    await expect(profile.details.getByRole('status')).toHaveText('Your details were saved.');
    // The top bar follows the new name without a new sign-in.
    await expect(shell(page).userMenu).toHaveAccessibleName('User menu for Patricia Renamed');

    await page.reload();
    await expect(profile.name).toHaveValue('Patricia Renamed', { timeout: FIRST_LOAD_TIMEOUT_MS });
    await expect(profile.email).toHaveValue(newEmail);
  });

  test('the preferred language applies at once, and back', async ({ page, signIn }) => {
    const user = await createTestUser('profile-language');
    await signIn({ user: user.userName });
    await openProfile(page);
    const profile = profilePage(page);
    await expect(profile.language.locator('option', { hasText: 'Español' })).toHaveCount(1);

    await profile.language.selectOption({ label: 'Español' });
    await profile.save.click();
    // No reload: the page's own captions, and the shell's, switch.
    await expect(page.getByRole('heading', { level: 2, name: 'Sus datos' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Perfil de usuario' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Guardar datos' })).toBeVisible();
    await expect(page.getByText('Sus datos se guardaron.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your details' })).toHaveCount(0);

    // Saved for the user: a reload still speaks Spanish.
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Sus datos' })).toBeVisible({
      timeout: FIRST_LOAD_TIMEOUT_MS,
    });
    const language = page.getByRole('combobox', { name: /^Idioma preferido/ });
    await expect(language).toHaveValue('es');
    await language.selectOption({ label: 'English' });
    await page.getByRole('button', { name: 'Guardar datos' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Your details' })).toBeVisible();
    await expect(profile.heading).toBeVisible();
    await expect(profile.details.getByRole('status')).toHaveText('Your details were saved.');
  });

  test('password change: wrong current password, the policy, a mismatch, then a new password that works', async ({
    page,
    signIn,
    request,
  }) => {
    const user = await createTestUser('profile-password');
    await signIn({ user: user.userName });
    await openProfile(page);
    const profile = profilePage(page);
    // The policy shows before anything is typed.
    await expect(profile.password.getByText(passwordPolicyMessage, { exact: true })).toBeVisible();
    await expect(profile.signOutOthers).toBeChecked();

    const newPassword = 'a-long-enough-passphrase';
    await profile.currentPassword.fill('not-my-password');
    await profile.newPassword.fill(newPassword);
    await profile.confirmPassword.fill(newPassword);
    const refused = page.waitForResponse('**/api/profile/password');
    await profile.changePassword.click();
    expect((await refused).status()).toBe(400);
    await expect(profile.password.getByText('The current password is not correct.')).toBeVisible();
    await expect(profile.currentPassword).toHaveAttribute('aria-invalid', 'true');
    await expect(profile.currentPassword).toBeFocused();
    // A field error, not an error toast.
    await expect(page.getByText('Error code: 400')).toHaveCount(0);

    await profile.currentPassword.fill(demo.password);
    await profile.newPassword.fill('too-short');
    await profile.confirmPassword.fill('too-short');
    await profile.changePassword.click();
    await expect(profile.password.getByText(`The new password is too short. ${passwordPolicyMessage}`)).toBeVisible();
    await expect(profile.newPassword).toHaveAttribute('aria-invalid', 'true');

    await profile.newPassword.fill(newPassword);
    await profile.confirmPassword.fill(`${newPassword}!`);
    await profile.changePassword.click();
    await expect(profile.password.getByText('The passwords do not match. Type the new password again.')).toBeVisible();
    await expect(profile.confirmPassword).toHaveAttribute('aria-invalid', 'true');

    await profile.confirmPassword.fill(newPassword);
    const changed = page.waitForResponse('**/api/profile/password');
    await profile.changePassword.click();
    expect((await changed).status()).toBe(204);
    await expect(profile.password.getByRole('status')).toHaveText(
      'Your password was changed and your other devices were signed out.',
    );
    await expect(profile.currentPassword).toHaveValue('');

    // The old password no longer works; the new one signs in through the form.
    const old = await request.post('/api/login', {
      data: {
        connectionStringName: demo.connection,
        facilityId: demo.northPlant.ID,
        username: user.userName,
        password: demo.password,
      },
    });
    expect(old.status()).toBe(401);
    await signOutThroughMenu(page);
    const screen = loginScreen(page);
    await expect(screen.submit).toBeVisible();
    await screen.username.fill(user.userName);
    await screen.password.fill(newPassword);
    await screen.submit.click();
    await expectSignedIn(page);
  });

  test('devices: two sign-ins, the other one revoked with confirmation is signed out', async ({
    page,
    signIn,
    browser,
  }, testInfo) => {
    const user = await createTestUser('profile-devices');
    await signIn({ user: user.userName });

    // The same user on a phone.
    const phone = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      serviceWorkers: 'block',
      userAgent: IPHONE_SAFARI,
      viewport: { width: 390, height: 844 },
    });
    const phonePage = await phone.newPage();
    try {
      const login = await phonePage.request.post('/api/login', {
        data: {
          connectionStringName: demo.connection,
          facilityId: demo.northPlant.ID,
          username: user.userName,
          password: demo.password,
        },
      });
      expect(login.status(), await login.text()).toBe(200);
      await phonePage.goto('/');
      await expectSignedIn(phonePage);

      await openProfile(page);
      const profile = profilePage(page);
      await expect(profile.devices).toHaveCount(2);
      const thisDevice = profile.devices.filter({ hasText: 'This device' });
      await expect(thisDevice).toHaveCount(1);
      await expect(thisDevice.getByRole('heading')).toContainText('Chrome on Windows');
      await expect(thisDevice.getByRole('button', { name: 'Sign out' })).toBeVisible();
      await expect(thisDevice.getByRole('button', { name: /^Revoke/ })).toHaveCount(0);
      const phoneItem = profile.devices.filter({ hasText: 'Safari on iPhone' });
      await expect(phoneItem).toContainText('IP address');
      await expect(phoneItem).toContainText('Last used');

      // The phone's own view of the list, at 390 px.
      await openProfile(phonePage);
      await expect(profilePage(phonePage).devices).toHaveCount(2);
      await saveScreenshot(phonePage, testInfo, 'profile-390');
      await expectNoSidewaysScroll(phonePage, 390);
      await expectNoSeriousViolations(phonePage);
      // Somewhere else, so that after the revoke the phone's next move is an in-app navigation.
      await phonePage.goto('/');
      await expectSignedIn(phonePage);

      // Revoke asks first; Cancel keeps the device.
      await phoneItem.getByRole('button', { name: 'Revoke Safari on iPhone' }).click();
      const dialog = page.getByRole('dialog', { name: 'Revoke this device?' });
      await expect(dialog).toContainText('Safari on iPhone will be signed out at once');
      await saveScreenshot(page, testInfo, 'profile-revoke-dialog');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await expect(profile.devices).toHaveCount(2);

      await phoneItem.getByRole('button', { name: 'Revoke Safari on iPhone' }).click();
      const revoked = page.waitForResponse(
        (r) => r.url().includes('/api/profile/sessions/') && r.request().method() === 'DELETE',
      );
      await dialog.getByRole('button', { name: 'Revoke access' }).click();
      expect((await revoked).status()).toBe(204);
      await expect(dialog).toBeHidden();
      await expect(profile.devices).toHaveCount(1);
      await expect(page.getByText('The device was signed out.')).toBeVisible();

      // The revoke ends the phone's live stream; its reconnect's refresh is refused, so it lands on the
      // login page by itself, with no click (the stream does not outlive the sign-in).
      await expect(phonePage).toHaveURL(/\/login/);
      await expect(loginScreen(phonePage).submit).toBeVisible();
    } finally {
      await phone.close();
    }
  });
});
