import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { createPermitViaApi } from '../support/api-permit';
import { answerQuestionsFor } from '../support/permit-questions';
import { createUserLike } from '../support/permit-users';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { expectNoSeriousViolations, expectNoSidewaysScroll, saveScreenshot } from '../support/quality';
import { phone, signedInPage } from '../support/sign-in';

// Reject and return for rework (decision 0097) through the worklists (decision 0099): the approver
// finds a requested permit one tap from the dashboard's My work on a phone, returns it with a reason
// and a note; the requester, at a desk, finds it back in Draft with the reason on it and in the
// history, and cannot reject their own. Each person is the spec's own, so the lists are theirs.
test.use({ serviceWorkers: 'block' });

const main = (page: Page) => page.getByRole('main');
const nextSteps = (page: Page) => main(page).getByRole('region', { name: 'Next steps' });

test('an approver returns a permit for rework from their worklist on a phone; the requester reads why at a desk', async ({
  browser,
}, testInfo) => {
  const [requester, approver] = await Promise.all([
    createUserLike('worker', 'requester'),
    createUserLike('supervisor', 'approver'),
  ]);
  const r = await signedInPage(browser, requester.userName, { viewport: { width: 1280, height: 800 } });
  const stamp = Date.now().toString(36);
  const permit = await createPermitViaApi(r.page, r.token, {
    type: 'LOTO',
    title: `Replace gearbox seal ${stamp}`,
    riskLevel: 'medium',
  });
  const authorization = `Bearer ${r.token}`;
  await answerQuestionsFor(r.page.request, authorization, permit.ID, 'request');
  const requested = await r.page.request.post(`/api/permits/${permit.ID}/commands/request`, {
    headers: { authorization, 'idempotency-key': crypto.randomUUID() },
    data: {},
  });
  expect(requested.status(), await requested.text()).toBe(200);

  // The approver's dashboard: My work offers "Awaiting my approval", which opens the index's list.
  const a = (await signedInPage(browser, approver.userName)).page;
  await a.goto('/dashboards');
  const myWork = main(a).getByRole('region', { name: 'My work', exact: true });
  const awaiting = myWork.getByRole('link', { name: /^Awaiting my approval/ });
  await expect(awaiting).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
  await expectNoSidewaysScroll(a, phone.width);
  await saveScreenshot(a, testInfo, 'reject-my-work-phone');
  await awaiting.click();
  await expect(a).toHaveURL(/view=awaiting-approval/);
  await main(a).getByRole('searchbox', { name: 'Search' }).fill(stamp);
  await expect(main(a).getByText('1 permit', { exact: true })).toBeVisible();
  const row = main(a).getByRole('link', { name: permit.number });
  await expect(row).toBeVisible();
  await expectNoSidewaysScroll(a, phone.width);
  await saveScreenshot(a, testInfo, 'reject-worklist-phone');
  await row.click();

  // Reject asks for a reason from the facility's list, and refuses without one.
  await expect(main(a).getByTestId('permit-status')).toHaveText('Requested', { timeout: FIRST_LOAD_TIMEOUT_MS });
  await nextSteps(a).getByRole('button', { name: 'Reject', exact: true }).click();
  const dialog = a.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(dialog).toContainText('Pick a rejection reason');
  await dialog.getByRole('combobox', { name: 'Reason' }).click();
  await a.getByRole('option', { name: 'Hazard analysis incomplete' }).click();
  const note = `Add the stored-energy hazard of the gearbox ${stamp}`;
  await dialog.getByRole('textbox', { name: 'Note' }).fill(note);
  await expectNoSidewaysScroll(a, phone.width);
  await expectNoSeriousViolations(a);
  await saveScreenshot(a, testInfo, 'reject-dialog-phone');
  await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(main(a).getByTestId('permit-status')).toHaveText('Draft');
  const banner = `Returned for rework by ${approver.displayName} at `;
  await expect(main(a).getByTestId('permit-returned')).toContainText(banner);

  // The requester, at a desk: the reason and the note on the permit, and the return in its history.
  await r.page.goto(`/Permit/Edit/${permit.ID}`);
  await expect(main(r.page).getByTestId('permit-status')).toHaveText('Draft', { timeout: FIRST_LOAD_TIMEOUT_MS });
  const returned = main(r.page).getByTestId('permit-returned');
  await expect(returned).toContainText(banner);
  await expect(returned).toContainText(`: Hazard analysis incomplete — ${note}`);
  await expect(nextSteps(r.page).getByRole('button', { name: 'Reject', exact: true })).toHaveCount(0);
  await expectNoSeriousViolations(r.page);
  await saveScreenshot(r.page, testInfo, 'reject-returned-desktop');
  await main(r.page).getByRole('tab', { name: 'History' }).click();
  const history = main(r.page).getByRole('list', { name: 'Permit history' });
  await expect(history).toContainText('Reject: Requested → Draft');
  await expect(history).toContainText(approver.displayName);
  await saveScreenshot(r.page, testInfo, 'reject-history-desktop');

  // Requested again (its checklist answered for this request), the banner goes.
  await answerQuestionsFor(r.page.request, authorization, permit.ID, 'request');
  await nextSteps(r.page).getByRole('button', { name: 'Request', exact: true }).click();
  await expect(r.page.getByRole('dialog')).toContainText('to Requested.');
  await r.page.getByRole('dialog').getByRole('button', { name: 'Request', exact: true }).click();
  await expect(main(r.page).getByTestId('permit-status')).toHaveText('Requested');
  await expect(returned).toHaveCount(0);

  // Back on the approver's list, now seen at a desk: the index's My work buttons at 1280 px.
  await a.setViewportSize({ width: 1280, height: 800 });
  await a.goto('/index');
  await main(a).getByRole('button', { name: 'Awaiting my approval' }).click();
  await expect(a).toHaveURL(/view=awaiting-approval/);
  await main(a).getByRole('searchbox', { name: 'Search' }).fill(stamp);
  await expect(main(a).getByText('1 permit', { exact: true })).toBeVisible();
  await expect(main(a).getByRole('link', { name: permit.number })).toBeVisible();
  await expectNoSeriousViolations(a);
  await saveScreenshot(a, testInfo, 'reject-worklist-desktop');
});
