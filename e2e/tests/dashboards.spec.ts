import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { demo } from '../support/hasp';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { expectNoSeriousViolations, expectNoSidewaysScroll, saveScreenshot } from '../support/quality';
import { shell } from '../support/shell';

// The page's requests go straight to the API; the service worker plays no part here.
test.use({ serviceWorkers: 'block' });

/**
 * `/dashboards` as "My work" (North Plant, CustomDashboards on): the demo's requested permits
 * await the supervisor's approval, and the worker holds the demo's permits in force. Counts are
 * read from the page and checked against its own rows and the index it links to, because other
 * specs add permits to the same demo facility while this one runs.
 */

const card = (page: Page, title: string) => shell(page).main.getByRole('region', { name: title, exact: true });
const rowsOf = (region: Locator) => region.getByRole('listitem');

/** The card's count ("12 permits"), once it has loaded. */
async function countOf(region: Locator): Promise<number> {
  const text = await region.getByTestId('my-work-count').innerText({ timeout: FIRST_LOAD_TIMEOUT_MS });
  const match = /^(\d+)\+? permits?$/.exec(text.trim());
  expect(match, text).not.toBeNull();
  return Number(match![1]);
}

async function openDashboards(page: Page) {
  await page.goto('/');
  await expect(page).toHaveURL('/dashboards', { timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect(shell(page).main.getByRole('heading', { level: 1, name: 'Dashboards' })).toBeVisible();
  for (const title of ['Awaiting my approval', 'I hold', 'I requested', 'Expiring within 24 hours'])
    await expect(card(page, title)).toBeVisible();
}

test('the supervisor sees what awaits their approval, opens one, and follows "Show all"', async ({
  page,
  signIn,
}, testInfo) => {
  await signIn({ user: demo.supervisor.userName });
  await openDashboards(page);
  const awaiting = card(page, 'Awaiting my approval');
  const total = await countOf(awaiting);
  expect(total).toBeGreaterThan(0);
  await expect(rowsOf(awaiting)).toHaveCount(Math.min(total, 5));
  // Every row is a requested permit (that is what awaits an approval).
  await expect(rowsOf(awaiting).getByText('Requested', { exact: true })).toHaveCount(Math.min(total, 5));
  await expect(page.getByText('not available yet')).toHaveCount(0);
  await expectNoSeriousViolations(page);
  await saveScreenshot(page, testInfo, 'dashboards-desktop');

  // "Show all" opens the same view on the permit index.
  await awaiting.getByRole('link', { name: /^Show all/ }).click();
  await expect(page).toHaveURL(/\/index\?view=awaiting-approval&sort=plannedStart&dir=asc$/);
  await expect(shell(page).main.getByText(new RegExp(`^${total} permits?$`))).toBeVisible();
  await page.goBack();

  // A row opens its permit.
  const first = awaiting.getByRole('link').first();
  const number = (await first.innerText()).split('\n')[0]!.trim();
  const id = await first.getAttribute('data-permit-id');
  await first.click();
  await expect(page).toHaveURL(`/Permit/Edit/${id}`);
  await expect(shell(page).main.getByRole('heading', { level: 1, name: number })).toBeVisible();
});

test('the worker sees the permits they hold, on a phone, cards stacked', async ({ page, signIn }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn({ user: demo.worker.userName });
  await openDashboards(page);
  const held = card(page, 'I hold');
  const total = await countOf(held);
  expect(total).toBeGreaterThan(0);
  await expect(rowsOf(held)).toHaveCount(Math.min(total, 5));
  // Soonest end first, each with its time left or planned end.
  await expect(rowsOf(held).first()).toContainText(/Expires in|Validity ended|Starts in|Ends |Ended /);

  // Workers approve nothing: that card says so in plain words.
  const awaiting = card(page, 'Awaiting my approval');
  await expect(awaiting.getByText('Nothing awaits your approval.')).toBeVisible();
  expect(await countOf(awaiting)).toBe(0);
  await expect(awaiting.getByRole('link', { name: /^Show all/ })).toHaveCount(0);

  // One column on a phone: the cards stack, nothing scrolls sideways, each row is a full touch target.
  const boxes = await Promise.all(['Awaiting my approval', 'I hold'].map((title) => card(page, title).boundingBox()));
  expect(boxes[0]!.x).toBe(boxes[1]!.x);
  expect(boxes[1]!.y).toBeGreaterThan(boxes[0]!.y + boxes[0]!.height - 1);
  expect((await rowsOf(held).first().getByRole('link').boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await expectNoSidewaysScroll(page, 390);
  await expectNoSeriousViolations(page);
  await saveScreenshot(page, testInfo, 'dashboards-phone');

  await held.getByRole('link', { name: /^Show all/ }).click();
  await expect(page).toHaveURL(/\/index\?view=held&sort=plannedEnd&dir=asc$/);
  await expect(shell(page).main.getByText(new RegExp(`^${total} permits?$`))).toBeVisible();
});
