import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { answerQuestionsFor } from '../support/permit-questions';
import { withDatabase } from '../support/database';
import { demo } from '../support/hasp';
import { createUserLike, type PermitTestUser } from '../support/permit-users';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { expectNoSeriousViolations, expectNoSidewaysScroll, saveScreenshot } from '../support/quality';
import { phone, signedInPage } from '../support/sign-in';

// The permit page: a permit created on a phone and walked to Closed by the right people,
// each in a browser of their own (the buttons each sees are the server's allowedCommands), and a
// stale save whose edits are kept to reapply.
test.use({ serviceWorkers: 'block' });

/** Each user's bearer token, for the few calls a test makes through the API itself. */
const tokens = new WeakMap<Page, string>();
const auth = (page: Page) => ({ authorization: `Bearer ${tokens.get(page)}` });
const desktop = { width: 1280, height: 800 };

/** A browser of one user's own, signed in through the API (the app resumes the session on load). */
async function browse(browser: Browser, user: PermitTestUser, viewport = desktop): Promise<Page> {
  const { page, token } = await signedInPage(browser, user, { viewport, hasTouch: viewport === phone });
  tokens.set(page, token);
  return page;
}

const main = (page: Page) => page.getByRole('main');
const status = (page: Page) => main(page).getByTestId('permit-status');
const nextSteps = (page: Page) => main(page).getByRole('region', { name: 'Next steps' });

