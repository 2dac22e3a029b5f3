import { mkdirSync } from 'node:fs';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { answerQuestionsFor, lifecycleCommandOf } from '../support/permit-questions';
import { withDatabase } from '../support/database';
import { demo, signInWithForm } from '../support/hasp';
import { createUserLike, type PermitTestUser } from '../support/permit-users';
import { issueLock, planCommand, type ApiUser } from '../support/isolation';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { expectNoSeriousViolations, expectNoSidewaysScroll, saveScreenshot } from '../support/quality';
import { signedInPage } from '../support/sign-in';

// OSHA 1910.147 (e)(3): a worker's lock and tag stay on a permit after they left;
// a supervisor removes them with the wizard on a phone; the worker's next sign-in shows what
// happened and asks "I acknowledge" before anything else — whatever URL they try.
test.use({ serviceWorkers: 'block' });

const phone = { width: 390, height: 844 };
const shots = '/tmp/shots-abandoned';

async function shot(page: Page, testInfo: TestInfo, name: string) {
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
  await saveScreenshot(page, testInfo, `abandoned-removals-${name}`);
}

async function phoneBrowser(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: phone, hasTouch: true });
  return context.newPage();
}

async function apiUser(browser: Browser, user: PermitTestUser): Promise<ApiUser> {
  return signedInPage(browser, user, { viewport: null });
}

async function post(who: ApiUser, url: string, data: object = {}) {
  // LOTO asks checklist questions at request (and later stages): answered first, as the same user.
  const lifecycle = lifecycleCommandOf(url);
  if (lifecycle) await answerQuestionsFor(who.page.request, `Bearer ${who.token}`, lifecycle.permitId, lifecycle.verb);
  const response = await who.page.request.post(url, {
    headers: { authorization: `Bearer ${who.token}`, 'idempotency-key': crypto.randomUUID() },
    data,
  });
  expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
  return (await response.json()) as { ID: number; number: string };
}

/**
 * A LOTO permit of the worker's on conveyor CV-302 (one isolation point, E-302), approved and its
 * point isolated by the supervisor through the isolation plan's commands; then the worker applies a
 * padlock the supervisor issued them (Lock Manage's commands) there (the locks command) and the
 * point's tag (the tags' command).
 */
async function permitWithWorkersLock(
  browser: Browser,
  worker: PermitTestUser,
  supervisor: PermitTestUser,
  suffix: string,
) {
  const [w, s] = await Promise.all([apiUser(browser, worker), apiUser(browser, supervisor)]);
  const ids = await withDatabase(async (client) => {
    const one = async <T>(text: string, values: unknown[]) => (await client.query<T & object>(text, values)).rows[0]!;
    return {
      worker: (await one<{ id: number }>('select id from users where user_name = $1', [worker.userName])).id,
      type: (await one<{ id: number }>("select id from permit_types where facility_id = 1 and code = 'LOTO'", [])).id,
      conveyor: (await one<{ id: number }>("select id from assets where facility_id = 1 and number = 'CV-302'", [])).id,
    };
  });
  const start = Date.now() + 60_000;
  const permit = await post(w, '/api/permits', {
    permitTypeId: ids.type,
    title: `Replace conveyor gearbox ${suffix}`,
    description: 'Gearbox on CV-302 is noisy.',
    workMethod: 'Lock out the drive.',
    areaId: null,
    assetIds: [ids.conveyor],
    plannedStart: new Date(start).toISOString(),
    plannedEnd: new Date(start + 4 * 3_600_000).toISOString(),
    holderId: ids.worker,
    riskLevel: 'medium',
  });
  const permitId = permit.ID;
  await post(w, `/api/permits/${permitId}/commands/request`);
  await post(s, `/api/permits/${permitId}/commands/approve`, { password: demo.password }); // signs with the password
  const plan = await planCommand(s, permitId, 'fill');
  await planCommand(s, permitId, 'notify');
  await planCommand(s, permitId, 'shut-down');
  const planPoint = plan.points[0]!;
  await planCommand(s, permitId, 'isolate-point', { planPointId: planPoint.ID });
  // The worker's own padlock, issued by the supervisor through Lock Manage's commands.
  const lock = await issueLock(s, ids.worker);
  const applied = await post(w, `/api/permits/${permitId}/locks/commands/apply`, {
    lockId: lock.id,
    planPointId: planPoint.ID,
  });
  // The lock's command hung the point's tag with it (same applier, same time).
  const tag = planPoint.tags[0]!;
  await Promise.all([w.page.context().close(), s.page.context().close()]);
  return {
    permitId,
    number: permit.number,
    planPointId: planPoint.ID,
    lockId: lock.id,
    serial: lock.serial,
    tagNumber: tag.number,
    point: { code: planPoint.code },
    applicationId: applied.ID,
  };
}

