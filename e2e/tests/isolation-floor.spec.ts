import type { Locator, Page } from '@playwright/test';
import { apiPost, browseAs, permitCommand } from '../support/api-user';
import { withDatabase } from '../support/database';
import { expect, test } from '../support/fixtures';
import { issueLock, myUserId, planCommand, readPlan, registerPoolLock } from '../support/isolation';
import { createUserLike } from '../support/permit-users';
import { expectNoSeriousViolations, expectNoSidewaysScroll, saveScreenshot } from '../support/quality';
import { selectTab } from '../support/shell';
import { phone } from '../support/sign-in';

// The isolation journey on the floor: a worker with a phone (390×844), gloves, one hand, isolates a
// two-point plan from the guided card, point after point, and the spec counts the taps it takes.
test.use({ serviceWorkers: 'block' });

const main = (page: Page) => page.getByRole('main');
const section = (page: Page) => main(page).getByRole('region', { name: 'Isolation plan' });
const card = (page: Page) => section(page).getByRole('article');

/** A tap counted against its point (a choice from the lock list counts as one: open and pick is one gesture here). */
function tapCounter() {
  const taps = new Map<string, number>();
  const count = (code: string) => taps.set(code, (taps.get(code) ?? 0) + 1);
  return {
    taps,
    click: async (code: string, target: Locator) => {
      // Only targets a gloved thumb can hit: 44 px at least.
      const box = (await target.boundingBox())!;
      expect(Math.min(box.width, box.height), `${code}: tap target`).toBeGreaterThanOrEqual(44);
      count(code);
      await target.click();
    },
    choose: async (code: string, select: Locator, label: string) => {
      count(code);
      await select.selectOption({ label });
    },
  };
}