/** Opens the permit and gives one command through its confirmation, checking what the dialog says. */
async function give(page: Page, permitUrl: string, command: string, says: { to: string; notifies?: string }) {
  // LOTO asks checklist questions at request, issue, accept and close (their own spec shows the
  // Questions tab): the same user answers them through their commands first.
  const permitId = Number(permitUrl.split('/').pop());
  await answerQuestionsFor(page.request, auth(page).authorization, permitId, command.toLowerCase());
  if (!page.url().endsWith(permitUrl)) await page.goto(permitUrl);
  await nextSteps(page).getByRole('button', { name: command, exact: true }).click({ timeout: FIRST_LOAD_TIMEOUT_MS });
  const dialog = page.getByRole('dialog');
  // Approving signs a stage; the dialog says when the permit moves on (once every stage is signed).
  await expect(dialog).toContainText(command === 'Approve' ? `becomes ${says.to}` : `to ${says.to}.`);
  if (says.notifies) await expect(dialog).toContainText(says.notifies);
  // Approving, issuing, accepting, handing over and completing work are electronic signatures: the
  // signer types their password.
  if (['Approve', 'Issue', 'Accept', 'Hand over', 'Complete work'].includes(command))
    await dialog.locator('input').and(dialog.getByLabel('Your password')).fill(demo.password);
  await dialog.getByRole('button', { name: command, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(status(page)).toHaveText(says.to);
}

/** The command buttons one user sees now, in order. */
async function buttonsOf(page: Page): Promise<string[]> {
  const bar = nextSteps(page);
  if ((await bar.count()) === 0) return [];
  return bar.getByRole('button').allInnerTexts();
}

test('a permit is created on a phone and walked to Closed by the right people', async ({ browser }, testInfo) => {
  const [requester, approver, issuer, holder] = await Promise.all([
    createUserLike('worker', 'requester'),
    createUserLike('supervisor', 'approver'),
    createUserLike('supervisor', 'issuer'),
    createUserLike('worker', 'holder'),
  ]);

  // The requester, on a phone: the create form. General Work has no isolation plan, so the
  // lifecycle alone decides Isolate and Close (isolation-plan.spec.ts walks a LOTO permit's plan).
  const r = await browse(browser, requester, phone);
  await r.goto('/Permit/Create/GEN');
  const form = main(r).getByRole('form');
  await expect(form.getByLabel('Planned end')).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect(form).toContainText(/valid for at most \d+ h/);
  const title = `Replace press drive belt ${Date.now().toString(36)}`;
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Description').fill('The drive belt of press PR-001 is worn; replace and re-tension it.');
  await form
    .getByLabel('Work method')
    .fill('Isolate electrical and hydraulic energy, verify zero energy, replace belt.');
  // Begun a few minutes ago (in the browser's time zone, as the fields read): the holder accepts it
  // later in this journey, and accept waits for the permit's start.
  const window = await r.evaluate(() => {
    const local = (ms: number) => new Date(ms - new Date(ms).getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    const begun = Date.now() - 5 * 60_000;
    return { start: local(begun), end: local(begun + 4 * 3_600_000) };
  });
  await form.getByLabel('Planned start').fill(window.start);
  await form.getByLabel('Planned end').fill(window.end);
  await form.getByLabel('Area').fill('A-110');
  await form.getByRole('button', { name: /^A-110 · / }).click();
  await form.getByLabel('Assets').fill('PR-001');
  await form.getByRole('button', { name: /^PR-001 · / }).click();
  // General Work has a hazard analysis, which sets the risk (decision 0047): no Risk picker here. Not
  // assessed follows the low level's one approval stage; the signatures spec walks high risk's two.
  await expect(form.getByTestId('risk-from-analysis')).toContainText('Set by the hazard analysis');
  await expect(form.getByLabel('Risk')).toHaveCount(0);
  await form.getByLabel('Holder').fill(holder.displayName);
  await r.getByRole('option', { name: holder.displayName }).click();
  await expectNoSidewaysScroll(r, phone.width);
  await expectNoSeriousViolations(r);
  await saveScreenshot(r, testInfo, 'permit-create-phone');
  // A double tap creates one permit (one idempotency key for the form).
  await form.getByRole('button', { name: 'Create permit' }).dblclick();
  await expect(r).toHaveURL(/\/Permit\/Edit\/\d+$/);
  const permitUrl = new URL(r.url()).pathname;
  const sameTitle = await withDatabase((client) =>
    client.query<{ n: string }>('select count(*) as n from permits where title = $1', [title]),
  );
  expect(Number(sameTitle.rows[0]!.n)).toBe(1);
  await expect(status(r)).toHaveText('Draft');
  await expect(main(r).getByTestId('permit-holder')).toHaveText(holder.displayName);
  await expect(main(r).getByTestId('permit-time-left')).toHaveText(/^(Starts|Expires) in /);
  const created = await r.request.get(`/api${permitUrl.replace('/Permit/Edit', '/permits')}`, {
    headers: auth(r),
  });
  const number = ((await created.json()) as { number: string }).number;
  await expect(main(r).getByTestId('permit-number')).toHaveText(number);
  await expect(main(r).getByRole('heading', { level: 1 })).toHaveText(number);
  expect(await buttonsOf(r)).toEqual(['Request', 'Cancel']);
  await expectNoSidewaysScroll(r, phone.width);
  await expectNoSeriousViolations(r);
  await saveScreenshot(r, testInfo, 'permit-draft-phone');
  // Every button of the page is at least 44 px high (one hand, gloves).
  for (const box of await main(r)
    .getByRole('button')
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect())))
    if (box.width > 0) expect(box.height).toBeGreaterThanOrEqual(44);

  // The confirmation on the phone: what will happen and who is told, checked by axe.
  await nextSteps(r).getByRole('button', { name: 'Request', exact: true }).click();
  const confirmation = r.getByRole('dialog');
  await expect(confirmation).toContainText('The permit goes from Draft to Requested.');
  await expectNoSeriousViolations(r);
  await saveScreenshot(r, testInfo, 'permit-request-dialog-phone');
  await confirmation.getByRole('button', { name: 'Back' }).click();
  await expect(status(r)).toHaveText('Draft');
  await give(r, permitUrl, 'Request', {
    to: 'Requested',
    notifies: 'Everyone who may approve this type of permit is notified.',
  });
  // The requester may not approve their own request: no Approve button for them.
  expect(await buttonsOf(r)).toEqual(['Cancel']);

  const a = await browse(browser, approver);
  await a.goto(permitUrl);
  await expect(status(a)).toHaveText('Requested', { timeout: FIRST_LOAD_TIMEOUT_MS });
  expect(await buttonsOf(a)).toContain('Approve');
  await give(a, permitUrl, 'Approve', { to: 'Approved', notifies: 'The requester is notified.' });
  expect(await buttonsOf(a)).not.toContain('Approve');

  // The requester edits the approved permit: warned first, and the save sends it back for approval.
  await r.reload();
  await expect(status(r)).toHaveText('Approved', { timeout: FIRST_LOAD_TIMEOUT_MS });
  const details = main(r).getByRole('region', { name: 'Details' });
  await expect(details).toContainText('Saving a change sends it back to Requested and clears its approvals.');
  await details.getByLabel('Description').fill('The drive belt of press PR-001 is worn and cracked; replace it.');
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(status(r)).toHaveText('Requested');
  await a.reload();
  await expect(status(a)).toHaveText('Requested', { timeout: FIRST_LOAD_TIMEOUT_MS });
  await give(a, permitUrl, 'Approve', { to: 'Approved', notifies: 'The requester is notified.' });

  const i = await browse(browser, issuer);
  await give(i, permitUrl, 'Isolate', { to: 'Isolated' });
  expect(await buttonsOf(i)).toEqual(expect.arrayContaining(['Issue', 'De-isolate']));
  await give(i, permitUrl, 'Issue', { to: 'Issued', notifies: 'The holder and the requester are notified.' });
  expect(await buttonsOf(i)).toEqual([]);
  await expect(main(i).getByTestId('permit-issuer')).toHaveText(issuer.displayName);

  const h = await browse(browser, holder, phone);
  await h.goto(permitUrl);
  await expect(status(h)).toHaveText('Issued', { timeout: FIRST_LOAD_TIMEOUT_MS });
  expect(await buttonsOf(h)).toEqual(['Accept']);
  await give(h, permitUrl, 'Accept', { to: 'Active' });
  expect(await buttonsOf(h)).toEqual(expect.arrayContaining(['Complete work']));
  await expectNoSidewaysScroll(h, phone.width);
  await saveScreenshot(h, testInfo, 'permit-active-holder-phone');
  await give(h, permitUrl, 'Complete work', { to: 'Work complete' });
  expect(await buttonsOf(h)).toEqual([]);

  await i.reload();
  await expect(status(i)).toHaveText('Work complete');
  await give(i, permitUrl, 'De-isolate', { to: 'De-isolation' });
  await give(i, permitUrl, 'Close', { to: 'Closed', notifies: 'The requester and the holder are notified.' });
  expect(await buttonsOf(i)).toEqual([]);

  // The history tab tells the whole story, by whom.
  await main(i).getByRole('tab', { name: 'History' }).click();
  const history = main(i).getByRole('list', { name: 'Permit history' });
  await expect(history.getByRole('listitem')).toHaveCount(11);
  await expect(history).toContainText('Approve: Requested → Approved');
  await expect(history).toContainText(approver.displayName);
  await expect(history).toContainText('De-isolation → Closed');
  await expect(history).toContainText('Edit: Approved → Requested');
  await expectNoSeriousViolations(i);
  await saveScreenshot(i, testInfo, 'permit-closed-history-desktop');
});

test('a stale save gets 409 and keeps the edits to reapply over the latest', async ({ browser }, testInfo) => {
  const requester = await createUserLike('worker', 'editor');
  const first = await browse(browser, requester);
  const second = await browse(browser, requester, phone);
  const type = (await (await first.request.get('/api/permits/types/LOTO', { headers: auth(first) })).json()) as {
    ID: number;
  };
  const start = new Date(Date.now() + 3_600_000);
  const response = await first.request.post('/api/permits', {
    headers: { ...auth(first), 'idempotency-key': crypto.randomUUID() },
    data: {
      permitTypeId: type.ID,
      title: 'Clean hopper',
      description: 'Residue build-up in the hopper.',
      workMethod: 'Lock out the feeder.',
      areaId: null,
      assetIds: [],
      plannedStart: start.toISOString(),
      plannedEnd: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
      holderId: null,
      riskLevel: 'low',
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const permitUrl = `/Permit/Edit/${((await response.json()) as { ID: number }).ID}`;

  await first.goto(permitUrl);
  await second.goto(permitUrl);
  const firstForm = main(first).getByRole('region', { name: 'Details' });
  const secondForm = main(second).getByRole('region', { name: 'Details' });
  await expect(firstForm.getByLabel('Title')).toHaveValue('Clean hopper', { timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect(secondForm.getByLabel('Title')).toHaveValue('Clean hopper', { timeout: FIRST_LOAD_TIMEOUT_MS });

  // This one starts editing (the page's live refresh then keeps the edits on the older version) …
  await firstForm.getByLabel('Work method').fill('Lock out the feeder and the conveyor.');
  await expect(nextSteps(first)).toContainText('Save or discard your edits before the next step.');

  // … the other browser saves first.
  await secondForm.getByLabel('Title').fill('Clean hopper and chute');
  await secondForm.getByRole('button', { name: 'Save' }).click();
  await expect(secondForm.getByRole('button', { name: 'Save' })).toBeDisabled();

  // This one saves from the older version: refused, edits kept, both values shown.
  await firstForm.getByRole('button', { name: 'Save' }).click();
  const conflict = firstForm.getByRole('alert').filter({ hasText: 'Someone else saved this permit first' });
  await expect(conflict).toBeVisible();
  await expect(conflict.getByTestId('theirs-title')).toHaveText('Clean hopper and chute');
  await expect(conflict.getByTestId('mine-title')).toHaveText('Not changed by you: the saved value is kept');
  await expect(conflict.getByTestId('mine-workMethod')).toHaveText('Lock out the feeder and the conveyor.');
  await expect(firstForm.getByLabel('Work method')).toHaveValue('Lock out the feeder and the conveyor.');
  await expectNoSeriousViolations(first);
  await conflict.scrollIntoViewIfNeeded();
  await saveScreenshot(first, testInfo, 'permit-conflict-desktop');

  // Leaving now asks first (the edits are not saved); staying keeps them.
  await first.getByRole('banner').locator('a[href="/"]').click();
  const leave = first.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(first).toHaveURL(new RegExp(`${permitUrl}$`));

  await conflict.getByRole('button', { name: 'Reload latest, keep my edits' }).click();
  await expect(conflict).toBeHidden();
  await expect(firstForm.getByLabel('Title')).toHaveValue('Clean hopper and chute');
  await expect(firstForm.getByLabel('Work method')).toHaveValue('Lock out the feeder and the conveyor.');
  await firstForm.getByRole('button', { name: 'Save' }).click();
  await expect(firstForm.getByRole('button', { name: 'Save' })).toBeDisabled();

  // Both changes are on the server.
  await second.reload();
  await expect(secondForm.getByLabel('Title')).toHaveValue('Clean hopper and chute', {
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  await expect(secondForm.getByLabel('Work method')).toHaveValue('Lock out the feeder and the conveyor.');
  await expectNoSidewaysScroll(second, phone.width);
});

test("an open permit page follows others' changes, and with unsaved edits says so and keeps them", async ({
  browser,
}, testInfo) => {
  const requester = await createUserLike('worker', 'watcher');
  const page = await browse(browser, requester, phone);
  const type = (await (await page.request.get('/api/permits/types/LOTO', { headers: auth(page) })).json()) as {
    ID: number;
  };
  const start = new Date(Date.now() + 3_600_000);
  const core = {
    title: 'Unblock chute',
    description: 'Material bridging in the chute.',
    workMethod: 'Lock out the feeder.',
    areaId: null,
    assetIds: [],
    plannedStart: start.toISOString(),
    plannedEnd: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
    holderId: null,
    riskLevel: 'low',
  };
  const created = await page.request.post('/api/permits', {
    headers: { ...auth(page), 'idempotency-key': crypto.randomUUID() },
    data: { permitTypeId: type.ID, ...core },
  });
  expect(created.status(), await created.text()).toBe(200);
  const permit = (await created.json()) as { ID: number };
  /** A command given elsewhere (not through this page), from the version the server has now. */
  const elsewhere = async (verb: string, body: object = {}) => {
    await answerQuestionsFor(page.request, auth(page).authorization, permit.ID, verb);
    const now = (await (await page.request.get(`/api/permits/${permit.ID}`, { headers: auth(page) })).json()) as {
      version: number;
    };
    const response = await page.request.post(`/api/permits/${permit.ID}/commands/${verb}`, {
      headers: { ...auth(page), 'idempotency-key': crypto.randomUUID(), 'if-match': `"${now.version}"` },
      data: body,
    });
    expect(response.status(), await response.text()).toBe(200);
  };

  await page.goto(`/Permit/Edit/${permit.ID}`);
  const form = main(page).getByRole('region', { name: 'Details' });
  await expect(form.getByLabel('Title')).toHaveValue('Unblock chute', { timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect(status(page)).toHaveText('Draft');

  // A command given elsewhere shows on the open page without a reload: status, form and history.
  await elsewhere('edit', { ...core, title: 'Unblock chute 2' });
  await expect(form.getByLabel('Title')).toHaveValue('Unblock chute 2', { timeout: 30_000 });
  await elsewhere('request');
  await expect(status(page)).toHaveText('Requested', { timeout: 30_000 });

  // With unsaved edits, a change elsewhere is announced and the edits stay; the save meets the conflict panel.
  await form.getByLabel('Work method').fill('Lock out the feeder and the screw conveyor.');
  await elsewhere('edit', { ...core, title: 'Unblock chute 3' });
  const notice = form.getByRole('status').filter({ hasText: 'This permit has changed' });
  await expect(notice).toBeVisible({ timeout: 30_000 });
  await expect(form.getByLabel('Work method')).toHaveValue('Lock out the feeder and the screw conveyor.');
  await expect(form.getByLabel('Title')).toHaveValue('Unblock chute 2');
  await expectNoSeriousViolations(page);
  await notice.scrollIntoViewIfNeeded();
  await saveScreenshot(page, testInfo, 'permit-changed-elsewhere-phone');
  await form.getByRole('button', { name: 'Save' }).click();
  const conflict = form.getByRole('alert').filter({ hasText: 'Someone else saved this permit first' });
  await expect(conflict.getByTestId('theirs-title')).toHaveText('Unblock chute 3');
  await expect(notice).toBeHidden();
});

test('the Back button asks before unsaved edits are lost', async ({ browser }) => {
  const requester = await createUserLike('worker', 'editor');
  const page = await browse(browser, requester);
  const type = (await (await page.request.get('/api/permits/types/LOTO', { headers: auth(page) })).json()) as {
    ID: number;
  };
  const start = new Date(Date.now() + 3_600_000);
  const response = await page.request.post('/api/permits', {
    headers: { ...auth(page), 'idempotency-key': crypto.randomUUID() },
    data: {
      permitTypeId: type.ID,
      title: 'Grease the mixer',
      description: 'Bearings run dry.',
      workMethod: 'Lock out the mixer.',
      areaId: null,
      assetIds: [],
      plannedStart: start.toISOString(),
      plannedEnd: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
      holderId: null,
      riskLevel: 'low',
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const permitUrl = `/Permit/Edit/${((await response.json()) as { ID: number }).ID}`;

  // Saved edits take the guard entry away again: one Back leaves, without asking.
  await page.goto('/dashboards');
  await expect(main(page)).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
  await page.goto(permitUrl);
  const form = main(page).getByRole('region', { name: 'Details' });
  await expect(form.getByLabel('Title')).toHaveValue('Grease the mixer', { timeout: FIRST_LOAD_TIMEOUT_MS });
  await form.getByLabel('Title').fill('Grease the mixer bearings');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
  // The removal is a history.back() of its own: wait until it has landed (model/leave-guard.ts's marker).
  await page.waitForFunction(() => !(history.state as { haspLeaveGuard?: boolean } | null)?.haspLeaveGuard);
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboards$/);
  await expect(leave).toBeHidden();

  // Unsaved edits: Back asks first.
  await page.goto(permitUrl);
  await expect(form.getByLabel('Title')).toHaveValue('Grease the mixer bearings', { timeout: FIRST_LOAD_TIMEOUT_MS });
  await form.getByLabel('Title').fill('Grease the mixer bearings and the chain');
  await expect(form.getByRole('button', { name: 'Save' })).toBeEnabled();

  // Back asks; staying keeps the edit on the same page.
  await page.goBack();
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${permitUrl}$`));
  await expect(form.getByLabel('Title')).toHaveValue('Grease the mixer bearings and the chain');

  // Back again asks again; leaving goes to the page before, without the browser's own question.
  await page.goBack();
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Leave and lose changes' }).click();
  await expect(page).toHaveURL(/\/dashboards$/);
  await expect(form).toBeHidden();
});