test('a supervisor removes an absent worker’s lock and tag; the worker acknowledges at sign-in before anything else', async ({
  browser,
}, testInfo) => {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const [worker, supervisor] = await Promise.all([
    createUserLike('worker', 'applier'),
    createUserLike('supervisor', 'remover'),
  ]);
  const fixture = await permitWithWorkersLock(browser, worker, supervisor, suffix);

  // The supervisor, on a phone: the permit page offers the (e)(3) wizard.
  const s = await phoneBrowser(browser);
  await s.goto('/login');
  await signInWithForm(s, supervisor.userName);
  await expect(s).not.toHaveURL(/\/login/, { timeout: FIRST_LOAD_TIMEOUT_MS });
  await s.goto(`/Permit/Edit/${fixture.permitId}`);
  const entry = s.getByRole('region', { name: 'Abandoned locks and tags' });
  await entry
    .getByRole('button', { name: 'Remove an abandoned lock or tag' })
    .click({ timeout: FIRST_LOAD_TIMEOUT_MS });
  const wizard = s.getByRole('dialog', { name: 'Remove an abandoned lock or tag' });
  await expect(wizard).toContainText('Step 1 of 5');
  const choice = wizard.getByRole('button', {
    name: new RegExp(`Lock ${fixture.serial} and tag ${fixture.tagNumber}`),
  });
  await expect(choice).toContainText(fixture.point.code);
  await expect(choice).toContainText(`Applied by ${worker.displayName}`);
  await choice.click();
  await expect(choice).toHaveAttribute('aria-pressed', 'true');
  await wizard.getByRole('button', { name: 'Next' }).click();

  // Not on site: the next step refuses until it is confirmed.
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByRole('alert')).toHaveText(`Confirm that ${worker.displayName} is not on site`);
  await wizard.getByLabel(`I have verified that ${worker.displayName} is not at the facility`).check();
  await wizard.getByRole('button', { name: 'Next' }).click();

  // The attempts to reach them: at least one.
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByRole('alert')).toContainText('Record at least one attempt');
  await wizard.getByLabel('How').selectOption('Phone');
  await wizard.getByLabel('Outcome').fill('No answer; voicemail left');
  await wizard.getByRole('button', { name: 'Add this attempt' }).click();
  await wizard.getByLabel('How').selectOption('Radio');
  await wizard.getByLabel('Outcome').fill('Not on channel 3');
  await wizard.getByRole('button', { name: 'Add this attempt' }).click();
  await expect(wizard.getByRole('list', { name: 'Attempts recorded' }).getByRole('listitem')).toHaveCount(2);
  await expectNoSeriousViolations(s, '[role="dialog"]');
  await expectNoSidewaysScroll(s, phone.width);
  await shot(s, testInfo, '1-wizard-attempts');
  await wizard.getByRole('button', { name: 'Next' }).click();

  await wizard.getByLabel('Reason for removing it').fill('Conveyor must restart for the night shift');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard).toContainText('Step 5 of 5');
  await expect(wizard).toContainText(`${worker.displayName} — not on site (verified)`);
  // Removing someone else's lock is signed: the meaning above the field, then the supervisor's password.
  await expect(wizard.getByTestId('signature-meaning')).toHaveText(
    'By signing you confirm: Removed the lock of an absent worker under 1910.147(e)(3)',
  );
  await wizard.locator('input').and(wizard.getByLabel('Your password')).fill(demo.password);
  await shot(s, testInfo, '2-wizard-confirm');
  await wizard.getByRole('button', { name: 'Remove lock and tag' }).click();
  await expect(wizard.getByRole('status')).toContainText(
    `Lock ${fixture.serial} and tag ${fixture.tagNumber} is removed and recorded`,
  );

  // Really off: the lock application ended as abandoned, the tag removed.
  const after = await withDatabase(async (client) => {
    const application = await client.query<{ removal: string }>('select removal from lock_applications where id = $1', [
      fixture.applicationId,
    ]);
    const tag = await client.query<{ state: string }>('select state from tags where number = $1', [fixture.tagNumber]);
    return { removal: application.rows[0]!.removal, tag: tag.rows[0]!.state };
  });
  expect(after).toEqual({ removal: 'abandoned', tag: 'removed' });
  await wizard.getByRole('button', { name: 'Done' }).click();
  // Nothing of others is left on: the entry goes.
  await expect(entry).toBeHidden();

  // The worker signs in on a phone: the acknowledgement comes first.
  const w = await phoneBrowser(browser);
  await w.goto('/dashboards');
  await signInWithForm(w, worker.userName);
  const heading = w.getByRole('heading', { name: 'Your lock or tag was removed while you were away' });
  await expect(heading).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
  const screen = w.getByRole('main');
  await expect(screen.getByRole('heading', { level: 2 })).toHaveText(
    `Lock ${fixture.serial} and tag ${fixture.tagNumber}`,
  );
  await expect(screen).toContainText(fixture.point.code);
  await expect(screen).toContainText(fixture.number);
  await expect(screen).toContainText(supervisor.displayName);
  await expect(screen).toContainText('Conveyor must restart for the night shift');
  await expect(screen).toContainText('Phone · No answer; voicemail left');
  await expect(screen).toContainText('Radio · Not on channel 3');
  // No shell (top bar, navigation), nothing else.
  await expect(w.getByRole('banner')).toHaveCount(0);
  await expect(w.getByRole('navigation')).toHaveCount(0);
  await expectNoSeriousViolations(w);
  await expectNoSidewaysScroll(w, phone.width);
  await shot(w, testInfo, '3-acknowledge-at-sign-in');

  // Another address does not get round it.
  await w.goto(`/Permit/Edit/${fixture.permitId}`);
  await expect(heading).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect(w.getByRole('banner')).toHaveCount(0);
  await expect(w.getByTestId('permit-status')).toHaveCount(0);

  await screen.getByRole('button', { name: 'I acknowledge' }).click();
  await expect(heading).toBeHidden();
  // Then the app itself: the permit page they asked for, with the shell.
  await expect(w.getByTestId('permit-status')).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect(w.getByRole('banner')).toBeVisible();
  await shot(w, testInfo, '4-after-acknowledge');
  const acknowledged = await withDatabase(async (client) =>
    client.query<{ acknowledged_at: Date | null }>(
      'select acknowledged_at from abandoned_removals where lock_application_id = $1',
      [fixture.applicationId],
    ),
  );
  expect(acknowledged.rows[0]!.acknowledged_at).not.toBeNull();

  // And the next sign-in goes straight in.
  await w.reload();
  await expect(w.getByTestId('permit-status')).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect(heading).toBeHidden();
});