test('a two-point plan is isolated from the guided card on a phone, in a few taps per point, nothing typed', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const [requester, approver, issuer] = await Promise.all([
    createUserLike('worker', 'floor-requester'),
    createUserLike('supervisor', 'floor-approver'),
    createUserLike('supervisor', 'floor-issuer'),
  ]);
  const [r, a, i] = await Promise.all([
    browseAs(browser, requester),
    browseAs(browser, approver),
    browseAs(browser, issuer),
  ]);
  const ids = await withDatabase(async (client) => ({
    type: (await client.query<{ id: number }>(`select id from permit_types where facility_id = 1 and code = 'LOTO'`))
      .rows[0]!.id,
    press: (await client.query<{ id: number }>(`select id from assets where facility_id = 1 and number = 'PR-001'`))
      .rows[0]!.id,
  }));
  const start = Date.now() - 5 * 60_000;
  const permit = await apiPost<{ ID: number }>(r, '/api/permits', {
    permitTypeId: ids.type,
    title: `Press ram seals on the floor ${Date.now().toString(36)}`,
    description: 'Ram seals of PR-001 leak.',
    workMethod: 'Lock out the press; replace the seals.',
    areaId: null,
    assetIds: [ids.press],
    plannedStart: new Date(start).toISOString(),
    plannedEnd: new Date(start + 4 * 3_600_000).toISOString(),
    holderId: null,
    riskLevel: 'medium',
  });
  const permitId = permit.ID;
  await permitCommand(r, permitId, 'request');
  await permitCommand(a, permitId, 'approve');
  // The plan: the press's two lockable points (its tag-only point leaves the plan), the crew told
  // and the press shut down: the floor work begins at the first point.
  const filled = await planCommand(i, permitId, 'fill');
  for (const p of filled.points.filter((x) => !x.lockable))
    await planCommand(i, permitId, 'remove-point', { planPointId: p.ID });
  await planCommand(i, permitId, 'notify');
  await planCommand(i, permitId, 'shut-down');
  const codes = (await readPlan(i, permitId)).points.map((p) => p.code);
  expect(codes).toHaveLength(2);
  // The worker's own lock, issued to them, and two pool locks of the cabinet: the issuer hands one to
  // this permit (decision 0114); the other stays in the cabinet and no picker of this permit offers it.
  const me = await myUserId(i);
  const pool = await registerPoolLock(i, 'POOL');
  const stray = await registerPoolLock(i, 'STRAY');
  const locks = [await issueLock(i, me), pool];

  const page = i.page;
  await page.goto(`/Permit/Edit/${permitId}`);
  await selectTab(main(page), 'Isolation');
  await expect(card(page)).toHaveCount(1);
  // The card is on the first screen: its primary button above the fold.
  const first = card(page).getByRole('button', { name: `Isolate ${codes[0]}` });
  await expect(first).toBeVisible();
  await saveScreenshot(page, testInfo, 'isolation-floor-card-phone');
  expect((await first.boundingBox())!.y + 56).toBeLessThanOrEqual(phone.height);
  await expectNoSidewaysScroll(page, phone.width);
  await expectNoSeriousViolations(page);

  // The issuer assigns a pool lock to the permit from the Isolation tab.
  const assigned = section(page).getByRole('region', { name: 'Locks assigned to this permit' });
  await expect(assigned).toContainText('No pool lock is assigned to this permit yet.');
  await assigned.getByLabel('Assign a pool lock').selectOption({ label: pool.serial });
  await assigned.getByRole('button', { name: 'Assign lock' }).click();
  await expect(assigned.getByRole('button', { name: `Release ${pool.serial}` })).toBeVisible();
  await expect(assigned.getByLabel('Assign a pool lock').locator('option', { hasText: pool.serial })).toHaveCount(0);
  await saveScreenshot(page, testInfo, 'isolation-floor-assigned-locks-phone');

  const tap = tapCounter();
  // Each point: isolate it, put the lock on (its tag goes on with it).
  for (const [n, code] of codes.entries()) {
    await expect(card(page).getByRole('heading', { level: 3 })).toHaveText(code);
    await tap.click(code, card(page).getByRole('button', { name: `Isolate ${code}` }));
    await expect(card(page)).toContainText(`Put your lock on ${code}: tag `);
    if (n === 0) {
      await saveScreenshot(page, testInfo, 'isolation-floor-lock-phone');
      // The picker: the user's own lock and the permit's assigned pool lock, never the cabinet's other one.
      const options = card(page).getByLabel(`Lock for ${code}`).locator('option');
      await expect(options.filter({ hasText: pool.serial })).toHaveText(`${pool.serial} (assigned to this permit)`);
      await expect(options.filter({ hasText: locks[0]!.serial })).toHaveText(`${locks[0]!.serial} (yours)`);
      await expect(options.filter({ hasText: stray.serial })).toHaveCount(0);
    }
    const label = n === 0 ? `${locks[0]!.serial} (yours)` : `${pool.serial} (assigned to this permit)`;
    await tap.choose(code, card(page).getByLabel(`Lock for ${code}`), label);
    await tap.click(code, card(page).getByRole('button', { name: `Apply lock on ${code}` }));
    await expect(section(page).getByRole('button', { name: `${code}: Isolated` })).toBeVisible();
  }
  // Then the stored energy, once for the plan (counted apart: it is not a point's).
  await expect(card(page)).toContainText('Every point is locked and tagged');
  await tap.click('plan', card(page).getByRole('button', { name: 'Stored energy released' }));
  // Then each point's try-out: one tap, the method came with the plan.
  for (const code of codes) {
    await expect(card(page).getByRole('heading', { level: 3 })).toHaveText(code);
    if (code === codes[0]) {
      await expectNoSidewaysScroll(page, phone.width);
      await expectNoSeriousViolations(page);
      await saveScreenshot(page, testInfo, 'isolation-floor-try-out-phone');
    }
    await tap.click(code, card(page).getByRole('button', { name: 'Pass: zero energy' }));
    await expect(section(page).getByRole('button', { name: `${code}: Verified` })).toBeVisible();
  }
  // Nothing was typed on the way: no text box was ever needed.
  await expect(section(page).getByRole('textbox')).toHaveCount(0);

  // Both records: each lock and the tag hung with it, the same applier and lock number.
  const plan = await readPlan(i, permitId);
  for (const [n, p] of plan.points.entries()) {
    expect(p.locks.map((l) => l.serial)).toEqual([locks[n]!.serial]);
    expect(p.tags).toEqual([expect.objectContaining({ state: 'applied', lockSerial: locks[n]!.serial })]);
  }
  const perPoint = codes.map((code) => `${code}: ${tap.taps.get(code)}`).join(', ');
  console.log(`Isolation taps per point from the card: ${perPoint}; plan-wide: ${tap.taps.get('plan')}`);
  testInfo.annotations.push({ type: 'taps', description: perPoint });
  for (const code of codes) expect(tap.taps.get(code), code).toBeLessThanOrEqual(4);
  await saveScreenshot(page, testInfo, 'isolation-floor-verified-phone');
});

