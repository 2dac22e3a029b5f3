import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { createPermitViaApi } from '../support/api-permit';
import { apiPost } from '../support/api-user';
import { createUserLike } from '../support/permit-users';
import { planCommand } from '../support/isolation';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { expectNoSeriousViolations, expectNoSidewaysScroll, saveScreenshot } from '../support/quality';
import { phone, signedInPage } from '../support/sign-in';

// Tags planned on a permit are printed from the Print List to one PDF, marked printed
// (they show Printed on the permit), and one is reprinted with a reason; at 390 and 1280 px.
test.use({ serviceWorkers: 'block' });

const shots = '/tmp/shots-printing';
const desktop = { width: 1280, height: 900 };

/** A LOTO permit on press PR-001 whose plan is filled (a tag planned on each point): its ID, number and tags. */
async function permitWithTags(page: Page, token: string, title: string) {
  const permit = await createPermitViaApi(page, token, { type: 'LOTO', title, assetNumber: 'PR-001' });
  const plan = await planCommand({ page, token }, permit.ID, 'fill');
  const tags = plan.points.flatMap((p) => p.tags.map((t) => t.number));
  const tagIds = plan.points.flatMap((p) => p.tags.map((t) => t.ID));
  expect(tags.length, 'the plan planned tags').toBeGreaterThan(1);
  return { permitId: permit.ID, permitNumber: permit.number, tags, tagIds };
}

/** Narrows the print list to the permit numbered `number` (its option reads "<number> — <title>"). */
async function choosePermit(page: Page, number: string) {
  const select = page.getByLabel('Permit', { exact: true });
  const label = await select
    .locator('option', { hasText: `${number} — ` })
    .first()
    .textContent();
  await select.selectOption({ label: label! });
}

/**
 * Closes the toast saying `text`, as a user does: on a phone toasts rise over the action bar, and one
 * under the pointer waits (it pauses while hovered), covering the next button.
 */
async function closeToast(page: Page, text: string) {
  const toast = page.locator('[data-tone]').filter({ hasText: text });
  await toast.getByRole('button', { name: 'Close' }).click();
  await expect(toast).toHaveCount(0);
}

/** The text of a downloaded PDF (poppler's pdftotext). */
const pdfText = (file: string) => execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });

