import { rightNavEntries } from '@hasp/contracts';
import { expect, test } from '../support/fixtures';
import { demo } from '../support/hasp';
import { expectNoSidewaysScroll } from '../support/quality';
import { setSecuritySetting, shell } from '../support/shell';

// The service worker is the platform's (its own tests cover it); here it would only compete for
// the two cores while precaching, and the shell must work offline without it.
test.use({ serviceWorkers: 'block' });

test.describe('shell: left sidebar', () => {
  test('is 250 px wide, collapses with a 400 ms animation, and opens one group at a time', async ({ page, signIn }) => {
    await signIn();
    await page.goto('/announcements');
    const { sidebar, sidebarToggle } = shell(page);
    await expect(sidebar.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(250);
    expect(await sidebar.evaluate((el) => getComputedStyle(el).transitionDuration)).toContain('0.4s');

    const isolation = sidebar.getByRole('button', { name: 'Isolation' });
    const workPermits = sidebar.getByRole('button', { name: 'Work Permits' });
    await isolation.click();
    await expect(isolation).toHaveAttribute('aria-expanded', 'true');
    await expect(sidebar.getByRole('link', { name: 'New LOTO Permit' })).toBeVisible();
    await workPermits.click();
    await expect(workPermits).toHaveAttribute('aria-expanded', 'true');
    await expect(isolation).toHaveAttribute('aria-expanded', 'false');
    await expect(sidebar.getByRole('link', { name: 'New LOTO Permit' })).toBeHidden();
    await expect(sidebar.getByRole('link', { name: 'New Hot Work' })).toBeVisible();
    // Clicking the open group closes it.
    await workPermits.click();
    await expect(workPermits).toHaveAttribute('aria-expanded', 'false');
    await expect(sidebar.getByRole('link', { name: 'New Hot Work' })).toBeHidden();

    // Collapsing animates the width over 400 ms, then the sidebar is hidden.
    const transitions = await page.evaluate(async () => {
      const nav = document.querySelector('nav[aria-label="Primary"]')!;
      document.querySelector<HTMLElement>(`[aria-controls="${nav.id}"]`)!.click();
      await new Promise((resolve) => setTimeout(resolve, 0));
      return nav.getAnimations().map((a) => ({
        property: (a as CSSTransition).transitionProperty,
        duration: a.effect?.getTiming().duration,
      }));
    });
    expect(transitions).toContainEqual({ property: 'width', duration: 400 });
    await expect(sidebarToggle).toHaveAttribute('aria-expanded', 'false');
    await expect(sidebar).toBeHidden();
    await sidebarToggle.click();
    await expect(sidebar.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(250);
  });

  test('follows permissions: disabled links are not links, offline create only with its permission', async ({
    page,
    signIn,
  }) => {
    await signIn({ user: demo.worker.userName });
    await page.goto('/announcements');
    const { sidebar } = shell(page);
    await sidebar.getByRole('button', { name: 'Work Permits' }).click();
    // The worker may create General Work but not Hot Work.
    await expect(sidebar.getByRole('link', { name: 'New General Work' })).toHaveAttribute('href', '/Permit/Create/GEN');
    const hotWork = sidebar.getByRole('link', { name: 'New Hot Work' });
    await expect(hotWork).toHaveAttribute('aria-disabled', 'true');
    await expect(hotWork).not.toHaveAttribute('href');
    // Offline create: LOTO is permitted, General Work is not.
    await expect(sidebar.getByRole('link', { name: 'New Offline General Work' })).toHaveCount(0);
    await expect(sidebar.getByRole('link', { name: 'Offline General Work Index' })).toBeVisible();
    await sidebar.getByRole('button', { name: 'Isolation' }).click();
    await expect(sidebar.getByRole('link', { name: 'New Offline LOTO Permit' })).toHaveAttribute(
      'href',
      '/offline/permit/LOTO/create',
    );
  });

  test('at 390 px it starts collapsed, overlays at 250 px, and collapses after a navigation', async ({
    page,
    signIn,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn();
    await page.goto('/announcements');
    const { sidebar, sidebarToggle, main } = shell(page);
    await expect(main.getByRole('heading', { level: 1, name: 'Announcements' })).toBeVisible();
    await expect(sidebarToggle).toHaveAttribute('aria-expanded', 'false');
    await expect(sidebar.getByRole('link', { name: 'Home' })).toBeHidden();

    await sidebarToggle.click();
    await expect(sidebar.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect.poll(async () => (await sidebar.boundingBox())?.x).toBe(0);
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(250);

    await sidebar.getByRole('link', { name: 'Offline Dashboard' }).click();
    await expect(page).toHaveURL('/offline/dashboard');
    await expect(sidebarToggle).toHaveAttribute('aria-expanded', 'false');
    await expect(sidebar.getByRole('link', { name: 'Home' })).toBeHidden();
    await expectNoSidewaysScroll(page, 390);
  });
});

const allEntries = rightNavEntries.map((e) => e.entry);

test.describe('shell: right nav', () => {
  test('shows the seed table to the administrator, every entry usable', async ({ page, signIn }) => {
    await signIn();
    await page.goto('/announcements');
    const { rightNav, administrationMenu, administration } = shell(page);
    await expect(rightNav.getByRole('button', { name: 'Security' })).toBeVisible();
    await administrationMenu.click();
    await expect(administration).toBeVisible();
    const links = administration.getByRole('link');
    await expect(links).toHaveText(allEntries);
    for (const entry of rightNavEntries) {
      await expect(administration.getByRole('link', { name: entry.entry, exact: true })).toHaveAttribute(
        'href',
        entry.route,
      );
    }
    // Group headings in the seed's order; the two single entries have none.
    await expect(administration.getByRole('heading', { level: 3 })).toHaveText([
      'Administrator',
      'Settings Manager',
      'Security',
      'Asset',
      'Master List',
      'Print Manage',
      'Settings',
    ]);
    await administration.getByRole('link', { name: 'Group Manage' }).click();
    await expect(page).toHaveURL('/security/group-manage');
    await expect(administration).toBeHidden();
  });

  test('disables entries without the right-nav permission (supervisor)', async ({ page, signIn }) => {
    await signIn({ user: demo.supervisor.userName });
    await page.goto('/announcements');
    const { rightNav, administrationMenu, administration } = shell(page);

    // The icon bar: the Security group's menu holds its entries, disabled.
    await rightNav.getByRole('button', { name: 'Security' }).click();
    const userManage = page.getByRole('menuitem', { name: 'User Manage', exact: true });
    await expect(userManage).toBeVisible();
    await expect(userManage).toBeDisabled();
    await page.keyboard.press('Escape');
    await rightNav.getByRole('button', { name: 'Asset' }).click();
    await expect(page.getByRole('menuitem', { name: 'Asset Manage', exact: true })).not.toHaveAttribute(
      'aria-disabled',
    );
    await page.getByRole('menuitem', { name: 'Asset Manage', exact: true }).click();
    await expect(page).toHaveURL('/assets/manage');

    await administrationMenu.click();
    const enabled = [
      'Asset Manage',
      'Component Manage',
      'Lock Manage',
      'Announcement Manage',
      'Print List',
      'Report Files',
    ];
    await expect(administration.getByRole('link')).toHaveText(allEntries);
    for (const entry of allEntries) {
      const link = administration.getByRole('link', { name: entry, exact: true });
      if (enabled.includes(entry)) await expect(link).not.toHaveAttribute('aria-disabled');
      else {
        await expect(link, entry).toHaveAttribute('aria-disabled', 'true');
        await expect(link, entry).not.toHaveAttribute('href');
      }
    }
  });

  test.describe('per facility', () => {
    test.describe.configure({ mode: 'serial' });
    // One of them switches Translations off at Riverside for a while.
    test.use({ changesFacilitySettings: true });

    test('hides entries the facility switches off (Riverside: Import Manage, Hasp Connect)', async ({
      page,
      signIn,
    }) => {
      await signIn({ facilityId: demo.riverside.ID });
      await page.goto('/announcements');
      await shell(page).administrationMenu.click();
      const links = shell(page).administration.getByRole('link');
      await expect(links).toHaveText(allEntries.filter((e) => e !== 'Import Manage' && e !== 'Hasp Connect'));
    });

    test('follows the security setting in the database', async ({ page, signIn }) => {
      const before = await setSecuritySetting(demo.riverside.ID, 'translations', false);
      try {
        await signIn({ facilityId: demo.riverside.ID });
        await page.goto('/announcements');
        const { rightNav, administrationMenu, administration, main } = shell(page);
        await expect(rightNav.getByRole('button', { name: 'Security' })).toBeVisible();
        await expect(rightNav.getByRole('link', { name: 'Translations' })).toHaveCount(0);
        await administrationMenu.click();
        await expect(administration.getByRole('link', { name: 'Facility Settings' })).toBeVisible();
        await expect(administration.getByRole('link', { name: 'Translations' })).toHaveCount(0);
        await page.goto('/translations');
        await expect(main.getByText('This feature is switched off for this facility.')).toBeVisible();
      } finally {
        await setSecuritySetting(demo.riverside.ID, 'translations', before);
      }
    });
  });

  test('is a drawer at 390 px', async ({ page, signIn }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn();
    await page.goto('/announcements');
    const { rightNav, administrationMenu, administration } = shell(page);
    await expect(rightNav).toHaveCount(0);
    await administrationMenu.click();
    await expect(administration.getByRole('link')).toHaveText(allEntries);
    await administration.getByRole('link', { name: 'Print List' }).click();
    await expect(page).toHaveURL('/printlist');
    await expectNoSidewaysScroll(page, 390);
  });
});