test('a failed try-out is recorded and the card says what to do next', async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const [requester, approver, issuer] = await Promise.all([
    createUserLike('worker', 'floor-fail-requester'),
    createUserLike('supervisor', 'floor-fail-approver'),
    createUserLike('supervisor', 'floor-fail-issuer'),
  ]);
  const [r, a, i] = await Promise.all([
    browseAs(browser, requester),
    browseAs(browser, approver),
    browseAs(browser, issuer),
  ]);
  const ids = await withDatabase(async (client) => ({
    type: (await client.query<{ id: number }>(`select id from permit_types where facility_id = 1 and code = 'LOTO'`))
      .rows[0]!.id,
    press: (await client.query<{ id: number }>(`select id from assets where facility_id = 1 and number = 'PR-001'`))
      .rows[0]!.id,
  }));
  const start = Date.now() - 5 * 60_000;
  const { ID: permitId } = await apiPost<{ ID: number }>(r, '/api/permits', {
    permitTypeId: ids.type,
    title: `Press try-out fails ${Date.now().toString(36)}`,
    description: 'Ram seals of PR-001 leak.',
    workMethod: 'Lock out the press; replace the seals.',
    areaId: null,
    assetIds: [ids.press],
    plannedStart: new Date(start).toISOString(),
    plannedEnd: new Date(start + 4 * 3_600_000).toISOString(),
    holderId: null,
    riskLevel: 'medium',
  });
  await permitCommand(r, permitId, 'request');
  await permitCommand(a, permitId, 'approve');
  const filled = await planCommand(i, permitId, 'fill');
  for (const p of filled.points.filter((x) => !x.lockable))
    await planCommand(i, permitId, 'remove-point', { planPointId: p.ID });
  await planCommand(i, permitId, 'notify');
  await planCommand(i, permitId, 'shut-down');
  const me = await myUserId(i);
  for (const p of (await readPlan(i, permitId)).points) {
    await planCommand(i, permitId, 'isolate-point', { planPointId: p.ID });
    const lock = await issueLock(i, me);
    await apiPost(i, `/api/permits/${permitId}/locks/commands/apply`, { lockId: lock.id, planPointId: p.ID });
  }
  await planCommand(i, permitId, 'release-stored-energy');
  const code = (await readPlan(i, permitId)).points[0]!.code;

  const page = i.page;
  await page.goto(`/Permit/Edit/${permitId}`);
  await selectTab(main(page), 'Isolation');
  await card(page).getByRole('button', { name: 'Fail: energy present' }).click();
  await expect(card(page).getByRole('alert')).toHaveText(
    'Try-out failed: the energy is not isolated. Check the isolation and try again.',
  );
  await expect(card(page).getByRole('heading', { level: 3 })).toHaveText(code);
  await expect(section(page).getByRole('button', { name: `${code}: Isolated` })).toBeVisible();
  await expectNoSeriousViolations(page);
  await saveScreenshot(page, testInfo, 'isolation-floor-try-out-failed-phone');
  // Checked and tried again: it passes.
  await card(page).getByRole('button', { name: 'Pass: zero energy' }).click();
  await expect(section(page).getByRole('button', { name: `${code}: Verified` })).toBeVisible();
});
