import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { defaultPermitIndexColumns } from '@hasp/contracts';
import { expect, test } from '../support/fixtures';
import { withDatabase } from '../support/database';
import { demo } from '../support/hasp';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { expectNoSeriousViolations, expectNoSidewaysScroll, saveScreenshot } from '../support/quality';
import { shell } from '../support/shell';
import { signIn as signInThroughApi, signedInPage } from '../support/sign-in';

// The page's requests go straight to the API; the service worker plays no part here.
test.use({ serviceWorkers: 'block' });

/**
 * The permit index: filters and sort, a column choice surviving a reload, a shared URL
 * opened by another user, an export downloaded and read, at desktop and phone widths. Each test
 * makes its own drafts through the API, titled with a marker of its own, and searches for it, so
 * parallel specs' permits never show up in its counts.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

/** Six drafts by the worker (LOTO and General Work), one with a title a spreadsheet would run as a formula. */
async function makePermits(request: APIRequestContext, marker: string) {
  const types = await withDatabase(async (client) =>
    Object.fromEntries(
      (
        await client.query<{ code: string; id: number }>(
          `select code, id from permit_types where facility_id = 1 and code in ('LOTO', 'GEN')`,
        )
      ).rows.map((r) => [r.code, r.id]),
    ),
  );
  const token = await signInThroughApi(request, demo.worker.userName);
  const titles = [
    ['LOTO', `${marker} Conveyor belt`],
    ['LOTO', `${marker} Pump seal`],
    ['GEN', `${marker} Alpha guard rail`],
    ['LOTO', `${marker} Mixer gearbox`],
    ['GEN', `${marker} Zone lighting`],
    ['LOTO', `=HYPERLINK("http://x.example","${marker} formula")`],
  ] as const;
  for (const [index, [code, title]] of titles.entries()) {
    const start = new Date(Date.UTC(2027, 0, 1 + index, 8));
    const response = await request.post('/api/permits', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        permitTypeId: types[code],
        title,
        description: '',
        workMethod: '',
        areaId: null,
        assetIds: [],
        plannedStart: start.toISOString(),
        plannedEnd: new Date(start.getTime() + 4 * 3_600_000).toISOString(),
        holderId: null,
        riskLevel: null,
      },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
}

const grid = (page: Page) => shell(page).main.getByRole('region', { name: 'Permits' });
const titlesIn = (page: Page) => grid(page).locator('td[data-column="title"]').allInnerTexts();
const headersIn = (page: Page) => grid(page).locator('thead th').allTextContents();

async function openIndex(page: Page, query: string) {
  await page.goto(`/index?${query}`);
  // The heading is "Permit Index", or the type's name under that eyebrow when a type is chosen.
  await expect(shell(page).main.getByText('Permit Index', { exact: true })).toBeVisible({
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
}

test('filters, sorts, keeps a column choice over a reload, and exports the filtered set (desktop)', async ({
  page,
  signIn,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const marker = `PIX${unique()}`;
  await makePermits(request, marker);
  // The column choice is saved per user: start from the default, whatever an earlier run left.
  const reset = await request.put('/api/permits/index-columns', {
    headers: { authorization: `Bearer ${await signInThroughApi(request, demo.worker.userName)}` },
    data: { columns: defaultPermitIndexColumns },
  });
  expect(reset.status()).toBe(200);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn({ user: demo.worker.userName });
  await openIndex(page, `q=${marker}`);
  const main = shell(page).main;
  await expect(main.getByText('6 permits')).toBeVisible();

  // Sort by title: the header's button, then again for descending; the URL carries it.
  await grid(page).getByRole('button', { name: 'Title' }).click();
  await expect(page).toHaveURL(/sort=title&dir=asc|dir=asc.*sort=title/);
  await expect
    .poll(() => titlesIn(page))
    .toEqual([
      `=HYPERLINK("http://x.example","${marker} formula")`,
      `${marker} Alpha guard rail`,
      `${marker} Conveyor belt`,
      `${marker} Mixer gearbox`,
      `${marker} Pump seal`,
      `${marker} Zone lighting`,
    ]);
  await expect(grid(page).locator('th[aria-sort="ascending"]')).toHaveText(/Title/);
  await grid(page).getByRole('button', { name: 'Title' }).click();
  await expect.poll(async () => (await titlesIn(page))[0]).toBe(`${marker} Zone lighting`);

  // Filter by type: only the two General Work permits.
  await main.getByRole('combobox', { name: 'Permit type' }).click();
  await page.getByRole('option', { name: 'General Work' }).click();
  await expect(main.getByText('2 permits')).toBeVisible();
  await expect(page).toHaveURL(/permitType=GEN/);
  await expect.poll(() => titlesIn(page)).toEqual([`${marker} Zone lighting`, `${marker} Alpha guard rail`]);

  // Free text narrows further (debounced into the URL).
  await main.getByRole('searchbox', { name: 'Search' }).fill(`${marker} zone`);
  await expect(main.getByText('1 permit', { exact: true })).toBeVisible();
  await main.getByRole('searchbox', { name: 'Search' }).fill(marker);
  await expect(main.getByText('2 permits')).toBeVisible();

  // Choose columns: add Requester, move it first; saved for the user and in the URL.
  await main.getByRole('button', { name: 'Columns' }).click();
  const picker = page.getByRole('dialog');
  await picker.getByRole('checkbox', { name: 'Requester' }).check();
  for (let i = 0; i < 8; i++) {
    const up = picker.getByRole('button', { name: 'Move Requester up' });
    if (await up.isDisabled()) break;
    await up.click();
  }
  await expect
    .poll(() => headersIn(page))
    .toEqual(['Requester', 'Number', 'Type', 'Status', 'Title▼', 'Area', 'Holder', 'Planned start', 'Planned end']);
  await main.getByRole('button', { name: 'Columns' }).click();
  await expect(picker).toBeHidden();
  await expect(page).toHaveURL(/cols=requester%2Cnumber|cols=requester,number/);
  await expect(grid(page).locator('td[data-column="requester"]').first()).toHaveText(demo.worker.displayName);
  await expectNoSeriousViolations(page);
  await saveScreenshot(page, testInfo, 'permit-index-desktop');

  // A reload shows the same view; the index without `cols` shows the saved choice.
  await page.reload();
  await expect(main.getByText('2 permits')).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect.poll(async () => (await headersIn(page))[0]).toBe('Requester');
  await openIndex(page, `q=${marker}`);
  await expect(main.getByText('6 permits')).toBeVisible();
  await expect.poll(async () => (await headersIn(page))[0]).toBe('Requester');

  // Export: the whole filtered set, chosen columns as the header, the formula-looking title escaped.
  await main.getByRole('combobox', { name: 'Permit type' }).click();
  await page.getByRole('option', { name: 'LOTO Permit' }).click();
  await expect(main.getByText('4 permits')).toBeVisible();
  const download = page.waitForEvent('download');
  await main.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^permits-north-plant-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync(await file.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe('Requester,Number,Type,Status,Title,Area,Holder,Planned start,Planned end');
  expect(lines).toHaveLength(1 + 4);
  expect(lines.every((line, i) => i === 0 || line.startsWith(`${demo.worker.displayName},`))).toBe(true);
  expect(lines.join('\n')).toContain(`"'=HYPERLINK(""http://x.example"",""${marker} formula"")"`);
  expect(lines.join('\n')).not.toContain('General Work');
});

test('a shared URL opens the same view for another user', async ({ page, signIn, request, browser }) => {
  test.setTimeout(150_000);
  const marker = `PIX${unique()}`;
  await makePermits(request, marker);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn({ user: demo.worker.userName });
  // The worker requested every one of them: the requester filter narrows nothing, but travels by ID.
  const workerId = await withDatabase(
    async (client) =>
      (await client.query<{ id: number }>(`select id from users where user_name = $1`, [demo.worker.userName])).rows[0]!
        .id,
  );
  const shared = `q=${marker}&permitType=LOTO&requesterId=${workerId}&sort=title&dir=desc&cols=number,title,status&pageSize=25`;
  await openIndex(page, shared);
  await expect(shell(page).main.getByText('4 permits')).toBeVisible();
  const workerTitles = await titlesIn(page);
  const url = page.url();

  const { page: supervisorPage } = await signedInPage(browser, demo.supervisor, {
    viewport: { width: 1280, height: 900 },
  });
  const other = supervisorPage.context();
  // A small facility's people all come with the picker's first (empty) search; the ID lookup names
  // the person in any facility, so wait for that very request.
  const named = supervisorPage.waitForResponse(
    (r) => r.url().includes(`/api/users?ids=${workerId}`) && r.status() === 200,
  );
  await supervisorPage.goto(url);
  await expect(shell(supervisorPage).main.getByText('4 permits')).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect.poll(() => headersIn(supervisorPage)).toEqual(['Number', 'Title▼', 'Status']);
  expect(await titlesIn(supervisorPage)).toEqual(workerTitles);
  expect(workerTitles[0]).toBe(`${marker} Pump seal`);
  await expect(shell(supervisorPage).main.getByRole('combobox', { name: 'Permit type' })).toHaveValue('LOTO Permit');
  // The URL holds only the requester's ID; the filter names them (GET /api/users?ids=).
  await named;
  await expect(shell(supervisorPage).main.getByRole('combobox', { name: 'Requester' })).toHaveValue(
    demo.worker.displayName,
  );
  // Opening a shared view never overwrites the other user's own saved columns.
  const saved = await supervisorPage.request.get('/api/permits/index-columns', {
    headers: { authorization: `Bearer ${await signInThroughApi(request, demo.supervisor.userName)}` },
  });
  expect(((await saved.json()) as { columns: string[] }).columns).not.toEqual(['number', 'title', 'status']);
  await other.close();
});

test('works on a phone: filters in a drawer, my work one tap away, each permit a card with its status and title', async ({
  page,
  signIn,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const marker = `PIX${unique()}`;
  await makePermits(request, marker);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn({ user: demo.worker.userName });
  await openIndex(page, `q=${marker}`);
  const main = shell(page).main;
  await expect(main.getByText('6 permits')).toBeVisible();
  await expectNoSidewaysScroll(page, 390);

  // My work: the worker requested all six. Workers do not approve, so no approval list is offered;
  // none of the six is issued, so nothing awaits their acceptance.
  await main.getByRole('button', { name: 'I requested' }).click();
  await expect(page).toHaveURL(/view=requested/);
  await expect(main.getByText('6 permits')).toBeVisible();
  await expect(main.getByRole('button', { name: 'Awaiting my approval' })).toHaveCount(0);
  await main.getByRole('button', { name: 'Awaiting my acceptance' }).click();
  await expect(page).toHaveURL(/view=awaiting-acceptance/);
  await expect(main.getByText('0 permits')).toBeVisible();
  await expect(main.getByText('No permits match this view.')).toBeVisible();
  await main.getByRole('button', { name: 'All permits' }).click();
  await expect(main.getByText('6 permits')).toBeVisible();

  // Filters live in a drawer on a phone.
  await main.getByRole('button', { name: 'Filters' }).click();
  const drawer = page.getByRole('dialog', { name: 'Filters' });
  await drawer.getByRole('combobox', { name: 'Permit type' }).click();
  await page.getByRole('option', { name: 'General Work' }).click();
  await drawer.getByRole('button', { name: 'Show 2 permits' }).click();
  await expect(drawer).toBeHidden();
  await expect(main.getByRole('button', { name: 'Filters (1)' })).toBeVisible();

  // Each permit is a card: number, type, status and title on the first screen, no sideways grid.
  const cards = main.getByRole('list', { name: 'Permits' }).getByRole('listitem');
  await expect(cards).toHaveCount(2);
  const card = cards.first().getByRole('link');
  await expect(card).toContainText('General Work');
  await expect(card).toContainText('Draft');
  await expect(card).toContainText(marker);
  const cardBox = await card.boundingBox();
  expect(cardBox!.height).toBeGreaterThanOrEqual(44);
  expect(cardBox!.x + cardBox!.width).toBeLessThanOrEqual(390);
  await expectNoSidewaysScroll(page, 390);
  await expectNoSeriousViolations(page);
  await saveScreenshot(page, testInfo, 'permit-index-phone');

  // A card opens its permit.
  expect(await card.getAttribute('href')).toMatch(/^\/Permit\/Edit\/\d+$/);
});
