import { createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { expectNoSeriousViolations, expectNoSidewaysScroll, saveScreenshot } from '../support/quality';
import { narrowToPhone, shell } from '../support/shell';

test.use({ serviceWorkers: 'block' });

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };
const shotDir = '/tmp/shots-connect';

async function shot(page: Page, testInfo: TestInfo, name: string) {
  await saveScreenshot(page, testInfo, name);
  mkdirSync(shotDir, { recursive: true });
  await page.screenshot({ path: `${shotDir}/${name}.png`, fullPage: true });
}

/** The maintenance system's webhook receiver, on loopback: what it got, with its signature header. */
const received: { body: string; signature: string; event: string }[] = [];
let receiver: Server;
let receiverUrl = '';

test.beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({
        body,
        signature: String(request.headers['hasp-signature'] ?? ''),
        event: String(request.headers['hasp-event'] ?? ''),
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  // The receiver is on loopback: the server lists 127.0.0.1 (HASP_CONNECT_ALLOW_PRIVATE_TARGETS in playwright.config.ts).
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/sap-pm/hasp`;
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

test('Hasp Connect: create a key (shown once), subscribe a receiver, send a test event, see it in the log', async ({
  page,
  signIn,
}, testInfo) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  await page.setViewportSize(desktop);
  await signIn();
  await page.goto('/admin/connect');
  const main = shell(page).main;
  await expect(main.getByRole('heading', { level: 1, name: 'Hasp Connect' })).toBeVisible({
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });

  // A key for the maintenance system: LOTO permits, view and create.
  await main.getByRole('button', { name: 'New key' }).click();
  const keyDialog = page.getByRole('dialog', { name: 'New key' });
  await keyDialog.getByLabel('Name').fill(`SAP PM ${tag}`);
  const permissions = keyDialog.getByLabel('Permissions');
  await permissions.click();
  await permissions.fill('LOTO Permit › View');
  await page.getByRole('option', { name: 'LOTO Permit › View' }).click();
  await permissions.fill('LOTO Permit › Create');
  await page.getByRole('option', { name: 'LOTO Permit › Create', exact: true }).click();
  await keyDialog.getByLabel('Name').click();
  await expectNoSeriousViolations(page);
  await keyDialog.getByRole('button', { name: 'Create' }).click();
  const shown = page.getByRole('dialog', { name: 'The new key' });
  await expect(shown.getByText('Copy it now: it is shown only once.')).toBeVisible();
  const key = (await shown.getByTestId('secret-shown-once').textContent())!.trim();
  expect(key).toMatch(/^hasp_[0-9a-f]+_[0-9a-f]{16}_[\w-]{43}$/);
  await shot(page, testInfo, 'connect-key-shown-once-1280');
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  const keyCard = main.getByRole('listitem', { name: `SAP PM ${tag}` });
  await expect(keyCard).toContainText('Active');
  await expect(keyCard).toContainText('Never used');
  // The key works for the integrator (and the screen never shows it again).
  const listed = await page.request.get('/api/connect/permits?limit=1', { headers: { 'x-api-key': key } });
  expect(listed.status()).toBe(200);
  await expect(main.getByText(key)).toHaveCount(0);

  // A subscription for the receiver; its signing secret is shown once too.
  await main.getByRole('button', { name: 'New subscription' }).click();
  const hookDialog = page.getByRole('dialog', { name: 'New subscription' });
  await hookDialog.getByLabel('Name').fill(`SAP PM receiver ${tag}`);
  await hookDialog.getByLabel('Address (URL)').fill(receiverUrl);
  await hookDialog.getByRole('button', { name: 'Create' }).click();
  const secretDialog = page.getByRole('dialog', { name: 'The signing secret' });
  const secret = (await secretDialog.getByTestId('secret-shown-once').textContent())!.trim();
  expect(secret).toMatch(/^whsec_/);
  await secretDialog.getByRole('button', { name: 'Done' }).click();

  const hookCard = main.getByRole('listitem', { name: `SAP PM receiver ${tag}` });
  await expect(hookCard).toContainText('On');
  await hookCard.getByRole('button', { name: 'Send test event' }).click();

  // The job queue delivers it; the log follows until the receiver's answer is in.
  const delivery = main
    .getByRole('listitem')
    .filter({ hasText: `SAP PM receiver ${tag}` })
    .filter({ hasText: 'connect.test' });
  await expect(delivery.getByRole('status')).toHaveText('Delivered', { timeout: 60_000 });
  await expect(delivery).toContainText('{"received":true}');
  await expectNoSeriousViolations(page);
  await shot(page, testInfo, 'connect-delivered-1280');

  // The receiver verifies the signature: HMAC-SHA256 of "<t>.<body>" under the secret.
  const hit = received.find((r) => r.event === 'connect.test')!;
  const [t, v1] = hit.signature.split(',').map((part) => part.split('=')[1]!);
  expect(createHmac('sha256', secret).update(`${t}.${hit.body}`).digest('hex')).toBe(v1);
  expect(Math.abs(Date.now() / 1000 - Number(t))).toBeLessThan(300);

  // One-handed at phone width.
  await narrowToPhone(page, phone);
  await expect(delivery.getByRole('status')).toHaveText('Delivered');
  await expectNoSidewaysScroll(page, phone.width);
  await shot(page, testInfo, 'connect-390');

  // Revoking asks in the app's own dialog, then the key is refused at once.
  await keyCard.getByRole('button', { name: 'Revoke' }).click();
  const revokeDialog = page.getByRole('dialog', { name: `Revoke: SAP PM ${tag}` });
  await expect(revokeDialog).toContainText(`Revoke SAP PM ${tag}? Calls with it are refused at once.`);
  await revokeDialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(revokeDialog).toBeHidden();
  await expect(keyCard).toContainText('Revoked');
  await expect(keyCard.getByRole('button', { name: 'Rotate' })).toHaveCount(0);
  const refused = await page.request.get('/api/connect/permits?limit=1', { headers: { 'x-api-key': key } });
  expect(refused.status()).toBe(401);
});
