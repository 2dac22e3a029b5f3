import type { Browser, Page } from '@playwright/test';
import { lockLabelText } from '@hasp/contracts';
import { expect, test } from '../support/fixtures';
import { withDatabase } from '../support/database';
import { demo, signInWithForm } from '../support/hasp';
import { createUserLike, type PermitTestUser } from '../support/permit-users';
import { issueLock, planCommand, type ApiUser } from '../support/isolation';
import { answerQuestionsFor, lifecycleCommandOf } from '../support/permit-questions';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { expectNoSeriousViolations, expectNoSidewaysScroll, saveScreenshot } from '../support/quality';
import { launchWithFakeCamera, writeQrVideo } from '../support/fake-camera';
import { phone, signedInPage } from '../support/sign-in';

// A worker on a phone picks the lock they hold by scanning its QR label with the back camera
// (Chromium's fake camera plays a video of the label), then applies it at the isolated point.
test.use({ serviceWorkers: 'block' });

async function post(who: ApiUser, url: string, data: object = {}) {
  const lifecycle = lifecycleCommandOf(url);
  if (lifecycle) await answerQuestionsFor(who.page.request, `Bearer ${who.token}`, lifecycle.permitId, lifecycle.verb);
  const response = await who.page.request.post(url, {
    headers: { authorization: `Bearer ${who.token}`, 'idempotency-key': crypto.randomUUID() },
    data,
  });
  expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
  return (await response.json()) as { ID: number; number: string };
}

/** A LOTO permit of the worker's on CV-302, approved, its point isolated by the supervisor; a padlock issued to the worker. */
async function isolatedPointWithWorkersLock(browser: Browser, worker: PermitTestUser, supervisor: PermitTestUser) {
  const [w, s] = await Promise.all([worker, supervisor].map((u) => signedInPage(browser, u, { viewport: null })));
  const ids = await withDatabase(async (client) => {
    const one = async (text: string, values: unknown[]) =>
      (await client.query<{ id: number }>(text, values)).rows[0]!.id;
    return {
      worker: await one('select id from users where user_name = $1', [worker.userName]),
      type: await one("select id from permit_types where facility_id = 1 and code = 'LOTO'", []),
      conveyor: await one("select id from assets where facility_id = 1 and number = 'CV-302'", []),
    };
  });
  const start = Date.now() + 60_000;
  const permit = await post(w!, '/api/permits', {
    permitTypeId: ids.type,
    title: 'Replace conveyor belt (lock scan)',
    description: '',
    workMethod: 'Lock out the drive.',
    areaId: null,
    assetIds: [ids.conveyor],
    plannedStart: new Date(start).toISOString(),
    plannedEnd: new Date(start + 4 * 3_600_000).toISOString(),
    holderId: ids.worker,
    riskLevel: 'medium',
  });
  await post(w!, `/api/permits/${permit.ID}/commands/request`);
  await post(s!, `/api/permits/${permit.ID}/commands/approve`, { password: demo.password });
  const plan = await planCommand(s!, permit.ID, 'fill');
  await planCommand(s!, permit.ID, 'notify');
  await planCommand(s!, permit.ID, 'shut-down');
  const point = plan.points[0]!;
  await planCommand(s!, permit.ID, 'isolate-point', { planPointId: point.ID });
  const lock = await issueLock(s!, ids.worker);
  await Promise.all([w!.page.context().close(), s!.page.context().close()]);
  return { permitId: permit.ID, code: point.code, serial: lock.serial };
}

test('a worker picks their lock by scanning its QR label and applies it', async ({ browser, playwright }, testInfo) => {
  const [worker, supervisor] = await Promise.all([
    createUserLike('worker', 'scanner'),
    createUserLike('supervisor', 'isolator'),
  ]);
  const fixture = await isolatedPointWithWorkersLock(browser, worker, supervisor);
  const video = testInfo.outputPath('lock-label.y4m');
  writeQrVideo(video, lockLabelText(demo.northPlant.ID, fixture.serial));

  const cameraBrowser = await launchWithFakeCamera(playwright.chromium, testInfo, video);
  try {
    const context = await cameraBrowser.newContext({ serviceWorkers: 'block', viewport: phone, hasTouch: true });
    await context.grantPermissions(['camera']);
    const page: Page = await context.newPage();
    await page.goto('/login');
    await signInWithForm(page, worker.userName);
    await expect(page).not.toHaveURL(/\/login/, { timeout: FIRST_LOAD_TIMEOUT_MS });
    await page.goto(`/Permit/Edit/${fixture.permitId}`);
    const main = page.getByRole('main');
    await main.getByRole('tab', { name: 'Isolation' }).click({ timeout: FIRST_LOAD_TIMEOUT_MS });
    const point = main.getByRole('article', { name: fixture.code, exact: true });
    const picker = point.getByLabel(`Lock for ${fixture.code}`);
    // Only the worker's own lock is theirs to pick.
    await expect(picker.locator('option', { hasText: fixture.serial })).toBeAttached();
    await saveScreenshot(page, testInfo, 'lock-scan-picker-phone');

    await point.getByRole('button', { name: 'Scan lock' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan the lock' });
    await expect(dialog).toBeVisible();
    await saveScreenshot(page, testInfo, 'lock-scan-modal-phone');
    // The camera reads the label: the modal closes and the picker holds the lock.
    await expect(dialog).toBeHidden();
    await expect(point.getByRole('status').filter({ hasText: `Lock ${fixture.serial} picked` })).toBeVisible();
    await expect(picker).toHaveValue(/\d+/);
    await expect(picker.locator('option:checked')).toHaveText(`${fixture.serial} (yours)`);
    await expectNoSidewaysScroll(page, phone.width);
    await expectNoSeriousViolations(page);
    await saveScreenshot(page, testInfo, 'lock-scan-picked-phone');

    await point.getByRole('button', { name: `Apply lock on ${fixture.code}` }).click();
    await expect(point).toContainText(`Lock ${fixture.serial} (applied by ${worker.displayName})`);
  } finally {
    await cameraBrowser.close();
  }
});
