import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { withDatabase } from '../support/database';
import { createUserLike, type PermitTestUser } from '../support/permit-users';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { expectNoSeriousViolations, expectNoSidewaysScroll, saveScreenshot } from '../support/quality';
import { phone, signedInPage } from '../support/sign-in';

// On a phone: the requester builds a hazard analysis line on a General Work permit
// for press PR-001 (picking the hazard, rating it on the coloured matrix by tap and the residual by
// keyboard, a control from the list and one suggested by the press's energy sources), and the
// permit's risk level follows the line.
test.use({ serviceWorkers: 'block' });

const desktop = { width: 1280, height: 900 };
const tokens = new WeakMap<Page, string>();
const auth = (page: Page) => ({ authorization: `Bearer ${tokens.get(page)}`, 'idempotency-key': crypto.randomUUID() });

async function browse(browser: Browser, user: { userName: string }): Promise<Page> {
  const { page, token } = await signedInPage(browser, user);
  tokens.set(page, token);
  return page;
}

const main = (page: Page) => page.getByRole('main');
const section = (page: Page) => main(page).getByRole('region', { name: 'Hazard analysis' });
const lineForm = (page: Page) => section(page).getByRole('form', { name: 'Hazard analysis line' });

test('a requester builds a hazard analysis line on a phone and the permit takes its risk level', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const requester: PermitTestUser = await createUserLike('worker', 'hz-requester');
  const r = await browse(browser, requester);
  const ids = await withDatabase(async (client) => ({
    type: (await client.query<{ id: number }>(`select id from permit_types where facility_id = 1 and code = 'GEN'`))
      .rows[0]!.id,
    press: (await client.query<{ id: number }>(`select id from assets where facility_id = 1 and number = 'PR-001'`))
      .rows[0]!.id,
  }));
  const start = Date.now() + 60 * 60_000;
  const created = await r.request.post('/api/permits', {
    headers: auth(r),
    data: {
      permitTypeId: ids.type,
      title: `Replace press guard ${Date.now().toString(36)}`,
      description: 'The front guard of PR-001 is cracked.',
      workMethod: 'Isolate the press, replace the guard, test the interlock.',
      areaId: null,
      assetIds: [ids.press],
      plannedStart: new Date(start).toISOString(),
      plannedEnd: new Date(start + 3 * 3_600_000).toISOString(),
      holderId: null,
      riskLevel: null,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const permitId = ((await created.json()) as { ID: number }).ID;

  await r.goto(`/Permit/Edit/${permitId}`);
  await main(r).getByRole('tab', { name: 'Hazards' }).click({ timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect(section(r).getByTestId('hazard-risk-level')).toContainText('Not rated yet');
  await section(r).getByRole('button', { name: 'Add line' }).click();

  const form = lineForm(r);
  await form.getByLabel('Job step').fill('Remove the cracked guard');
  await form.getByLabel('Hazard').selectOption({ label: 'Crush or pinch point' });
  // Rated by tapping the cell: Major × Possible is high on the default matrix (word and colour).
  const before = form.getByRole('table', { name: /Risk before controls/ });
  await before.getByRole('button', { name: 'Severity Major, likelihood Possible: High' }).tap();
  await expect(before.getByRole('button', { name: 'Severity Major, likelihood Possible: High' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(form).toContainText('Risk: High');
  // A control from the list, and one suggested by the press's energy sources in one tap.
  await form.getByLabel('Control from the list').selectOption({ label: 'Block or pin raised parts' });
  await form.getByRole('button', { name: 'Add control' }).first().click();
  const suggestions = form.getByRole('group', { name: 'Suggested from the energy sources' });
  await expect(suggestions).toContainText('Release or block stored energy');
  await expect(suggestions).toContainText('From PR-001 Main drive: Hydraulic');
  await suggestions.getByRole('button', { name: 'Add: Release or block stored energy' }).click();
  await expect(form.getByRole('list', { name: 'Controls' }).getByRole('listitem')).toHaveText([
    'Block or pin raised parts',
    'Release or block stored energy',
  ]);
  await expect(suggestions.getByRole('button', { name: 'Add: Release or block stored energy' })).toHaveCount(0);
  // The residual rating by keyboard: one tab stop, arrows move, Enter picks (Minor × Unlikely: low).
  const residual = form.getByRole('table', { name: /Residual risk/ });
  await residual.getByRole('button', { name: 'Severity Negligible, likelihood Rare: Low' }).focus();
  await r.keyboard.press('ArrowUp');
  await r.keyboard.press('ArrowRight');
  await expect(residual.getByRole('button', { name: 'Severity Minor, likelihood Unlikely: Low' })).toBeFocused();
  await r.keyboard.press('Enter');
  await expect(form).toContainText('Residual risk: Low');
  await expectNoSidewaysScroll(r, phone.width);
  await expectNoSeriousViolations(r);
  await saveScreenshot(r, testInfo, 'hazard-analysis-line-form-phone');

  await form.getByRole('button', { name: 'Save line' }).click();
  const line = section(r).getByRole('article', { name: 'Line 1' });
  await expect(line).toContainText('Remove the cracked guard');
  await expect(line).toContainText('Risk: High (4 × 3)');
  await expect(line).toContainText('Residual risk: Low (2 × 2)');
  await expect(line).toContainText('Release or block stored energy');
  await expect(section(r).getByTestId('hazard-risk-level')).toContainText('Low');
  await expectNoSidewaysScroll(r, phone.width);
  await expectNoSeriousViolations(r);
  await section(r).scrollIntoViewIfNeeded();
  await saveScreenshot(r, testInfo, 'hazard-analysis-phone');
  // The permit's own risk follows; its details form shows it read-only, set by the analysis.
  await main(r).getByRole('tab', { name: 'Permit' }).click();
  const risk = main(r).getByRole('textbox', { name: 'Risk' });
  await expect(risk).toHaveValue('Low');
  await expect(risk).toHaveAttribute('readonly', '');
  await expect(main(r).getByText('Set by the hazard analysis')).toBeVisible();
  await main(r).getByRole('tab', { name: 'Hazards' }).click();
  const permit = (await (await r.request.get(`/api/permits/${permitId}`, { headers: auth(r) })).json()) as {
    riskLevel: string;
  };
  expect(permit.riskLevel).toBe('low');

  await r.setViewportSize(desktop);
  // The section (the page's own buttons are the permits spec's; the pointer may rest on one here).
  await expectNoSeriousViolations(r, 'section[aria-label="Hazard analysis"]');
  await saveScreenshot(r, testInfo, 'hazard-analysis-desktop');
  await r.context().close();
});

test('the risk matrix sits beside the master lists, at phone and desktop width', async ({ browser }, testInfo) => {
  const admin = await browse(browser, { userName: 'admin' });
  await admin.goto('/masterlist/manage');
  const matrix = main(admin).getByRole('region', { name: 'Risk matrix' });
  await expect(
    matrix.getByRole('button', { name: /^Severity Catastrophic, likelihood Almost certain: High/ }),
  ).toBeVisible({
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  await expect(matrix.getByRole('textbox', { name: 'Severity level 1' })).toHaveValue('Negligible');
  await matrix.getByRole('heading', { name: 'Risk matrix' }).scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(admin, phone.width);
  await expectNoSeriousViolations(admin);
  await saveScreenshot(admin, testInfo, 'risk-matrix-phone');
  await admin.setViewportSize(desktop);
  await matrix.getByRole('heading', { name: 'Risk matrix' }).scrollIntoViewIfNeeded();
  await saveScreenshot(admin, testInfo, 'risk-matrix-desktop');
  await admin.context().close();
});
