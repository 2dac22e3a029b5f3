import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { browseAs, permitCommand, userHeaders } from '../support/api-user';
import { withDatabase } from '../support/database';
import { isolatePlan } from '../support/isolation';
import { createUserLike } from '../support/permit-users';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { expectNoSeriousViolations, expectNoSidewaysScroll, saveScreenshot } from '../support/quality';
import { signInDialog } from '../support/signatures';
import { phone, signedInPage } from '../support/sign-in';

// Shift change (1910.147 (f)(4)): the outgoing holder hands over at a desk with notes (abnormal
// conditions, the work left, which locks stay on); the incoming holder, on a phone, reads them in
// the Accept dialog and cannot accept without confirming so; the History tab keeps the handover
// log with who acknowledged it and when. Every person is the spec's own, so the permit is theirs.
test.use({ serviceWorkers: 'block' });

const main = (page: Page) => page.getByRole('main');
const nextSteps = (page: Page) => main(page).getByRole('region', { name: 'Next steps' });

test('the holder hands over with notes at a desk; the next holder reads and acknowledges them on a phone', async ({
  browser,
}, testInfo) => {
  const [requester, approver, issuer, holder, next] = await Promise.all([
    createUserLike('worker', 'ho-requester'),
    createUserLike('supervisor', 'ho-approver'),
    createUserLike('supervisor', 'ho-issuer'),
    createUserLike('worker', 'ho-holder'),
    createUserLike('worker', 'ho-next'),
  ]);
  const [r, a, i, h] = await Promise.all([
    browseAs(browser, requester),
    browseAs(browser, approver),
    browseAs(browser, issuer),
    browseAs(browser, holder),
  ]);
  const ids = await withDatabase(async (client) => ({
    type: (await client.query<{ id: number }>(`select id from permit_types where facility_id = 1 and code = 'LOTO'`))
      .rows[0]!.id,
    press: (await client.query<{ id: number }>(`select id from assets where facility_id = 1 and number = 'PR-001'`))
      .rows[0]!.id,
    holder: (await client.query<{ id: number }>('select id from users where user_name = $1', [holder.userName]))
      .rows[0]!.id,
  }));
  // Begun a few minutes ago: the holders may accept at once (accept waits for the start).
  const start = Date.now() - 5 * 60_000;
  const title = `Press ram seals, two shifts ${Date.now().toString(36)}`;
  const created = await r.page.request.post('/api/permits', {
    headers: userHeaders(r),
    data: {
      permitTypeId: ids.type,
      title,
      description: 'Ram seals of PR-001 leak.',
      workMethod: 'Lock out, bleed, replace.',
      areaId: null,
      assetIds: [ids.press],
      plannedStart: new Date(start).toISOString(),
      plannedEnd: new Date(start + 8 * 3_600_000).toISOString(),
      holderId: ids.holder,
      riskLevel: 'medium',
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const permitId = ((await created.json()) as { ID: number }).ID;
  await permitCommand(r, permitId, 'request');
  await permitCommand(a, permitId, 'approve');
  const plan = await isolatePlan(i, permitId);
  const serials = plan.points.flatMap((point) => point.locks.map((lock) => lock.serial));
  expect(serials.length, 'the plan has locks on').toBeGreaterThan(0);
  await permitCommand(i, permitId, 'isolate');
  await permitCommand(i, permitId, 'issue');
  await permitCommand(h, permitId, 'accept');

  // The outgoing holder at a desk: Hand over asks for the notes before anything is signed.
  const desk = (await signedInPage(browser, holder.userName, { viewport: { width: 1280, height: 800 } })).page;
  await desk.goto(`/Permit/Edit/${permitId}`);
  await expect(main(desk).getByTestId('permit-status')).toHaveText('Active', { timeout: FIRST_LOAD_TIMEOUT_MS });
  await nextSteps(desk).getByRole('button', { name: 'Hand over', exact: true }).click();
  const dialog = desk.getByRole('dialog');
  await dialog.getByLabel('New holder').fill(next.displayName);
  await desk.getByRole('option', { name: next.displayName }).click();
  // Every lock on the plan is listed, ticked as staying on.
  const staying = dialog.getByRole('group', { name: 'Locks staying on' });
  for (const serial of serials)
    await expect(staying.getByRole('checkbox', { name: new RegExp(`^${serial} · `) })).toBeChecked();
  await signInDialog(dialog, 'Hand over');
  await expect(dialog).toContainText('Abnormal conditions: say what is not normal, or write None');
  await expect(dialog).toContainText('Work remaining: say what is left to do, or write None');
  await dialog
    .getByRole('textbox', { name: 'Abnormal conditions' })
    .fill('Ram creeps 5 mm when the accumulator is charged');
  await dialog.getByRole('textbox', { name: 'Work remaining' }).fill('Fit the lower seal; torque the gland nuts');
  await expectNoSeriousViolations(desk);
  await saveScreenshot(desk, testInfo, 'handover-dialog-desktop');
  await dialog.getByRole('button', { name: 'Hand over', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(main(desk).getByTestId('permit-status')).toHaveText('Issued');

  // The incoming holder on a phone: Accept shows the notes and asks them to confirm they read them.
  const nextPhone = (await signedInPage(browser, next.userName)).page;
  await nextPhone.goto(`/Permit/Edit/${permitId}`);
  await expect(main(nextPhone).getByTestId('permit-status')).toHaveText('Issued', { timeout: FIRST_LOAD_TIMEOUT_MS });
  await nextSteps(nextPhone).getByRole('button', { name: 'Accept', exact: true }).click();
  const accept = nextPhone.getByRole('dialog');
  const notes = accept.getByTestId('handover-notes');
  await expect(notes).toContainText(`Handover notes from ${holder.displayName}`);
  await expect(notes).toContainText('Abnormal conditions: Ram creeps 5 mm when the accumulator is charged');
  await expect(notes).toContainText('Work remaining: Fit the lower seal; torque the gland nuts');
  await expect(notes).toContainText(`Locks staying on: ${serials.join(', ')}`);
  await signInDialog(accept, 'Accept');
  await expect(accept).toContainText('Confirm you have read the handover notes');
  await accept.getByRole('checkbox', { name: 'I have read the handover notes' }).check();
  await expectNoSidewaysScroll(nextPhone, phone.width);
  await expectNoSeriousViolations(nextPhone);
  await saveScreenshot(nextPhone, testInfo, 'handover-accept-phone');
  await accept.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(accept).toBeHidden();
  await expect(main(nextPhone).getByTestId('permit-status')).toHaveText('Active');

  // The handover log on the permit: the notes, and who acknowledged them with the acceptance.
  await main(nextPhone).getByRole('tab', { name: 'History' }).click();
  const log = main(nextPhone).getByTestId('handover-log');
  await expect(log).toContainText(`${holder.displayName} to ${next.displayName}, handed over by ${holder.displayName}`);
  await expect(log).toContainText('Ram creeps 5 mm when the accumulator is charged');
  await expect(log).toContainText(`Acknowledged by ${next.displayName}`);
  await expectNoSidewaysScroll(nextPhone, phone.width);
  await saveScreenshot(nextPhone, testInfo, 'handover-log-phone');
});