test('tags planned on a permit are printed from the print list, marked printed, and one reprinted with a reason', async ({
  browser,
}, testInfo) => {
  mkdirSync(shots, { recursive: true });
  const printer = await createUserLike('supervisor', 'printer');
  const { page, token } = await signedInPage(browser, printer);
  const title = `Print list ${Date.now().toString(36)}`;
  const { permitId, permitNumber, tags, tagIds } = await permitWithTags(page, token, title);

  // The print list on a phone, narrowed to this permit: a card per planned tag.
  await page.goto('/printlist');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Print List', { timeout: FIRST_LOAD_TIMEOUT_MS });
  await page.getByLabel('Permit', { exact: true }).selectOption({ label: `${permitNumber} — ${title}` });
  const list = page.getByRole('list', { name: 'Print List' });
  for (const number of tags) await expect(list.locator(`[data-number="${number}"]`)).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(tags.length);
  await page.getByLabel(`Select all (${tags.length})`).check();
  await expect(page.getByText(`${tags.length} selected`)).toBeVisible();
  await expectNoSidewaysScroll(page, phone.width);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: `${shots}/print-list-phone.png`, fullPage: true });
  await saveScreenshot(page, testInfo, 'print-list-phone');

  // Print to one PDF, asked with what each tag prints as (its stamp): the download arrives, a page
  // per tag with its number.
  const download = page.waitForEvent('download');
  const pdfAsked = page.waitForRequest('**/api/print-list/pdf');
  await page.getByRole('button', { name: `Print to PDF (${tags.length})` }).click();
  const stamps = ((await pdfAsked).postDataJSON() as { stamps?: string[] }).stamps;
  expect(stamps).toEqual(tags.map(() => expect.stringMatching(/^[0-9a-f]{32}$/)));
  const file = await (await download).path();
  expect((await download).suggestedFilename()).toMatch(/^hasp-tags-\d{4}-\d{2}-\d{2}\.pdf$/);
  const text = pdfText(file);
  for (const number of tags) expect(text).toContain(number);
  expect(text).toContain(permitNumber);
  await closeToast(page, 'is downloaded.');

  // Meanwhile the first tag gets a new status link: the QR code on its paper now leads nowhere.
  await apiPost({ page, token }, `/api/permits/${permitId}/tags/commands/renew-link`, { tagId: tagIds[0] });

  // Out of the printer: mark them printed with the stamps the PDF was drawn from. The changed tag
  // is refused (its paper is wrong) and stays waiting; the rest are printed.
  const markAsked = page.waitForRequest('**/api/print-list/mark-printed');
  await page.getByRole('button', { name: `Mark printed (${tags.length})` }).click();
  expect(((await markAsked).postDataJSON() as { stamps?: string[] }).stamps).toEqual(stamps);
  await expect(page.getByText(`${tags.length - 1} marked printed.`)).toBeVisible();
  const refusal = '1 not marked: This tag changed after its PDF was made: the paper shows the older tag.';
  await expect(page.getByText(refusal)).toBeVisible();
  await closeToast(page, 'marked printed.');
  await closeToast(page, refusal);
  await expect(list.getByRole('listitem')).toHaveCount(1);
  const changed = list.locator(`[data-number="${tags[0]}"]`);
  await changed.getByRole('checkbox').check();

  // Printed again as it is now, and marked: the queue empties.
  const reprinted = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Print to PDF (1)' }).click();
  expect(pdfText(await (await reprinted).path())).toContain(tags[0]!);
  await closeToast(page, 'is downloaded.');
  await page.getByRole('button', { name: 'Mark printed (1)' }).click();
  await expect(page.getByText('1 marked printed.')).toBeVisible();
  await expect(page.getByText('Nothing here with these filters.')).toBeVisible();

  // Printed: one is torn, reprinted with a reason (required).
  await page.getByText('Printed', { exact: true }).click();
  await page.getByLabel('Permit', { exact: true }).selectOption({ label: `${permitNumber} — ${title}` });
  const card = list.locator(`[data-number="${tags[0]}"]`);
  await card.getByRole('button', { name: 'Reprint' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Reprint and download' }).click();
  await expect(dialog.getByText('Give the reason for printing it again.')).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: `${shots}/reprint-phone.png`, fullPage: true });
  await dialog.getByLabel('Why is it printed again?').fill('Torn in the printer');
  const again = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Reprint and download' }).click();
  expect(pdfText(await (await again).path())).toContain(tags[0]!);
  await expect(page.getByText(`${tags[0]} reprinted.`)).toBeVisible();
  await expect(card).toContainText('Reprinted 1 times');

  // The permit's Tags tab shows them Printed.
  await page.goto(`/Permit/Edit/${permitId}`);
  await page.getByRole('tab', { name: 'Tags' }).click({ timeout: FIRST_LOAD_TIMEOUT_MS });
  for (const number of tags)
    await expect(page.getByTestId('tag-card').filter({ hasText: number }).getByTestId('tag-state')).toHaveText(
      'Printed',
    );

  // The same list at desktop width.
  await page.setViewportSize(desktop);
  await page.goto('/printlist');
  await page.getByText('Printed', { exact: true }).click({ timeout: FIRST_LOAD_TIMEOUT_MS });
  await page.getByLabel('Permit', { exact: true }).selectOption({ label: `${permitNumber} — ${title}` });
  await expect(list.getByRole('listitem')).toHaveCount(tags.length);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: `${shots}/print-list-desktop.png`, fullPage: true });
  await saveScreenshot(page, testInfo, 'print-list-desktop');
});

test("a permit's job-site copy waiting on the print list is printed and marked printed on a phone", async ({
  browser,
}, testInfo) => {
  mkdirSync(shots, { recursive: true });
  const printer = await createUserLike('supervisor', 'permit-printer');
  const { page } = await signedInPage(browser, printer);
  // The demo's issued and active permits wait for their job-site copy (never printed).
  await page.goto('/printlist');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Print List', { timeout: FIRST_LOAD_TIMEOUT_MS });
  await page.getByLabel('Kind', { exact: true }).selectOption({ label: 'Permits' });
  const list = page.getByRole('list', { name: 'Print List' });
  const card = list.locator('[data-kind="permit"]').first();
  const number = (await card.getAttribute('data-number'))!;
  await choosePermit(page, number);
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await card.getByRole('checkbox').check();
  await expectNoSidewaysScroll(page, phone.width);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: `${shots}/print-list-permit-phone.png`, fullPage: true });
  await saveScreenshot(page, testInfo, 'print-list-permit-phone');

  // One PDF: the permit's job-site copy, as permit-pdf draws it, asked with the copy the list shows.
  const download = page.waitForEvent('download');
  const pdfAsked = page.waitForRequest('**/api/print-list/pdf');
  await page.getByRole('button', { name: 'Print to PDF (1)' }).click();
  const stamps = ((await pdfAsked).postDataJSON() as { stamps?: string[] }).stamps;
  expect(stamps).toEqual([expect.stringMatching(/^r\d+e\d+h/)]);
  expect((await download).suggestedFilename()).toMatch(/^hasp-permits-\d{4}-\d{2}-\d{2}\.pdf$/);
  expect(pdfText(await (await download).path())).toContain(number);
  await closeToast(page, 'is downloaded.');

  // Marked printed: it leaves the queue and shows under Printed with when and by whom.
  // "Mark printed" records the copy the PDF was drawn from (the server refuses it if changed since).
  const markAsked = page.waitForRequest('**/api/print-list/mark-printed');
  await page.getByRole('button', { name: 'Mark printed (1)' }).click();
  expect(((await markAsked).postDataJSON() as { stamps?: string[] }).stamps).toEqual(stamps);
  await expect(page.getByText('1 marked printed.')).toBeVisible();
  await expect(page.getByText('Nothing here with these filters.')).toBeVisible();
  await page.getByText('Printed', { exact: true }).click();
  await page.getByLabel('Kind', { exact: true }).selectOption({ label: 'Permits' });
  await choosePermit(page, number);
  await expect(list.locator(`[data-number="${number}"]`)).toContainText(/Printed .+ by /);
});

