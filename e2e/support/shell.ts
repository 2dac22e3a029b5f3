import { expect, type Locator, type Page } from '@playwright/test';
import { withDatabase } from './database';
import { phone } from './sign-in';
import { FIRST_LOAD_TIMEOUT_MS } from './platform';

/** The signed-in frame as a user sees it: landmarks and controls found by role and name. */
export function shell(page: Page) {
  const topBar = page.getByRole('banner');
  return {
    topBar,
    sidebar: page.getByRole('navigation', { name: 'Primary' }),
    rightNav: page.getByRole('navigation', { name: 'Administration' }),
    main: page.getByRole('main'),
    sidebarToggle: topBar.getByRole('button', { name: /the sidebar$/ }),
    userMenu: topBar.getByRole('button', { name: /^User menu for / }),
    offlineBanner: topBar.getByText('OFFLINE', { exact: true }),
    administrationMenu: page.getByRole('button', { name: 'Administration menu' }),
    administration: page.getByRole('dialog', { name: 'Administration' }),
  };
}

/**
 * Narrows a signed-in page to a phone and waits for the frame to settle there. On a wide screen the
 * sidebar is open beside the page; at phone width it slides shut over the page's left edge
 * (SIDEBAR_ANIMATION_MS), so a picture taken at once shows the page cut. The toggle says "closed" as
 * soon as the page turns mobile; the sidebar counts as hidden only once the slide has ended (its
 * visibility turns hidden then). A state to wait for, not a time.
 */
export async function narrowToPhone(page: Page, size: { width: number; height: number } = phone) {
  await page.setViewportSize(size);
  const { sidebar, sidebarToggle } = shell(page);
  await expect(sidebarToggle).toHaveAttribute('aria-expanded', 'false');
  await expect(sidebar).toBeHidden();
}

/** Signs out through the user menu. */
export async function signOutThroughMenu(page: Page) {
  await shell(page).userMenu.click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
}

/** Waits until the page's top bar shows (the signed-in frame has loaded). */
export async function expectSignedIn(page: Page) {
  await expect(shell(page).userMenu).toBeVisible();
}

/**
 * Switches a right-nav feature on or off for a facility in the e2e database (the embedded
 * PostgreSQL the test server starts; see playwright.config.ts), returning what it was.
 */
export function setSecuritySetting(facilityId: number, feature: string, enabled: boolean): Promise<boolean> {
  return withDatabase(async (client) => {
    const before = await client.query<{ enabled: boolean }>(
      'select enabled from facility_security_settings where facility_id = $1 and feature = $2',
      [facilityId, feature],
    );
    await client.query('update facility_security_settings set enabled = $3 where facility_id = $1 and feature = $2', [
      facilityId,
      feature,
      enabled,
    ]);
    return before.rows[0]?.enabled ?? false;
  });
}

/**
 * Selects a tab by a tap and waits until it says it is selected, tapping again if it does not: under
 * a loaded machine a tap on a permit page's tab while the page was still settling was seen not to
 * take (the Permit tab stayed selected); a user would tap again too.
 */
export async function selectTab(region: Locator, name: string): Promise<void> {
  const tab = region.getByRole('tab', { name });
  await expect(async () => {
    await tab.click({ timeout: 5_000 });
    await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 2_000 });
  }).toPass({ timeout: FIRST_LOAD_TIMEOUT_MS });
}
