import { mkdirSync } from 'node:fs';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { withDatabase } from '../support/database';
import { demo, signInWithForm } from '../support/hasp';
import { createUserLike, type PermitTestUser } from '../support/permit-users';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { expectNoSeriousViolations, expectNoSidewaysScroll, saveScreenshot } from '../support/quality';

// Issue 16 item 4, OSHA 1910.147 (e)(3): a worker's lock and tag stay on a permit after they left;
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

/**
 * A LOTO permit of the worker's with one verified plan point (no isolation-plan commands on this
 * branch yet: written as they would leave it), a free lock of this test's that the worker applies
 * there through the locks command (`POST /api/permits/:id/locks/commands/apply`), and the worker's
 * applied tag on the point (the tags' apply command is not on this branch either).
 */
async function permitWithWorkersLock(browser: Browser, worker: PermitTestUser, suffix: string) {
  const fixture = await withDatabase(async (client) => {
    const one = async <T>(text: string, values: unknown[]) => (await client.query<T & object>(text, values)).rows[0]!;
    const { id: workerId } = await one<{ id: number }>('select id from users where user_name = $1', [worker.userName]);
    const { id: typeId } = await one<{ id: number }>(
      "select id from permit_types where facility_id = 1 and code = 'LOTO'",
      [],
    );
    const { id: permitId, number } = await one<{ id: number; number: string }>(
      `insert into permits (facility_id, permit_type_id, number, title, planned_start, planned_end, requester_id)
       values (1, $1, $2, $3, now(), now() + interval '4 hours', $4) returning id, number`,
      [typeId, `E2E-AB-${suffix}`, `Replace conveyor gearbox ${suffix}`, workerId],
    );
    const point = await one<{ id: number; code: string; location: string }>(
      'select id, code, location from isolation_points where facility_id = 1 order by id limit 1',
      [],
    );
    const { id: planPointId } = await one<{ id: number }>(
      `insert into permit_isolation_points (facility_id, permit_id, isolation_point_id, position, state)
       values (1, $1, $2, 0, 'verified') returning id`,
      [permitId, point.id],
    );
    const serial = `AB-${suffix}`;
    const { id: lockId } = await one<{ id: number }>(
      `insert into locks (facility_id, serial, kind) values (1, $1, 'padlock') returning id`,
      [serial],
    );
    const tagNumber = `T-AB-${suffix}`;
    await client.query(
      `insert into tags (facility_id, number, permit_id, plan_point_id, state, applied_at, applied_by, status_token)
       values (1, $1, $2, $3, 'applied', now() - interval '3 hours', $4, $5)`,
      [tagNumber, permitId, planPointId, workerId, `e2e-ab-${suffix}-${Math.random().toString(36).slice(2)}`],
    );
    return { permitId, number, planPointId, lockId, serial, tagNumber, point };
  });
  const api = await browser.newContext({ serviceWorkers: 'block' });
  const login = await api.request.post('/api/login', {
    data: {
      connectionStringName: demo.connection,
      facilityId: demo.northPlant.ID,
      username: worker.userName,
      password: demo.password,
    },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const applied = await api.request.post(`/api/permits/${fixture.permitId}/locks/commands/apply`, {
    headers: { authorization: `Bearer ${token}` },
    data: { lockId: fixture.lockId, planPointId: fixture.planPointId },
  });
  expect(applied.status(), await applied.text()).toBe(200);
  const applicationId = ((await applied.json()) as { ID: number }).ID;
  await api.close();
  return { ...fixture, applicationId };
}

test('a supervisor removes an absent worker’s lock and tag; the worker acknowledges at sign-in before anything else', async ({
  browser,
}, testInfo) => {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const [worker, supervisor] = await Promise.all([
    createUserLike('worker', 'applier'),
    createUserLike('supervisor', 'remover'),
  ]);
  const fixture = await permitWithWorkersLock(browser, worker, suffix);

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
