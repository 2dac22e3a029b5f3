import { mkdirSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { answerQuestionsFor, lifecycleCommandOf } from '../support/permit-questions';
import { withDatabase } from '../support/database';
import { demo } from '../support/hasp';
import { createUserLike, type PermitTestUser } from '../support/permit-users';
import { isolatePlan, issueLock as issueLockAs, type ApiUser } from '../support/isolation';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { expectNoSeriousViolations, expectNoSidewaysScroll, saveScreenshot } from '../support/quality';
import { phone, signedInPage } from '../support/sign-in';

// Group lockout on the floor: a two-person crew signs on to a permit's lockbox on
// their phones, and at the shift change the incoming member signs on before the outgoing one may
// sign off. The permit and lockbox are set up through the API by their own (new) people.
test.use({ serviceWorkers: 'block' });

const shots = '/tmp/shots-crew';
const tokens = new Map<string, string>();
const auth = (user: PermitTestUser) => ({ authorization: `Bearer ${tokens.get(user.userName)}` });

async function browse(browser: Browser, user: PermitTestUser): Promise<Page> {
  const { page, token } = await signedInPage(browser, user);
  tokens.set(user.userName, token);
  return page;
}

/**
 * A personal lock issued to the user through Lock Manage's commands by a manager of locks (the lock
 * inventory's own screen is the locks spec's).
 */
async function issueLock(user: PermitTestUser, manager: ApiUser): Promise<string> {
  const ownerId = await withDatabase(
    async (client) =>
      (await client.query<{ id: number }>('select id from users where user_name = $1', [user.userName])).rows[0]!.id,
  );
  return (await issueLockAs(manager, ownerId)).serial;
}

const crew = (page: Page) => page.getByRole('main');

/** The sign-on offers the user's own lock first (a picker when free padlocks are on the board too). */
async function expectMyLock(page: Page, serial: string) {
  const picker = crew(page).getByLabel('My lock', { exact: true });
  await expect(crew(page).getByText(`With lock ${serial}.`).or(picker)).toBeVisible();
  if (await picker.count()) await expect(picker).toHaveValue(serial);
}

test('a two-person crew signs on at phone width, and hands over at shift change', async ({ browser }, testInfo) => {
  mkdirSync(shots, { recursive: true });
  const [requester, approver, issuer, holder, day, night] = await Promise.all([
    createUserLike('worker', 'requester'),
    createUserLike('supervisor', 'approver'),
    createUserLike('supervisor', 'issuer'),
    createUserLike('worker', 'holder'),
    createUserLike('worker', 'dayshift'),
    createUserLike('worker', 'nightshift'),
  ]);
  const pages = new Map<string, Page>();
  for (const user of [requester, approver, issuer, holder, day, night])
    pages.set(user.userName, await browse(browser, user));
  const api = async (user: PermitTestUser, url: string, data: object = {}) => {
    // LOTO asks checklist questions at request, issue, accept and close: answered first, as the same user.
    const lifecycle = lifecycleCommandOf(url);
    if (lifecycle)
      await answerQuestionsFor(
        pages.get(user.userName)!.request,
        auth(user).authorization,
        lifecycle.permitId,
        lifecycle.verb,
      );
    const response = await pages.get(user.userName)!.request.post(url, {
      headers: { ...auth(user), 'idempotency-key': crypto.randomUUID() },
      data,
    });
    expect(response.status(), `${user.userName} ${url}: ${await response.text()}`).toBe(200);
    return (await response.json()) as { ID: number };
  };

  // The permit, walked to Active by its people; the issuer opens the lockbox as its primary.
  const r = pages.get(requester.userName)!;
  const type = (await (await r.request.get('/api/permits/types/LOTO', { headers: auth(requester) })).json()) as {
    ID: number;
  };
  const { holderId, conveyorId } = await withDatabase(async (client) => ({
    holderId: (await client.query<{ id: number }>('select id from users where user_name = $1', [holder.userName]))
      .rows[0]!.id,
    // Conveyor CV-302's drive has one isolation point (E-302): the plan the crew works under.
    conveyorId: (
      await client.query<{ id: number }>(`select id from assets where facility_id = 1 and number = 'CV-302'`)
    ).rows[0]!.id,
  }));
  // Begun five minutes ago: the holder accepts it in this spec, and accept waits for the start.
  const start = new Date(Date.now() - 5 * 60_000);
  const permit = await api(requester, '/api/permits', {
    permitTypeId: type.ID,
    title: `Conveyor gearbox change ${Date.now().toString(36)}`,
    description: 'Gearbox on conveyor 4 is noisy; replace it.',
    workMethod: 'Group lockout: each fitter signs on with a personal lock.',
    areaId: null,
    assetIds: [conveyorId],
    plannedStart: start.toISOString(),
    plannedEnd: new Date(start.getTime() + 8 * 3_600_000).toISOString(),
    holderId,
    riskLevel: 'medium',
  });
  await api(requester, `/api/permits/${permit.ID}/commands/request`);
  // Approving signs the approval stage with the approver's password.
  await api(approver, `/api/permits/${permit.ID}/commands/approve`, { password: demo.password });
  // Isolation needs a verified plan: the approver walks its (d) steps through the plan's commands.
  const approverApi = { page: pages.get(approver.userName)!, token: tokens.get(approver.userName)! };
  await isolatePlan(approverApi, permit.ID);
  await api(approver, `/api/permits/${permit.ID}/commands/isolate`);
  // Issuing and accepting are signed too, each with the signer's own password.
  await api(issuer, `/api/permits/${permit.ID}/commands/issue`, { password: demo.password });
  await api(holder, `/api/permits/${permit.ID}/commands/accept`, { password: demo.password });
  const issuerId = await withDatabase(async (client) => {
    const { rows } = await client.query<{ id: number }>('select id from users where user_name = $1', [issuer.userName]);
    return rows[0]!.id;
  });
  await api(issuer, `/api/permits/${permit.ID}/lockbox/commands/open`, { primaryUserId: issuerId, lockId: null });
  const permitUrl = `/Permit/Edit/${permit.ID}`;

  // The primary records the keys in the box on a phone.
  const p = pages.get(issuer.userName)!;
  await p.goto(permitUrl);
  await crew(p).getByRole('tab', { name: 'Crew' }).click({ timeout: FIRST_LOAD_TIMEOUT_MS });
  await crew(p)
    .getByRole('button', { name: /^Keys are in lockbox / })
    .click();
  await expect(crew(p)).toContainText('Deposited');

  // Day shift signs on; as the only one signed on they cannot leave.
  const dayLock = await issueLock(day, approverApi);
  const d = pages.get(day.userName)!;
  await d.goto(permitUrl);
  await crew(d).getByRole('tab', { name: 'Crew' }).click({ timeout: FIRST_LOAD_TIMEOUT_MS });
  await expectMyLock(d, dayLock);
  await crew(d).getByRole('button', { name: 'Sign on with my lock' }).click();
  await expect(crew(d).getByRole('heading', { name: 'You are signed on' })).toBeVisible();
  await expect(crew(d)).toContainText('Another crew member signs on first; then you can sign off.');
  await expect(crew(d).getByRole('button', { name: 'Sign off' })).toHaveCount(0);

  // Night shift signs on: now two are protected.
  const nightLock = await issueLock(night, approverApi);
  const n = pages.get(night.userName)!;
  await n.goto(permitUrl);
  await crew(n).getByRole('tab', { name: 'Crew' }).click({ timeout: FIRST_LOAD_TIMEOUT_MS });
  await expectMyLock(n, nightLock);
  await crew(n).getByRole('button', { name: 'Sign on with my lock' }).click();
  const signedOn = crew(n).getByRole('list', { name: 'Signed on' });
  await expect(signedOn.getByRole('listitem')).toHaveCount(2);
  await expect(signedOn).toContainText(day.displayName);
  await expect(signedOn).toContainText(`Lock ${nightLock}`);
  await expectNoSidewaysScroll(n, phone.width);
  await n.screenshot({ path: `${shots}/crew-two-signed-on.png`, fullPage: true });
  await saveScreenshot(n, testInfo, 'lockboxes-crew-two-signed-on');
  await expectNoSeriousViolations(n);

  // The day shift's sign-off is now allowed (the list refreshes; a reload shows it at once).
  await d.reload();
  await crew(d).getByRole('tab', { name: 'Crew' }).click({ timeout: FIRST_LOAD_TIMEOUT_MS });
  const signOff = crew(d).getByRole('button', { name: 'Sign off' });
  const box = await signOff.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  await signOff.click();
  await expect(crew(d).getByRole('heading', { name: 'You are not signed on' })).toBeVisible();
  await expect(crew(d).getByRole('list', { name: 'Signed off' })).toContainText(day.displayName);
  await expect(crew(d).getByRole('list', { name: 'Signed on' })).toContainText(night.displayName);
  await d.screenshot({ path: `${shots}/crew-after-handover.png`, fullPage: true });
  await expectNoSeriousViolations(d);
});
