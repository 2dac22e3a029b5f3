import type { Browser, Page } from '@playwright/test';
import { isSignedPermitCommand } from '@hasp/contracts';
import { answerQuestionsFor } from '../support/permit-questions';
import { expect, test } from '../support/fixtures';
import { withDatabase } from '../support/database';
import { demo } from '../support/hasp';
import { createUserLike, type PermitTestUser } from '../support/permit-users';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { expectNoSeriousViolations, expectNoSidewaysScroll, saveScreenshot } from '../support/quality';
import { phone, signedInPage } from '../support/sign-in';

// The isolation plan on a phone: a LOTO permit on press PR-001 (three points) from an empty
// plan through the (d) steps to Isolated, and back through the (e) checks to Closed.
test.use({ serviceWorkers: 'block' });

const tokens = new WeakMap<Page, string>();
const auth = (page: Page) => ({ authorization: `Bearer ${tokens.get(page)}`, 'idempotency-key': crypto.randomUUID() });

async function browse(browser: Browser, user: PermitTestUser): Promise<Page> {
  const { page, token } = await signedInPage(browser, user);
  tokens.set(page, token);
  return page;
}

async function command(page: Page, permitId: number, verb: string) {
  // LOTO asks checklist questions at request, issue, accept and close: answered first, as the same user.
  await answerQuestionsFor(page.request, `Bearer ${tokens.get(page)}`, permitId, verb);
  const response = await page.request.post(`/api/permits/${permitId}/commands/${verb}`, {
    headers: auth(page),
    // The verbs that hand over responsibility (approve, issue, accept, complete work …) are signed
    // with the signer's password.
    data: isSignedPermitCommand(verb) ? { password: demo.password } : {},
  });
  expect(response.status(), `${verb}: ${await response.text()}`).toBe(200);
}

/**
 * Each point's tag was planned with it; the tags screens (their own spec) apply and remove them.
 * Here the issuer does it through the tags commands, so this spec follows the plan and its locks.
 */
