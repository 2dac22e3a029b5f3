import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { withDatabase } from '../support/database';
import { answerQuestionsFor } from '../support/permit-questions';
import { createUserLike } from '../support/permit-users';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { expectNoSeriousViolations, expectNoSidewaysScroll, saveScreenshot } from '../support/quality';
import { phone, signedInPage } from '../support/sign-in';

// Notification templates: an administrator makes someone the supervisor of the permit's
// area in Asset Manage (decision 0080), words "Permit requested" anew on a phone and sends it to the
// area supervisors too, sees it rendered with a real permit (and who the area supervisors are),
// saves it; when the permit is requested, the new words arrive in the approver's inbox and in the
// area supervisor's.
test.use({ serviceWorkers: 'block' });

const shots = '/tmp/shots-notification-templates';
const desktop = { width: 1280, height: 900 };
const main = (page: Page) => page.getByRole('main');

/** Asset Manage with the area found by its number and chosen (its details shown). */
async function openArea(page: Page, areaNumber: string) {
  await page.goto(`/assets/manage`);
  await main(page).getByRole('searchbox', { name: 'Search areas and assets' }).fill(areaNumber);
  await main(page)
    .getByRole('list', { name: 'Matches' })
    .getByRole('button', { name: new RegExp(areaNumber) })
    .click({ timeout: FIRST_LOAD_TIMEOUT_MS });
}

