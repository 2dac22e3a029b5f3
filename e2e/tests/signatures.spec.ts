import { mkdirSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { answerQuestionsFor, lifecycleCommandOf } from '../support/permit-questions';
import { demo } from '../support/hasp';
import { createUserLike, type PermitTestUser } from '../support/permit-users';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { expectNoSeriousViolations, expectNoSidewaysScroll, saveScreenshot } from '../support/quality';
import { phone, signedInPage } from '../support/sign-in';
import { approveWithPassword, joinSafetyOfficers } from '../support/signatures';

// Approvals with electronic signatures at phone width: a high-risk permit is signed
// by the area authority, then by a safety officer, each typing their password in the Approve dialog
// (a wrong one first, refused); the Approvals tab shows each signature with name, local time, UTC
// offset and meaning, and once the requester edits the approved permit, shows them as no longer valid.
test.use({ serviceWorkers: 'block' });

const shots = '/tmp/shots-signatures';
const tokens = new Map<string, string>();

async function browse(browser: Browser, user: PermitTestUser): Promise<Page> {
  const { page, token } = await signedInPage(browser, user);
  tokens.set(user.userName, token);
  return page;
}

async function api(page: Page, user: PermitTestUser, url: string, data: object = {}) {
  // LOTO asks checklist questions (the permit questions spec shows them): answered first, by the same user.
  const lifecycle = lifecycleCommandOf(url);
  if (lifecycle)
    await answerQuestionsFor(page.request, `Bearer ${tokens.get(user.userName)}`, lifecycle.permitId, lifecycle.verb);
  const response = await page.request.post(url, {
    headers: { authorization: `Bearer ${tokens.get(user.userName)}`, 'idempotency-key': crypto.randomUUID() },
    data,
  });
  expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
  return (await response.json()) as { ID: number; number: string };
}

const main = (page: Page) => page.getByRole('main');
const status = (page: Page) => main(page).getByTestId('permit-status');

test('a high-risk permit is approved by two people, each signing with their password', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  mkdirSync(shots, { recursive: true });
  const [requester, authority, officer] = await Promise.all([
    createUserLike('worker', 'sig-requester'),
    createUserLike('supervisor', 'sig-authority'),
    createUserLike('supervisor', 'sig-officer'),
  ]);
  // The safety officer stage is signed by members of "Safety Officers" (the demo's approval stages).
  await joinSafetyOfficers(officer);

  const [r, a, o] = await Promise.all([
    browse(browser, requester),
    browse(browser, authority),
    browse(browser, officer),
  ]);
  const type = await r.request.get('/api/permits/types/LOTO', {
    headers: { authorization: `Bearer ${tokens.get(requester.userName)}` },
  });
  expect(type.status(), await type.text()).toBe(200);
  const start = new Date(Date.now() + 24 * 3_600_000);
  const core = {
    title: `Replace agitator seal ${Date.now().toString(36)}`,
    description: 'Seal leaking; replace it.',
    workMethod: 'Isolate, drain, replace seal.',
    areaId: null,
    assetIds: [],
    plannedStart: start.toISOString(),
    plannedEnd: new Date(start.getTime() + 4 * 3_600_000).toISOString(),
    holderId: null,
    riskLevel: 'high',
  };
  const permit = await api(r, requester, '/api/permits', {
    permitTypeId: ((await type.json()) as { ID: number }).ID,
    ...core,
  });
  await api(r, requester, `/api/permits/${permit.ID}/commands/request`);
  const url = `/Permit/Edit/${permit.ID}`;

  // The area authority on the phone: a wrong password is refused with the server's words.
  const dialog = await approveWithPassword(a, url, 'not-my-password');
  await expect(dialog.getByRole('alert')).toHaveText('The password is not correct: the permit was not signed.');
  await expect(dialog.locator('input').and(dialog.getByLabel('Your password'))).toHaveValue('not-my-password');
  await expectNoSeriousViolations(a);
  await a.screenshot({ path: `${shots}/approve-wrong-password-390.png` });
  await dialog.locator('input').and(dialog.getByLabel('Your password')).fill(demo.password);
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(dialog).toBeHidden();
  // One of two stages signed: still Requested.
  await expect(status(a)).toHaveText('Requested');
  await main(a).getByRole('tab', { name: 'Approvals' }).click();
  const signatures = main(a).getByRole('region', { name: 'Signatures' });
  await expect(signatures.getByRole('listitem')).toHaveCount(1);
  await expect(signatures.getByRole('listitem')).toHaveText(
    new RegExp(
      `^Approved as area authority by ${authority.displayName}, \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d -0[56]:00$`,
    ),
  );
  await expect(main(a).getByRole('region', { name: 'Approval stages' })).toContainText('Next to sign');
  // The area authority cannot sign the second stage too.
  await expect(main(a).getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
  await expectNoSidewaysScroll(a, phone.width);
  await expectNoSeriousViolations(a);
  await a.screenshot({ path: `${shots}/approvals-one-signed-390.png`, fullPage: true });

  // The safety officer signs the second stage: Approved.
  const second = await approveWithPassword(o, url, demo.password);
  await expect(second).toBeHidden();
  await expect(status(o)).toHaveText('Approved');
  await main(o).getByRole('tab', { name: 'Approvals' }).click();
  const both = main(o).getByRole('region', { name: 'Signatures' }).getByRole('listitem');
  await expect(both).toHaveCount(2);
  await expect(both.nth(0)).toContainText(`Approved as safety officer by ${officer.displayName}, `);
  await expect(both.nth(1)).toContainText(`Approved as area authority by ${authority.displayName}, `);
  await expectNoSeriousViolations(o);
  await o.screenshot({ path: `${shots}/approvals-both-signed-390.png`, fullPage: true });
  await saveScreenshot(o, testInfo, 'signatures-approved-phone');

  // The requester changes the approved permit: both signatures are no longer valid.
  await api(r, requester, `/api/permits/${permit.ID}/commands/edit`, { ...core, title: `${core.title} (changed)` });
  await o.reload();
  await main(o).getByRole('tab', { name: 'Approvals' }).click({ timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect(main(o).getByText('No longer valid: the permit changed after signing')).toHaveCount(2);
  await expect(status(o)).toHaveText('Requested');
  await expectNoSeriousViolations(o);
  await o.screenshot({ path: `${shots}/approvals-no-longer-valid-390.png`, fullPage: true });
  await o.setViewportSize({ width: 1280, height: 900 });
  await expect(main(o).getByText('No longer valid: the permit changed after signing')).toHaveCount(2);
  await o.screenshot({ path: `${shots}/approvals-no-longer-valid-1280.png`, fullPage: true });
});

test('Facility Settings › Approval stages shows each risk level’s stages and who signs them', async ({ browser }) => {
  mkdirSync(shots, { recursive: true });
  const page = await browse(browser, demo.admin);
  await page.goto('/facility-settings');
  await main(page).getByRole('link', { name: 'Approval stages' }).click({ timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect(page).toHaveURL(/\/facility-settings\/approval-stages$/);
  const high = main(page).getByRole('group', { name: 'Risk level High' });
  await expect(high.getByLabel('Stage name')).toHaveCount(2);
  await expect(high.getByLabel('Stage name').nth(1)).toHaveValue('Safety officer');
  await expect(high.getByLabel('Meaning of the signature').nth(0)).toHaveValue('approved as area authority');
  await expectNoSidewaysScroll(page, phone.width);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: `${shots}/approval-stages-admin-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(high.getByLabel('Stage name')).toHaveCount(2);
  await page.screenshot({ path: `${shots}/approval-stages-admin-1280.png`, fullPage: true });
});
