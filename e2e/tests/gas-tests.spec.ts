import { mkdirSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { withDatabase } from '../support/database';
import { answerQuestionsFor, lifecycleCommandOf } from '../support/permit-questions';
import { demo } from '../support/hasp';
import { createUserLike, type PermitTestUser } from '../support/permit-users';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { expectNoSeriousViolations, expectNoSidewaysScroll, saveScreenshot } from '../support/quality';
import { phone, signedInPage } from '../support/sign-in';
import { signInDialog } from '../support/signatures';

// Gas tests at the job site: the issuer tests the air on a phone before issuing a
// hot-work permit. A reading out of limits keeps the permit from being issued (the section says
// why, in words, and the Issue button is not offered); a passing test lets it be issued. The permit
// is drafted, requested, approved and isolated through the API by its own (new) people.
test.use({ serviceWorkers: 'block' });

const desktop = { width: 1280, height: 800 };
const shots = '/tmp/shots-gas';
const tokens = new Map<string, string>();
const auth = (userName: string) => ({ authorization: `Bearer ${tokens.get(userName)}` });

async function browse(browser: Browser, userName: string): Promise<Page> {
  const { page, token } = await signedInPage(browser, userName);
  tokens.set(userName, token);
  return page;
}

const main = (page: Page) => page.getByRole('main');
const reading = (page: Page, code: string, unit: string) =>
  main(page).getByRole('textbox', { name: new RegExp(`^${code} \\(${unit}\\)`) });

async function fillTest(page: Page, values: Record<string, [string, string]>, location: string) {
  for (const [code, [unit, value]] of Object.entries(values)) await reading(page, code, unit).fill(value);
  await main(page)
    .getByRole('textbox', { name: /^Location/ })
    .fill(location);
  await main(page).getByRole('button', { name: 'Record gas test' }).click();
}

test('a failing then a passing gas test at phone width: issue refused, then allowed', async ({ browser }, testInfo) => {
  mkdirSync(shots, { recursive: true });
  const [requester, approver, issuer, holder] = await Promise.all([
    createUserLike('supervisor', 'requester'),
    createUserLike('supervisor', 'approver'),
    createUserLike('supervisor', 'issuer'),
    createUserLike('worker', 'holder'),
  ]);
  const pages = new Map<string, Page>();
  for (const user of [requester, approver, issuer, holder] as PermitTestUser[])
    pages.set(user.userName, await browse(browser, user.userName));
  const api = async (user: PermitTestUser, url: string, data: object = {}) => {
    // HOT asks checklist questions (the permit questions spec shows them): answered first, by the same user.
    const lifecycle = lifecycleCommandOf(url);
    if (lifecycle)
      await answerQuestionsFor(
        pages.get(user.userName)!.request,
        auth(user.userName).authorization,
        lifecycle.permitId,
        lifecycle.verb,
      );
    const response = await pages.get(user.userName)!.request.post(url, {
      headers: { ...auth(user.userName), 'idempotency-key': crypto.randomUUID() },
      data,
    });
    expect(response.status(), `${user.userName} ${url}: ${await response.text()}`).toBe(200);
    return (await response.json()) as { ID: number };
  };
  const r = pages.get(requester.userName)!;
  const type = (await (
    await r.request.get('/api/permits/types/HOT', { headers: auth(requester.userName) })
  ).json()) as {
    ID: number;
  };
  const holderId = await withDatabase(
    async (client) =>
      (await client.query<{ id: number }>('select id from users where user_name = $1', [holder.userName])).rows[0]!.id,
  );
  const start = new Date(Date.now() + 60_000);
  const title = `Weld bracket on tank T-3 ${Date.now().toString(36)}`;
  const permit = await api(requester, '/api/permits', {
    permitTypeId: type.ID,
    title,
    description: 'Weld a new support bracket on the tank roof.',
    workMethod: 'Hot work with a fire watch; gas test before and every two hours.',
    areaId: null,
    assetIds: [],
    plannedStart: start.toISOString(),
    plannedEnd: new Date(start.getTime() + 6 * 3_600_000).toISOString(),
    holderId,
    // Medium: one approval stage, signed with the approver's password (the signatures spec walks two).
    riskLevel: 'medium',
  });
  await api(requester, `/api/permits/${permit.ID}/commands/request`);
  await api(approver, `/api/permits/${permit.ID}/commands/approve`, { password: demo.password });
  await api(approver, `/api/permits/${permit.ID}/commands/isolate`);

  // The issuer opens the permit's Gas tests on a phone: no test yet, so it cannot be issued.
  const i = pages.get(issuer.userName)!;
  await answerQuestionsFor(i.request, auth(issuer.userName).authorization, permit.ID, 'issue');
  await i.goto(`/Permit/Edit/${permit.ID}`);
  await main(i).getByRole('tab', { name: 'Gas tests' }).click({ timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect(main(i)).toContainText('Gas test: record a gas test before the permit is issued.');
  const nextSteps = main(i).getByRole('region', { name: 'Next steps' });

  // The tester is whoever is signed in: named, not chosen.
  await expect(main(i)).toContainText(`Tester: ${issuer.displayName} (you).`);
  // A failing test: H2S above its limit. The reading says so as it is typed, and after saving.
  await reading(i, 'H2S', 'ppm').fill('12');
  await expect(main(i)).toContainText('⚠ Out of limits (≤ 10 ppm)');
  await fillTest(
    i,
    { O2: ['%', '20.9'], LEL: ['%', '0'], H2S: ['ppm', '12'], CO: ['ppm', '3'] },
    'Tank T-3 roof, at the manway',
  );
  // The failing reading is named with when it was measured, and what clears it.
  const refusal =
    /Gas test: H2S 12 ppm is above the limit of 10 ppm \(measured \d{4}-\d\d-\d\d \d\d:\d\d UTC\)\. A passing re-test measured and recorded after it must clear it before the permit is issued\./;
  await expect(main(i).getByRole('status')).toContainText(refusal);
  const history = main(i).getByRole('region', { name: /^Tests \(/ });
  await expect(history.getByRole('row', { name: /H2S/ })).toContainText('Out of limits');
  // The test names the signed-in issuer as tester and recorder, with the server's receipt time.
  await expect(history.getByRole('article').first()).toContainText(
    new RegExp(`Received .+, recorded by ${issuer.displayName}`),
  );
  await expect(nextSteps.getByRole('button', { name: 'Issue', exact: true })).toHaveCount(0);
  // The server refuses the same way whatever the screen offers (signed: the gas test refuses, not the signature).
  const refused = await i.request.post(`/api/permits/${permit.ID}/commands/issue`, {
    headers: auth(issuer.userName),
    data: { password: demo.password },
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { message: string }).message).toMatch(refusal);
  await expectNoSidewaysScroll(i, phone.width);
  await expectNoSeriousViolations(i);
  await main(i).getByRole('status').scrollIntoViewIfNeeded();
  await i.screenshot({ path: `${shots}/gas-failing-390.png` });
  await history.getByRole('row', { name: /H2S/ }).scrollIntoViewIfNeeded();
  await i.screenshot({ path: `${shots}/gas-failing-test-390.png` });
  await saveScreenshot(i, testInfo, 'gas-tests-failing-phone');

  // A passing test (the form emptied after the last one was recorded).
  await expect(reading(i, 'H2S', 'ppm')).toHaveValue('');
  await fillTest(
    i,
    { O2: ['%', '20.8'], LEL: ['%', '0'], H2S: ['ppm', '0'], CO: ['ppm', '2'] },
    'Tank T-3 roof, at the manway',
  );
  await expect(main(i).getByRole('status')).toContainText('Gas test in limits');
  await expect(history.getByRole('article')).toHaveCount(2);
  const issue = nextSteps.getByRole('button', { name: 'Issue', exact: true });
  await expect(issue).toBeVisible();
  expect((await issue.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await expectNoSeriousViolations(i);
  await main(i).getByRole('status').scrollIntoViewIfNeeded();
  await i.screenshot({ path: `${shots}/gas-passing-390.png` });
  await i.setViewportSize(desktop);
  await main(i).getByRole('tab', { name: 'Gas tests' }).scrollIntoViewIfNeeded();
  await i.screenshot({ path: `${shots}/gas-passing-1280.png` });
  await history.getByRole('article').last().scrollIntoViewIfNeeded();
  await i.screenshot({ path: `${shots}/gas-tests-1280.png` });
  await i.setViewportSize(phone);

  await issue.click();
  // Issuing is signed: the issuer's password in the dialog.
  await signInDialog(i.getByRole('dialog'), 'Issue');
  await expect(main(i).getByTestId('permit-status')).toHaveText('Issued');
});

test('the gas configuration screen at phone and desktop width', async ({ browser }) => {
  mkdirSync(shots, { recursive: true });
  const a = await browse(browser, demo.admin.userName);
  await a.goto('/admin/gas-tests');
  await expect(main(a).getByRole('heading', { name: 'Gas parameters' })).toBeVisible({
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  await expect(main(a)).toContainText('O2 — Oxygen');
  await expect(main(a)).toContainText('19.5–23.5 %');
  await expectNoSidewaysScroll(a, phone.width);
  await expectNoSeriousViolations(a);
  await a.screenshot({ path: `${shots}/gas-config-390.png`, fullPage: true });
  // An instrument added here is a command; its serial is unique in the facility.
  const serial = `E2E-${Date.now().toString(36)}`.toUpperCase();
  await main(a).getByRole('button', { name: 'Add an instrument' }).click();
  const form = main(a).getByRole('form', { name: 'Add an instrument' });
  await form.getByRole('textbox', { name: /^Name/ }).fill('Dräger X-am 2500');
  await form.getByRole('textbox', { name: /^Serial/ }).fill(serial);
  await form.getByLabel(/^Calibration due/).fill('2027-05-31');
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(main(a)).toContainText(`Dräger X-am 2500 (${serial})`);
  await a.setViewportSize(desktop);
  await a.screenshot({ path: `${shots}/gas-config-1280.png`, fullPage: true });
});