test('an edited template is previewed with a real permit and read in the inbox when the event happens', async ({
  browser,
}, testInfo) => {
  // Three browsers' worth of work (a permit, the manager, the inbox) on a shared, busy machine.
  test.slow();
  mkdirSync(shots, { recursive: true });
  const requester = await createUserLike('supervisor', 'notify-requester');
  const areaSupervisor = await createUserLike('worker', 'area-sup');
  const asker = await signedInPage(browser, requester);
  const title = `Template journey ${Date.now().toString(36)}`;
  const areaNumber = `E2E-S-${Date.now().toString(36).toUpperCase()}`;
  const facts = await withDatabase(async (client) => {
    const type = await client.query<{ id: number }>(
      `select id from permit_types where facility_id = 1 and code = 'HOT'`,
    );
    const asset = await client.query<{ id: number; area_id: number }>(
      `select id, area_id from assets where facility_id = 1 and number = 'PR-001'`,
    );
    return { typeId: type.rows[0]!.id, asset: asset.rows[0]! };
  });
  const auth = { authorization: `Bearer ${asker.token}` };
  // The permit's own area (a sub-area of the press shop), whose supervisor the administrator sets below.
  const area = await asker.page.request.post('/api/assets/areas', {
    headers: auth,
    data: { number: areaNumber, name: 'Weld bay', description: '', parentAreaId: facts.asset.area_id },
  });
  expect(area.status(), await area.text()).toBe(200);
  const areaId = ((await area.json()) as { ID: number }).ID;
  const start = new Date(Date.now() + 60_000);
  const created = await asker.page.request.post('/api/permits', {
    headers: auth,
    data: {
      permitTypeId: facts.typeId,
      title,
      description: 'Weld a bracket.',
      workMethod: 'Hot work with a fire watch.',
      areaId,
      assetIds: [facts.asset.id],
      plannedStart: start.toISOString(),
      plannedEnd: new Date(start.getTime() + 4 * 3_600_000).toISOString(),
      holderId: null,
      riskLevel: 'medium',
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const permit = (await created.json()) as { ID: number; number: string };

  const { page } = await signedInPage(browser, 'admin');
  try {
    // Asset Manage on the phone: the administrator makes the area-supervisor user supervise the weld bay.
    await openArea(page, areaNumber);
    const details = main(page).getByRole('region', { name: `Area ${areaNumber}` });
    // Until then the press shop's supervisors (the demo seed's) or nobody cover it.
    await expect(details.getByTestId('area-supervisors')).toContainText(/None/);
    await details.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit area' });
    const supervisors = dialog.getByLabel('Area supervisors', { exact: true });
    await supervisors.click();
    await supervisors.fill(areaSupervisor.displayName.slice(-8));
    await page.getByRole('option', { name: areaSupervisor.displayName }).click();
    // Closes the list (Escape would close the dialog too): a tap on the dialog's title.
    await dialog.getByRole('heading', { name: 'Edit area' }).click();
    await expect(page.getByRole('option', { name: areaSupervisor.displayName })).toBeHidden();
    await expectNoSidewaysScroll(page, phone.width);
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: `${shots}/area-supervisors-phone.png`, fullPage: true });
    await saveScreenshot(page, testInfo, 'area-supervisors-phone');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(details.getByTestId('area-supervisors')).toHaveText(areaSupervisor.displayName);

    await page.goto('/notifications-manager');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notification Template Manage', {
      timeout: FIRST_LOAD_TIMEOUT_MS,
    });
    await expect(main(page).getByLabel('Event')).toHaveValue('permit.request');
    const subject = main(page).getByRole('textbox', { name: 'Subject' });
    await expect(subject).toHaveValue('{{number}} {{title}}: approval requested');
    await subject.fill('{{number}} waits for you: {{title}} on {{asset}}');
    await main(page).getByRole('checkbox', { name: 'Area supervisors' }).check();
    // The preview with this permit (picked by its number).
    const picker = main(page)
      .getByRole('textbox', { name: 'Preview with permit' })
      .or(main(page).getByRole('combobox', { name: 'Preview with permit' }));
    await picker.click();
    await picker.fill(permit.number);
    await page.getByRole('option', { name: `${permit.number} ${title}` }).click();
    await expect(page.getByTestId('preview-subject')).toHaveText(
      `${permit.number} waits for you: ${title} on PR-001 Hydraulic press 400 t`,
    );
    await expect(page.getByTestId('preview-text')).toContainText('Approval requested by Alex Admin.');
    await expect(page.getByTestId('preview-area-supervisors')).toHaveText(
      `Area supervisors of this permit (${areaNumber} Weld bay): ${areaSupervisor.displayName}`,
    );
    await expectNoSidewaysScroll(page, phone.width);
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: `${shots}/manager-phone.png`, fullPage: true });
    await saveScreenshot(page, testInfo, 'notification-templates-phone');
    // The e-mail's HTML: the permit's words as text.
    await main(page).getByRole('button', { name: 'E-mail (HTML)' }).click();
    await expect(page.frameLocator('iframe[title="E-mail (HTML)"]').locator('h1')).toHaveText(
      `${permit.number} waits for you: ${title} on PR-001 Hydraulic press 400 t`,
    );
    await main(page).getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The template is saved.')).toBeVisible();

    // The event: the permit is requested; the administrator (an approver of HOT) reads the new words.
    await answerQuestionsFor(asker.page.request, auth.authorization, permit.ID, 'request');
    const requested = await asker.page.request.post(`/api/permits/${permit.ID}/commands/request`, {
      headers: { ...auth, 'idempotency-key': crypto.randomUUID() },
      data: {},
    });
    expect(requested.status(), await requested.text()).toBe(200);
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(
      panel.getByText(`${permit.number} waits for you: ${title} on PR-001 Hydraulic press 400 t`),
    ).toBeVisible();
    // …and so does the weld bay's supervisor, in their own inbox.
    const supervisorPage = (await signedInPage(browser, areaSupervisor)).page;
    await supervisorPage.goto('/');
    await supervisorPage.getByRole('button', { name: /^Notifications/ }).click({ timeout: FIRST_LOAD_TIMEOUT_MS });
    await expect(
      supervisorPage
        .getByRole('dialog', { name: 'Notifications' })
        .getByText(`${permit.number} waits for you: ${title} on PR-001 Hydraulic press 400 t`),
    ).toBeVisible();
    await supervisorPage.context().close();

    // The same screen at desktop width.
    await page.keyboard.press('Escape');
    await page.setViewportSize(desktop);
    await page.goto('/notifications-manager');
    await expect(main(page).getByRole('textbox', { name: 'Subject' })).toHaveValue(
      '{{number}} waits for you: {{title}} on {{asset}}',
      { timeout: FIRST_LOAD_TIMEOUT_MS },
    );
    await expect(page.getByTestId('preview-subject')).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: `${shots}/manager-desktop.png`, fullPage: true });
    await saveScreenshot(page, testInfo, 'notification-templates-desktop');
    // The area with its supervisor at desktop width.
    await openArea(page, areaNumber);
    await expect(main(page).getByTestId('area-supervisors')).toHaveText(areaSupervisor.displayName);
    await main(page).getByRole('button', { name: 'Edit' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Edit area' }).getByText(areaSupervisor.displayName)).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: `${shots}/area-supervisors-desktop.png`, fullPage: true });
    await saveScreenshot(page, testInfo, 'area-supervisors-desktop');
  } finally {
    // Parallel specs share the database: North Plant's requests are worded by default again.
    await withDatabase((client) =>
      client.query(`delete from notification_templates where facility_id = 1 and event = 'permit.request'`),
    );
  }
});
