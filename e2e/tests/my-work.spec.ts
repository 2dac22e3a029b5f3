import { apiPost, browseAs, permitCommand } from '../support/api-user';
import { expect, test } from '../support/fixtures';
import { withDatabase } from '../support/database';
import { demo, signInWithForm } from '../support/hasp';
import { isolatePlan, myUserId } from '../support/isolation';
import { expectTouchTargets, storedPermitTitles } from '../support/offline';
import { createUserLike, type PermitTestUser } from '../support/permit-users';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { expectNoSeriousViolations, expectNoSidewaysScroll, saveScreenshot } from '../support/quality';

// "My work today": a worker who signs in lands on what they hold and the crews they are on, each with
// the next thing it needs from them, one tap from the permit tab where it is done. And a network lost
// on a permit's tab keeps them there (the device's copy), and back online they are still there.
test.use({ serviceWorkers: 'block' });

const phone = { width: 390, height: 844 };

/**
 * An isolated LOTO permit held by `holder`, its group lockbox opened by the supervisor with the holder
 * as its primary authorized employee (the keys not yet deposited: that is the holder's next step).
 */
async function isolatedWithLockbox(browser: Parameters<typeof browseAs>[0], holder: PermitTestUser, title: string) {
  const [requester, approver] = await Promise.all([
    createUserLike('worker', 'mw-requester'),
    createUserLike('supervisor', 'mw-approver'),
  ]);
  const [r, a] = await Promise.all([browseAs(browser, requester), browseAs(browser, approver)]);
  const h = await browseAs(browser, holder);
  const ids = await withDatabase(async (client) => ({
    type: (await client.query<{ id: number }>(`select id from permit_types where facility_id = 1 and code = 'LOTO'`))
      .rows[0]!.id,
    press: (await client.query<{ id: number }>(`select id from assets where facility_id = 1 and number = 'PR-001'`))
      .rows[0]!.id,
  }));
  const holderId = await myUserId(h);
  const start = Date.now() + 30 * 60_000;
  const { ID: permitId } = await apiPost<{ ID: number }>(r, '/api/permits', {
    permitTypeId: ids.type,
    title,
    description: 'Ram seals of PR-001 leak.',
    workMethod: 'Group lockout: each fitter signs on with a personal lock.',
    areaId: null,
    assetIds: [ids.press],
    plannedStart: new Date(start).toISOString(),
    plannedEnd: new Date(start + 4 * 3_600_000).toISOString(),
    holderId,
    riskLevel: 'medium',
  });
  await permitCommand(r, permitId, 'request');
  await permitCommand(a, permitId, 'approve');
  await isolatePlan(a, permitId);
  await permitCommand(a, permitId, 'isolate');
  await apiPost(a, `/api/permits/${permitId}/lockbox/commands/open`, { primaryUserId: holderId, lockId: null });
  await Promise.all([r.page.context().close(), a.page.context().close(), h.page.context().close()]);
  return permitId;
}

test('a worker signs in, lands on My work today and taps the next step to the Crew tab (390 px)', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const worker = await createUserLike('worker', 'mw-worker');
  const title = `My work press ${Date.now().toString(36)}`;
  const permitId = await isolatedWithLockbox(browser, worker, title);

  const context = await browser.newContext({ serviceWorkers: 'block', viewport: phone, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/login');
  await signInWithForm(page, worker.userName, { facility: demo.northPlant.name });
  await expect(page).toHaveURL('/my-work', { timeout: FIRST_LOAD_TIMEOUT_MS });
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'My work today' })).toBeVisible();

  // The permit held (nothing is the holder's to do while it is only isolated) and the crew they lead.
  const crews = main.getByRole('region', { name: 'Crews I am on' });
  const card = crews.getByRole('listitem').filter({ hasText: title });
  const step = card.getByRole('link', { name: 'Deposit the keys in the lockbox' });
  await expect(step).toBeVisible();
  await expect(
    main
      .getByRole('region', { name: 'Permits I hold' })
      .getByRole('listitem')
      .filter({ hasText: title })
      .getByRole('link', { name: 'Open the permit — nothing is needed from you yet' }),
  ).toBeVisible();

  await expectNoSidewaysScroll(page, phone.width);
  await expectTouchTargets(page);
  await expectNoSeriousViolations(page);
  await saveScreenshot(page, testInfo, 'my-work-390');

  await step.tap();
  await expect(page).toHaveURL(new RegExp(`/Permit/Edit/${permitId}\\?tab=crew-sign-on$`));
  await expect(main.getByRole('tab', { name: 'Crew', selected: true })).toBeVisible({
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  await context.close();
});

test('Network lost on the Crew tab and restored: the user is back on the Crew tab', async ({ browser }) => {
  test.setTimeout(240_000);
  const worker = await createUserLike('worker', 'mw-offline');
  const title = `My work offline ${Date.now().toString(36)}`;
  const permitId = await isolatedWithLockbox(browser, worker, title);

  const context = await browser.newContext({ serviceWorkers: 'block', viewport: phone, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/login');
  await signInWithForm(page, worker.userName, { facility: demo.northPlant.name });
  await expect(page).toHaveURL('/my-work', { timeout: FIRST_LOAD_TIMEOUT_MS });
  // Taken offline right after sign-in: the permit they hold is on the device.
  await expect.poll(() => storedPermitTitles(page), { timeout: FIRST_LOAD_TIMEOUT_MS }).toContain(title);

  const main = page.getByRole('main');
  await main.getByRole('link', { name: 'Deposit the keys in the lockbox' }).tap();
  const crewTab = main.getByRole('tab', { name: 'Crew' });
  await expect(crewTab).toHaveAttribute('aria-selected', 'true', { timeout: FIRST_LOAD_TIMEOUT_MS });
  const here = new RegExp(`/Permit/Edit/${permitId}\\?tab=crew-sign-on$`);

  await context.setOffline(true);
  const offlineCopy = main.getByText('Offline — you are working on the copy of this permit stored on this device.');
  await expect(offlineCopy).toBeVisible();
  await expect(page).toHaveURL(here);
  await expect(crewTab).toHaveAttribute('aria-selected', 'true');

  await context.setOffline(false);
  await expect(offlineCopy).toBeHidden();
  await expect(page).toHaveURL(here);
  await expect(crewTab).toHaveAttribute('aria-selected', 'true');
  await expect(main.getByText(title).first()).toBeVisible();
  await context.close();
});
