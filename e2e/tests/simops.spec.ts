import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { createPermitViaApi } from '../support/api-permit';
import { withDatabase } from '../support/database';
import { answerQuestionsFor } from '../support/permit-questions';
import { demo } from '../support/hasp';
import { createUserLike, type PermitTestUser } from '../support/permit-users';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { expectNoSeriousViolations, expectNoSidewaysScroll, saveScreenshot } from '../support/quality';
import { phone, signedInPage } from '../support/sign-in';

// SIMOPS (decision 0098) on the floor: an administrator blocks hot work beside a confined space
// entry; a confined space entry is approved in an area, then a hot-work permit in the same area at
// an overlapping time comes to its approver, who opens it on a phone, sees the conflict before
// approving, is refused, and overrides with a reason signed with the password. The override shows
// on both permits. The permits are in an area of their own, so they meet no other spec's permits.
test.use({ serviceWorkers: 'block' });

const tokens = new Map<string, string>();
const auth = (userName: string) => ({ authorization: `Bearer ${tokens.get(userName)}` });

async function browse(browser: Browser, userName: string): Promise<Page> {
  const { page, token } = await signedInPage(browser, userName);
  tokens.set(userName, token);
  return page;
}

const main = (page: Page) => page.getByRole('main');

test('a blocking SIMOPS conflict at phone width: seen, refused, overridden, shown on both permits', async ({
  browser,
}, testInfo) => {
  const [requester, approver, holder] = await Promise.all([
    createUserLike('supervisor', 'requester'),
    createUserLike('supervisor', 'approver'),
    createUserLike('worker', 'holder'),
  ]);
  const admin = await browse(browser, demo.admin.userName);
  const pages = new Map<string, Page>();
  for (const user of [requester, approver] as PermitTestUser[])
    pages.set(user.userName, await browse(browser, user.userName));
  const post = async (user: PermitTestUser, url: string, data: object = {}) => {
    const response = await pages.get(user.userName)!.request.post(url, {
      headers: { ...auth(user.userName), 'idempotency-key': crypto.randomUUID() },
      data,
    });
    expect(response.status(), `${user.userName} ${url}: ${await response.text()}`).toBe(200);
  };

  const { hot, cse, areaId, holderId } = await withDatabase(async (client) => {
    const type = async (code: string) =>
      (await client.query<{ id: number }>('select id from permit_types where facility_id = 1 and code = $1', [code]))
        .rows[0]!.id;
    const suffix = Date.now().toString(36).toUpperCase();
    const area = await client.query<{ id: number }>(
      'insert into areas (facility_id, parent_area_id, number, name) values (1, null, $1, $2) returning id',
      [`SX-${suffix}`, `SIMOPS e2e ${suffix}`],
    );
    const user = await client.query<{ id: number }>('select id from users where user_name = $1', [holder.userName]);
    return { hot: await type('HOT'), cse: await type('CSE'), areaId: area.rows[0]!.id, holderId: user.rows[0]!.id };
  });

  // The administrator's rule: hot work beside a confined space entry is blocked (either order).
  const rule = await admin.request.put('/api/simops-rules', {
    headers: { ...auth(demo.admin.userName), 'idempotency-key': crypto.randomUUID() },
    data: { firstTypeId: cse, secondTypeId: hot, mode: 'block' },
  });
  expect(rule.status(), await rule.text()).toBe(200);

  // A confined space entry approved in the area (live), then hot work requested there at an overlapping time.
  const r = pages.get(requester.userName)!;
  const token = tokens.get(requester.userName)!;
  const stamp = Date.now().toString(36);
  const entry = await createPermitViaApi(r, token, {
    type: 'CSE',
    title: `Inspect tank T-3 inside ${stamp}`,
    areaId,
    holderId,
    riskLevel: 'medium',
  });
  await answerQuestionsFor(r.request, auth(requester.userName).authorization, entry.ID, 'request');
  await post(requester, `/api/permits/${entry.ID}/commands/request`);
  await post(approver, `/api/permits/${entry.ID}/commands/approve`, { password: demo.password });
  const weld = await createPermitViaApi(r, token, {
    type: 'HOT',
    title: `Weld bracket on tank T-3 ${stamp}`,
    areaId,
    holderId,
    riskLevel: 'medium',
  });
  await answerQuestionsFor(r.request, auth(requester.userName).authorization, weld.ID, 'request');
  await post(requester, `/api/permits/${weld.ID}/commands/request`);

  // The approver opens the hot-work permit on a phone: a notice above the next steps names the block.
  const a = pages.get(approver.userName)!;
  await a.goto(`/Permit/Edit/${weld.ID}`);
  const notice = main(a).getByRole('note').filter({ hasText: 'SIMOPS:' });
  await expect(notice).toContainText('SIMOPS: a conflicting permit blocks approval and issue unless overridden.', {
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  await saveScreenshot(a, testInfo, 'simops-notice-phone');
  await notice.getByRole('button', { name: 'See the conflicts' }).click();
  await expect(main(a).getByRole('tab', { name: 'Conflicts' })).toHaveAttribute('aria-selected', 'true');
  const conflicts = main(a).getByRole('region', { name: /^Conflicts now \(1\)/ });
  const other = conflicts.getByRole('link', { name: entry.number });
  await expect(other).toHaveAttribute('href', `/Permit/Edit/${entry.ID}`);
  await expect(conflicts).toContainText('Confined Space Entry');
  await expect(conflicts).toContainText(
    /\d{4}-\d\d-\d\d \d\d:\d\d [+-]\d\d:\d\d to \d{4}-\d\d-\d\d \d\d:\d\d [+-]\d\d:\d\d/,
  );
  await expect(conflicts).toContainText('SIMOPS e2e');
  await expect(conflicts).toContainText('Block');
  await expectNoSidewaysScroll(a, phone.width);
  await expectNoSeriousViolations(a);
  await saveScreenshot(a, testInfo, 'simops-conflicts-phone');

  // Approve without an override: the dialog shows the block, and the server refuses, naming the permit.
  await main(a)
    .getByRole('region', { name: 'Next steps' })
    .getByRole('button', { name: 'Approve', exact: true })
    .click();
  const dialog = a.getByRole('dialog');
  await expect(dialog).toContainText('The SIMOPS rules block this beside:');
  await expect(dialog).toContainText(entry.number);
  // The field, not the loader that holds its place (and its name) while the signing method loads.
  await dialog
    .locator('input')
    .and(dialog.getByLabel(/^Your password/))
    .fill(demo.password);
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    `This permit cannot be approved: the SIMOPS rules block it beside ${entry.number}`,
  );
  await expect(main(a).getByTestId('permit-status')).toHaveText('Requested');

  // Override: the reason is required; the password already typed signs it.
  await dialog.getByRole('checkbox', { name: /Override the SIMOPS block/ }).check();
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(dialog).toContainText('SIMOPS override: a reason is required');
  const reason = `Entry crew out of the tank while the bracket is welded ${stamp}`;
  await dialog.getByRole('textbox', { name: /^Reason for the override/ }).fill(reason);
  await expect(dialog).toContainText('Signed with the password you type below.');
  await expectNoSidewaysScroll(a, phone.width);
  await saveScreenshot(a, testInfo, 'simops-override-phone');
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(main(a).getByTestId('permit-status')).toHaveText('Approved');

  // The override on this permit's Conflicts, with who signed it and why.
  await main(a).getByRole('tab', { name: 'Conflicts' }).click();
  const overrides = main(a).getByRole('region', { name: /^Overrides \(1\)/ });
  await expect(overrides).toContainText(`Approval of ${weld.number} despite ${entry.number}`);
  await expect(overrides).toContainText(approver.displayName);
  await expect(overrides).toContainText(reason);
  await saveScreenshot(a, testInfo, 'simops-overridden-phone');

  // And on the other permit's, reached by its link.
  await main(a)
    .getByRole('region', { name: /^Conflicts now/ })
    .getByRole('link', { name: entry.number })
    .click();
  await expect(a).toHaveURL(new RegExp(`/Permit/Edit/${entry.ID}$`));
  await main(a).getByRole('tab', { name: 'Conflicts' }).click({ timeout: FIRST_LOAD_TIMEOUT_MS });
  const theirs = main(a).getByRole('region', { name: /^Overrides \(1\)/ });
  await expect(theirs).toContainText(`Approval of ${weld.number} despite ${entry.number}`);
  await expect(theirs).toContainText(reason);
  await expect(theirs.getByRole('link', { name: `Open ${weld.number}` })).toHaveAttribute(
    'href',
    `/Permit/Edit/${weld.ID}`,
  );
  await expectNoSidewaysScroll(a, phone.width);
  await saveScreenshot(a, testInfo, 'simops-other-permit-phone');
});