test("a new lock's QR label waits on the print list, is printed to Lock Manage's label and marked printed, at 390 and 1280 px", async ({
  browser,
}, testInfo) => {
  mkdirSync(shots, { recursive: true });
  // Whoever manages locks prints their labels (the locks policy): a supervisor-like user does both.
  const printer = await createUserLike('supervisor', 'lock-printer');
  for (const [name, viewport] of [
    ['phone', phone],
    ['desktop', desktop],
  ] as const) {
    const { page, token } = await signedInPage(browser, printer, { viewport });
    const serial = `E2E-${name.slice(0, 1).toUpperCase()}${Date.now().toString(36).toUpperCase()}`;
    const lock = await apiPost<{ ID: number }>({ page, token }, '/api/locks', {
      serial,
      kind: 'padlock',
      colourId: null,
      note: '',
    });

    // Registered just now: its label waits, a lock row (no permit), among the lock labels only.
    await page.goto('/printlist');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Print List', { timeout: FIRST_LOAD_TIMEOUT_MS });
    await page.getByLabel('Kind', { exact: true }).selectOption({ label: 'Lock labels' });
    // A lock label is of no permit nor area: those filters go away.
    await expect(page.getByLabel('Permit', { exact: true })).toHaveCount(0);
    const list = page.getByRole('list', { name: 'Print List' });
    const card = list.locator(`[data-kind="lock"][data-number="${serial}"]`);
    await expect(card).toContainText('Padlock · No colour · No owner');
    await card.getByRole('checkbox').check();
    await expect(page.getByText('1 selected')).toBeVisible();
    if (viewport === phone) await expectNoSidewaysScroll(page, phone.width);
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: `${shots}/print-list-lock-${name}.png`, fullPage: true });
    await saveScreenshot(page, testInfo, `print-list-lock-${name}`);

    // One PDF of lock labels: Lock Manage's 2.5 × 1.25 in label with the serial beside its QR code.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Print to PDF (1)' }).click();
    expect((await download).suggestedFilename()).toMatch(/^hasp-lock-labels-\d{4}-\d{2}-\d{2}\.pdf$/);
    const file = await (await download).path();
    // The serial may wrap at a hyphen on the narrow label.
    expect(execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(/\s/g, '')).toBe(serial);
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/Page size:\s+180 x 90 pts/);
    await closeToast(page, 'is downloaded.');

    // Out of the printer: marked printed, it leaves the waiting queue for Printed, with by whom.
    await page.getByRole('button', { name: 'Mark printed (1)' }).click();
    await expect(page.getByText('1 marked printed.')).toBeVisible();
    await closeToast(page, 'marked printed.');
    await expect(card).toHaveCount(0);
    await page.getByText('Printed', { exact: true }).click();
    await expect(card).toContainText(/Printed .+ by /);
    if (viewport === desktop) {
      // Peeled off: reprinted with a reason, counted like a tag's reprint.
      await card.getByRole('button', { name: 'Reprint' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Why is it printed again?').fill('Label peeled off');
      const again = page.waitForEvent('download');
      await dialog.getByRole('button', { name: 'Reprint and download' }).click();
      expect((await again).suggestedFilename()).toMatch(/^hasp-lock-labels-/);
      await expect(card).toContainText('Reprinted 1 times');
      await expectNoSeriousViolations(page);
      await page.screenshot({ path: `${shots}/print-list-lock-printed-desktop.png`, fullPage: true });
    }
    expect(lock.ID).toBeGreaterThan(0);
    await page.context().close();
  }
});

test('print settings show the server-drawn preview of each tag layout', async ({ browser }, testInfo) => {
  mkdirSync(shots, { recursive: true });
  for (const viewport of [phone, desktop]) {
    const { page } = await signedInPage(browser, 'admin', { viewport });
    await page.goto('/printlist/print-settings');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Print Settings', {
      timeout: FIRST_LOAD_TIMEOUT_MS,
    });
    await page.getByText('Large tag, 4 × 6 in', { exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(/.+/);
    // Nothing is saved: the preview follows the draft.
    await page.getByLabel('Reason', { exact: true }).uncheck();
    await expect(page.getByTitle('Preview')).toBeVisible();
    await expect(page.getByText('Drawing the preview…')).toHaveCount(0);
    await expect(page.getByTitle('Preview')).toHaveAttribute('src', /^blob:/);
    if (viewport === phone) await expectNoSidewaysScroll(page, phone.width);
    await expectNoSeriousViolations(page);
    const name = `print-settings-${viewport === phone ? 'phone' : 'desktop'}`;
    await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
    await saveScreenshot(page, testInfo, name);
    await page.context().close();
  }
});
