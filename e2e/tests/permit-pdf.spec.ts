import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test } from '../support/fixtures';
import { createPermitViaApi } from '../support/api-permit';
import { createUserLike } from '../support/permit-users';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { expectNoSeriousViolations, expectNoSidewaysScroll, saveScreenshot } from '../support/quality';
import { phone, signedInPage } from '../support/sign-in';

// On a phone, the permit page's "Download PDF" gives the job-site copy; the file is
// a PDF whose text (poppler's pdftotext) names the permit. The PDF's contents have their server tests.
test.use({ serviceWorkers: 'block' });

const shots = '/tmp/shots-permit-pdf';

test('a permit downloads as its job-site PDF on a phone', async ({ browser }, testInfo) => {
  mkdirSync(shots, { recursive: true });
  const worker = await createUserLike('worker', 'pdf-reader');
  const { page, token } = await signedInPage(browser, worker);
  const title = `Job-site copy ${Date.now().toString(36)}`;
  const permit = await createPermitViaApi(page, token, {
    type: 'GEN',
    title,
    description: 'Replace the gasket on the north stairwell door',
  });

  await page.goto(`/Permit/Edit/${permit.ID}`);
  const button = page.getByRole('button', { name: 'Download PDF' });
  await expect(button).toBeEnabled({ timeout: FIRST_LOAD_TIMEOUT_MS });
  expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await expectNoSidewaysScroll(page, phone.width);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: `${shots}/permit-pdf-phone.png` });
  await saveScreenshot(page, testInfo, 'permit-pdf-phone');

  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toBe(`${permit.number}.pdf`);
  const file = await download.path();
  expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  expect(text).toContain(`Permit number: ${permit.number}`);
  expect(text).toContain(title);
  expect(text).toContain(worker.displayName);

  // Wider: the same action at 1280 px.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(button).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: `${shots}/permit-pdf-wide.png` });
  await saveScreenshot(page, testInfo, 'permit-pdf-wide');
});