async function tagCommandAll(page: Page, permitId: number, verb: 'apply' | 'remove') {
  const plan = (await (
    await page.request.get(`/api/permits/${permitId}/isolation-plan`, { headers: auth(page) })
  ).json()) as {
    points: { tags: { ID: number; state: string }[] }[];
  };
  const from = verb === 'apply' ? ['planned', 'printed'] : ['applied', 'verified'];
  for (const tag of plan.points.flatMap((p) => p.tags).filter((x) => from.includes(x.state))) {
    const response = await page.request.post(`/api/permits/${permitId}/tags/commands/${verb}`, {
      headers: auth(page),
      data: { tagId: tag.ID },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
}

const main = (page: Page) => page.getByRole('main');
const section = (page: Page) => main(page).getByRole('region', { name: 'Isolation plan' });
const nextStep = (page: Page) => section(page).getByRole('status');
const card = (page: Page, code: string) => section(page).getByRole('article', { name: code, exact: true });
const pointList = (page: Page) => section(page).getByRole('navigation', { name: 'Isolation points' });
/** Opens a point's card from the list of points (the section shows one card at a time). */
async function open(page: Page, code: string) {
  await pointList(page)
    .getByRole('button', { name: new RegExp(`^${code}: `) })
    .click();
  await expect(card(page, code)).toBeVisible();
}

test('a LOTO permit with three points goes from plan to Isolated and back to Closed on a phone', async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const [requester, approver, issuer, holder] = await Promise.all([
    createUserLike('worker', 'iso-requester'),
    createUserLike('supervisor', 'iso-approver'),
    createUserLike('supervisor', 'iso-issuer'),
    createUserLike('worker', 'iso-holder'),
  ]);
  const [r, a, i, h] = await Promise.all([
    browse(browser, requester),
    browse(browser, approver),
    browse(browser, issuer),
    browse(browser, holder),
  ]);
  const ids = await withDatabase(async (client) => ({
    type: (await client.query<{ id: number }>(`select id from permit_types where facility_id = 1 and code = 'LOTO'`))
      .rows[0]!.id,
    press: (await client.query<{ id: number }>(`select id from assets where facility_id = 1 and number = 'PR-001'`))
      .rows[0]!.id,
    holder: (await client.query<{ id: number }>('select id from users where user_name = $1', [holder.userName]))
      .rows[0]!.id,
  }));
  // Begun five minutes ago: the holder accepts it in this spec, and accept waits for the start.
  const start = Date.now() - 5 * 60_000;
  const created = await r.request.post('/api/permits', {
    headers: auth(r),
    data: {
      permitTypeId: ids.type,
      title: `Replace press ram seals ${Date.now().toString(36)}`,
      description: 'Ram seals of PR-001 leak.',
      workMethod: 'Lock out electrical and hydraulic energy; bleed the accumulator; replace the seals.',
      areaId: null,
      assetIds: [ids.press],
      plannedStart: new Date(start).toISOString(),
      plannedEnd: new Date(start + 4 * 3_600_000).toISOString(),
      holderId: ids.holder,
      // Medium: one approval stage (the two-stage approval of high risk is signatures.spec's).
      riskLevel: 'medium',
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const permitId = ((await created.json()) as { ID: number }).ID;
  await command(r, permitId, 'request');
  await command(a, permitId, 'approve');
  // Two pool locks from the cabinet, handed to this permit by its issuer (decision 0114): the card's
  // picker offers the issuer's own locks and this permit's, never another job's.
  for (const n of [1, 2]) {
    const lock = await i.request.post('/api/locks', {
      headers: auth(i),
      data: { serial: `ISO-${Date.now().toString(36)}-${n}`.toUpperCase(), kind: 'padlock', colourId: null, note: '' },
    });
    expect(lock.status(), await lock.text()).toBe(200);
    const assigned = await i.request.post(`/api/permits/${permitId}/locks/commands/assign`, {
      headers: auth(i),
      data: { lockId: ((await lock.json()) as { ID: number }).ID },
    });
    expect(assigned.status(), await assigned.text()).toBe(200);
  }

  // The issuer on the phone: the Isolation tab, an empty plan, one tap fills it.
  await i.goto(`/Permit/Edit/${permitId}`);
  await main(i).getByRole('tab', { name: 'Isolation' }).click({ timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect(nextStep(i)).toContainText('Add the isolation points to the plan');
  await nextStep(i).getByRole('button', { name: 'Fill from the assets' }).click();
  // One card, the current point; the list names every point with its state.
  await expect(section(i).getByRole('article')).toHaveCount(1);
  await expect(pointList(i).getByRole('button')).toHaveText(['E-1: Pending', 'H-1: Pending', 'H-2: Pending']);
  // Order is changed with buttons (no drag-only control).
  await open(i, 'H-2');
  await card(i, 'H-2').getByRole('button', { name: 'Move H-2 up' }).click();
  await expect(pointList(i).getByRole('button')).toHaveText(['E-1: Pending', 'H-2: Pending', 'H-1: Pending']);
  await expect(nextStep(i)).toContainText('Notify the affected employees');
  await expectNoSidewaysScroll(i, phone.width);
  await expectNoSeriousViolations(i);
  await saveScreenshot(i, testInfo, 'isolation-plan-filled-phone');

  // The plan-wide steps first: each is the big button on top.
  await nextStep(i).getByRole('button', { name: 'Affected employees notified' }).click();
  await expect(nextStep(i)).toContainText('Shut down the equipment');
  await nextStep(i).getByRole('button', { name: 'Equipment shut down' }).click();
  // Then the card guides each point in turn: isolate it, then its lock (the tag goes on with it),
  // or a tag-only point's tag.
  const serials: string[] = [];
  for (const code of ['E-1', 'H-2', 'H-1']) {
    await expect(card(i, code)).toBeVisible();
    await card(i, code)
      .getByRole('button', { name: `Isolate ${code}` })
      .click();
    await expect(card(i, code)).toContainText('Isolated');
    if (code === 'H-2') {
      // Tag-only: no lock fits; the card hangs its tag.
      await expect(card(i, code).getByLabel(`Lock for ${code}`)).toHaveCount(0);
      await card(i, code)
        .getByRole('button', { name: /^Hang tag / })
        .click();
      // Hung: the card moves on to the next point.
      await expect(card(i, code)).toHaveCount(0);
      continue;
    }
    const picker = card(i, code).getByLabel(`Lock for ${code}`);
    // The picker no longer offers a lock just applied (its list refreshes after each apply).
    for (const applied of serials) await expect(picker.locator('option', { hasText: applied })).toHaveCount(0);
    const option = picker.locator('option').nth(1);
    await expect(option).toBeAttached();
    const serial = (await option.textContent())!.split(' ')[0]!;
    await picker.selectOption({ index: 1 });
    await card(i, code)
      .getByRole('button', { name: `Apply lock on ${code}` })
      .click();
    serials.push(serial);
    // The card moves on by itself once the lock (and its tag) are on.
    await expect(card(i, code)).toHaveCount(0);
  }
  for (const [n, code] of ['E-1', 'H-1'].entries()) {
    await open(i, code);
    await expect(card(i, code)).toContainText(`Lock ${serials[n]} (applied by ${issuer.displayName})`);
    // The lock brought its tag: hung by the same person, with the lock's number.
    await expect(card(i, code)).toContainText(`(applied by ${issuer.displayName} with lock ${serials[n]})`);
  }
  await expect(section(i).getByRole('article')).toContainText('Every point is locked and tagged');
  await section(i).getByRole('article').getByRole('button', { name: 'Stored energy released' }).click();
  for (const code of ['E-1', 'H-2', 'H-1']) {
    await expect(card(i, code)).toContainText('Try-out:');
    if (code === 'E-1') {
      await expectNoSidewaysScroll(i, phone.width);
      await expectNoSeriousViolations(i);
      await saveScreenshot(i, testInfo, 'isolation-plan-verify-phone');
    }
    await card(i, code).getByRole('button', { name: 'Pass: zero energy' }).click();
    await expect(pointList(i).getByRole('button', { name: `${code}: Verified` })).toBeVisible();
  }
  await expect(nextStep(i)).toContainText('Every point is verified: isolate the permit');
  await saveScreenshot(i, testInfo, 'isolation-plan-verified-phone');

  // The permit's own Isolate button, now offered.
  const bar = main(i).getByRole('region', { name: 'Next steps' });
  await bar.getByRole('button', { name: 'Isolate', exact: true }).click();
  await i.getByRole('dialog').getByRole('button', { name: 'Isolate', exact: true }).click();
  await expect(main(i).getByTestId('permit-status')).toHaveText('Isolated');

  await command(i, permitId, 'issue');
  await command(h, permitId, 'accept');
  await command(h, permitId, 'complete-work');
  await command(i, permitId, 'de-isolate');

  // De-isolation: the (e) checks, locks and tags off, each point restored (or released where
  // another permit still holds it), the release notified, then Close.
  await i.reload();
  await main(i).getByRole('tab', { name: 'Isolation' }).click({ timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect(nextStep(i)).toContainText('Inspect the work area');
  await expect(bar.getByRole('button', { name: 'Close', exact: true })).toHaveCount(0);
  await nextStep(i).getByRole('button', { name: 'Work area inspected' }).click();
  await nextStep(i).getByRole('button', { name: 'People clear' }).click();
  await expect(nextStep(i)).toContainText('Remove the locks and tags on E-1');
  // Only the applier removes a lock: the issuer takes off their own.
  for (const [n, code] of ['E-1', 'H-1'].entries()) {
    await open(i, code);
    await card(i, code)
      .getByRole('button', { name: `Remove lock ${serials[n]}` })
      .click();
    await expect(card(i, code)).not.toContainText(`Lock ${serials[n]} (applied by`);
  }
  await tagCommandAll(i, permitId, 'remove');
  await i.reload();
  await main(i).getByRole('tab', { name: 'Isolation' }).click({ timeout: FIRST_LOAD_TIMEOUT_MS });
  for (const code of ['E-1', 'H-2', 'H-1']) {
    await open(i, code);
    const button = card(i, code).getByRole('button', { name: new RegExp(`^(Restore|Release) ${code}$`) });
    await button.click();
    await expect(
      pointList(i).getByRole('button', { name: new RegExp(`^${code}: (Restored|Released)$`) }),
    ).toBeVisible();
  }
  await expectNoSidewaysScroll(i, phone.width);
  await expectNoSeriousViolations(i);
  await saveScreenshot(i, testInfo, 'isolation-plan-restored-phone');
  await nextStep(i).getByRole('button', { name: 'Affected employees notified of release' }).click();
  await expect(nextStep(i)).toContainText('Close the permit');
  await answerQuestionsFor(i.request, `Bearer ${tokens.get(i)}`, permitId, 'close');
  await bar.getByRole('button', { name: 'Close', exact: true }).click();
  await i.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
  await expect(main(i).getByTestId('permit-status')).toHaveText('Closed');
  // The plan follows the permit: nothing is due on a closed permit.
  await expect(nextStep(i)).toHaveCount(0);
  await expectNoSidewaysScroll(i, phone.width);
  await saveScreenshot(i, testInfo, 'isolation-plan-closed-phone');
});
