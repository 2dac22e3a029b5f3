import { expect, test } from '../support/fixtures';
import { demo } from '../support/hasp';
import { shell } from '../support/shell';
import { expectNoSeriousViolations, expectNoSidewaysScroll, saveScreenshot } from '../support/quality';

// The service worker is the platform's (its own tests cover it); here it would only compete for
// the two cores while precaching, and the shell must work offline without it.
test.use({ serviceWorkers: 'block' });

test.describe('shell: accessibility and layout', () => {
  test('has header, navigation and main landmarks, and a skip link', async ({ page, signIn }) => {
    await signIn();
    await page.goto('/announcements');
    const { topBar, sidebar, rightNav, main } = shell(page);
    await expect(topBar).toBeVisible();
    await expect(sidebar).toBeVisible();
    await expect(rightNav).toBeVisible();
    await expect(main.getByRole('heading', { level: 1, name: 'Announcements' })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(main).toBeFocused();
  });

  for (const width of [1280, 390]) {
    test(`at ${width} px: no serious accessibility violation, screenshots`, async ({ page, signIn }, testInfo) => {
      const mobile = width < 500;
      await page.setViewportSize({ width, height: mobile ? 844 : 800 });
      await signIn({ facilityId: demo.riverside.ID });
      await page.goto('/announcements');
      const { main, sidebar, sidebarToggle, userMenu, administrationMenu, administration } = shell(page);
      await expect(main.getByRole('heading', { level: 1, name: 'Announcements' })).toBeVisible();
      if (mobile) await sidebarToggle.click();
      await sidebar.getByRole('button', { name: 'Isolation' }).click();
      await expect(sidebar.getByRole('link', { name: 'New LOTO Permit' })).toBeVisible();
      await page.waitForTimeout(450); // the sidebar's 400 ms slide
      await expectNoSeriousViolations(page);
      await saveScreenshot(page, testInfo, `shell-${width}`);
      await expectNoSidewaysScroll(page, width);

      if (mobile) await sidebarToggle.click();
      await userMenu.click();
      await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
      await expectNoSeriousViolations(page);
      await saveScreenshot(page, testInfo, `shell-user-menu-${width}`);
      await page.keyboard.press('Escape');

      await administrationMenu.click();
      // Not 'Translations': shell-nav switches that entry off for Riverside while it runs.
      await expect(administration.getByRole('link', { name: 'Settings Table' })).toBeVisible();
      await expectNoSeriousViolations(page);
      await saveScreenshot(page, testInfo, `shell-administration-${width}`);
      await page.keyboard.press('Escape');

      await page.getByRole('banner').getByRole('button', { name: 'Go offline' }).click();
      await expect(page).toHaveURL('/offline/dashboard');
      await expect(shell(page).offlineBanner).toBeVisible();
      await expectNoSeriousViolations(page);
      await saveScreenshot(page, testInfo, `shell-offline-${width}`);
      await expectNoSidewaysScroll(page, width);
    });
  }
});
