import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { createPermitViaApi } from '../support/api-permit';
import { withDatabase } from '../support/database';
import { createUserLike } from '../support/permit-users';
import { planCommand } from '../support/isolation';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { expectNoSeriousViolations, expectNoSidewaysScroll, saveScreenshot } from '../support/quality';
import { phone, signedInPage } from '../support/sign-in';

// A tag's QR address opened in a signed-out browser follows the tag's live state
// while a signed-in user applies and removes it on the permit's Tags tab (both at phone width).
test.use({ serviceWorkers: 'block' });

const shots = '/tmp/shots-tags';

/**
 * A LOTO permit of the user's on press PR-001 whose plan is filled through the isolation plan's
 * command (each point's tag is planned with it): E-1's tag, its number and status token.
 */
async function permitWithTag(page: Page, token: string, title: string) {
  const permitId = (await createPermitViaApi(page, token, { type: 'LOTO', title, assetNumber: 'PR-001' })).ID;
  const plan = await planCommand({ page, token }, permitId, 'fill');
  const tag = plan.points.find((p) => p.code === 'E-1')!.tags[0]!;
  const statusToken = await withDatabase(
    async (client) =>
      (await client.query<{ token: string }>('select status_token as token from tags where id = $1', [tag.ID])).rows[0]!
        .token,
  );
  return { permitId, statusToken, number: tag.number };
}

test("a tag's QR address, signed out, follows the tag as it is applied and removed", async ({ browser }, testInfo) => {
  mkdirSync(shots, { recursive: true });
  // The isolating authority (issue permission) applies the tag; as its applier they remove it and revoke its link.
  const tagger = await createUserLike('supervisor', 'tagger');
  const { page, token } = await signedInPage(browser, tagger);
  // The tagger says on their own profile how the tags they hang reach them.
  await page.goto('/user-profile');
  const details = page.getByRole('form', { name: 'Your details' });
  await details.getByRole('textbox', { name: /^Department or crew/ }).fill('Electrical crew B', {
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  await details.getByRole('textbox', { name: /^Contact/ }).fill('Radio ch. 4');
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(details.getByRole('status')).toHaveText('Your details were saved.');
  const { permitId, statusToken, number } = await permitWithTag(page, token, `Tag QR ${Date.now().toString(36)}`);

  // The permit's Tags tab on a phone: the card with the QR code of the full address.
  await page.goto(`/Permit/Edit/${permitId}`);
  await page.getByRole('tab', { name: 'Tags' }).click({ timeout: FIRST_LOAD_TIMEOUT_MS });
  const card = page.getByTestId('tag-card').filter({ hasText: number });
  await expect(card.getByTestId('tag-state')).toHaveText('Planned');
  await expect(card).toContainText('E-1 — MCC-3 bucket 4');
  const qr = card.getByTestId('tag-qr-link');
  await expect(qr).toHaveAttribute('href', new RegExp(`/t/${statusToken}$`));
  await expect(qr.getByRole('img')).toHaveAttribute('alt', `QR code for tag ${number}: opens its status page`);
  for (const box of await card.getByRole('button').evaluateAll((els) => els.map((e) => e.getBoundingClientRect())))
    expect(box.height).toBeGreaterThanOrEqual(44);
  await expectNoSidewaysScroll(page, phone.width);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: `${shots}/tags-tab-phone.png`, fullPage: true });
  await saveScreenshot(page, testInfo, 'tags-tab-phone');

  // Someone scans the QR code: a signed-out phone, no session at all.
  const scanner = await (
    await browser.newContext({ serviceWorkers: 'block', viewport: phone, hasTouch: true })
  ).newPage();
  await scanner.goto(`/t/${statusToken}`);
  const state = scanner.getByTestId('tag-status-state');
  await expect(state).toHaveText('Planned', { timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect(scanner.getByRole('heading', { level: 1 })).toHaveText(`Tag ${number}`);
  await expect(scanner.getByRole('main')).toContainText('E-1 — MCC-3 bucket 4');
  await expect(scanner.getByRole('main')).toContainText(/Permit \S+: Draft/);
  // What the tag stands for, where, and until when, in the facility's time (North Plant: Chicago).
  await expect(scanner.getByTestId('tag-status-legend')).toContainText('DANGER');
  await expect(scanner.getByTestId('tag-status-facility')).toHaveText('North Plant');
  await expect(scanner.getByTestId('tag-status-expected-end')).toContainText(
    /Expected end .*\d:\d{2}( [AP]M)? (CST|CDT|GMT-[56])/,
  );
  await expect(scanner).toHaveURL(new RegExp(`/t/${statusToken}$`));

  // Applied on the Tags tab: the scanner's page turns to Applied, naming the applier.
  await card.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(card.getByTestId('tag-state')).toHaveText('Applied');
  await expect(card.getByTestId('tag-applier')).toContainText(`Applied by ${tagger.displayName}`);
  await expect(card.getByTestId('tag-applier-department')).toHaveText('Department or crew: Electrical crew B');
  await expect(card.getByTestId('tag-applier-contact')).toHaveText('Contact: Radio ch. 4');
  await expect(state).toHaveText('Applied');
  await expect(scanner.getByTestId('tag-status-applier')).toContainText(`Applied by ${tagger.displayName}`);
  await expect(scanner.getByTestId('tag-status-department')).toHaveText('Department or crew: Electrical crew B');
  await expect(scanner.getByTestId('tag-status-contact')).toHaveText('Contact: Radio ch. 4');
  // A note for the next person at the point stays on the tag, named.
  await card.getByRole('button', { name: 'Add note', exact: true }).click();
  const noteDialog = page.getByRole('dialog');
  await noteDialog.getByLabel('Note for the next person at this point').fill('Hasp on the breaker cover');
  await noteDialog.getByRole('button', { name: 'Add note', exact: true }).click();
  await expect(card.getByTestId('tag-note')).toContainText(`Note by ${tagger.displayName}`);
  await expect(card.getByTestId('tag-note')).toContainText('Hasp on the breaker cover');
  await card.screenshot({ path: `${shots}/tag-card-note-phone.png` });
  await expectNoSidewaysScroll(scanner, phone.width);
  await expectNoSeriousViolations(scanner);
  await scanner.screenshot({ path: `${shots}/tag-status-applied-phone.png`, fullPage: true });
  await saveScreenshot(scanner, testInfo, 'tag-status-applied-phone');

  // Removed by the applier: the scanner sees Removed.
  await card.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(card.getByTestId('tag-state')).toHaveText('Removed');
  await expect(state).toHaveText('Removed');
  // Not in a reassuring green: a removed tag protects nobody.
  const removedColour = await state.evaluate((el) => getComputedStyle(el).color);
  const [r, g, b] = removedColour.match(/\d+/g)!.map(Number);
  expect(g! > r! && g! > b!, `Removed is drawn in ${removedColour}`).toBe(false);
  await scanner.screenshot({ path: `${shots}/tag-status-removed-phone.png`, fullPage: true });

  // The link revoked: the same page says so.
  await card.getByRole('button', { name: 'Revoke link', exact: true }).click();
  await expect(scanner.getByTestId('tag-status-gone')).toHaveText('This tag link has been revoked or does not exist.');
  await expectNoSeriousViolations(scanner);
  await scanner.screenshot({ path: `${shots}/tag-status-revoked-phone.png`, fullPage: true });
});
