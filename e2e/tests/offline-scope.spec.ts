import { expect, test } from '../support/fixtures';
import { withDatabase } from '../support/database';
import { demo, signInWithForm } from '../support/hasp';
import { storedPermitTitles } from '../support/offline';
import { permitBody } from '../support/offline-device';
import { createUserLike } from '../support/permit-users';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { expectNoSeriousViolations, expectNoSidewaysScroll, saveScreenshot } from '../support/quality';
import { phone, signIn } from '../support/sign-in';

// What a phone keeps offline is bounded by what its user chose: their own work by default (a
// sign-in downloads little), all work under way in the facility when they choose it (a crew member
// who signs on to others' permits). The download starts by itself after sign-in, once the first
// screen has loaded; choosing again takes the permits offline again at once.
test.use({ viewport: phone, hasTouch: true, serviceWorkers: 'block' });

test('the device keeps the user’s own work by default, and all work under way when they choose it', async ({
  page,
}, testInfo) => {
  test.setTimeout(FIRST_LOAD_TIMEOUT_MS + 120_000);
  // A new worker is on no permit: their own work is nothing yet.
  const user = await createUserLike('worker', 'scope');
  const underWay = await withDatabase(
    async (client) =>
      (
        await client.query<{ title: string }>(
          `select p.title from permits p join permit_types t on t.id = p.permit_type_id
           where p.facility_id = 1 and t.code = 'LOTO' and p.status = 'active' and p.voided_at is null
           order by p.id limit 1`,
        )
      ).rows[0]!.title,
  );

  await page.goto('/login');
  await signInWithForm(page, user.userName, { facility: demo.northPlant.name });
  await expect(page).not.toHaveURL(/\/login/, { timeout: FIRST_LOAD_TIMEOUT_MS });
  await page.goto('/offline/dashboard');
  const main = page.getByRole('main');
  const availability = main.getByTestId('offline-availability');
  await expect(availability).toHaveText(/^Available offline: 0 permits, updated /, { timeout: FIRST_LOAD_TIMEOUT_MS });
  const keep = main.getByRole('radiogroup', { name: 'Keep on this device' });
  await expect(keep.getByRole('radio', { name: 'My work' })).toBeChecked();
  expect(await storedPermitTitles(page)).not.toContain(underWay);
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page, phone.width);
  await saveScreenshot(page, testInfo, 'offline-scope-mine-390');

  await keep.getByRole('radio', { name: 'All work under way' }).check();
  await expect.poll(() => storedPermitTitles(page), { timeout: FIRST_LOAD_TIMEOUT_MS }).toContain(underWay);
  await expect(availability).toHaveText(/^Available offline: [1-9]\d* permits?, updated /);

  // Back to their own work: the others' permits leave the device.
  await keep.getByRole('radio', { name: 'My work' }).check();
  await expect.poll(() => storedPermitTitles(page), { timeout: FIRST_LOAD_TIMEOUT_MS }).not.toContain(underWay);
  await expect(availability).toHaveText(/^Available offline: 0 permits, updated /);
});

test('the next sign-in brings only what changed since the last download; what left the user’s work leaves the device', async ({
  page,
  request,
}) => {
  test.setTimeout(FIRST_LOAD_TIMEOUT_MS + 120_000);
  // A new supervisor's own work: three permits they requested (their data alone, whatever runs beside).
  const user = await createUserLike('supervisor', 'delta');
  const headers = { authorization: `Bearer ${await signIn(request, user)}` };
  const typeId = await withDatabase(
    async (client) =>
      (await client.query<{ id: number }>(`select id from permit_types where facility_id = 1 and code = 'LOTO'`))
        .rows[0]!.id,
  );
  const stem = `Delta ${Date.now().toString(36)}`;
  const permits: { ID: number; title: string }[] = [];
  for (const n of [1, 2, 3]) {
    const created = await request.post('/api/permits', {
      headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
      data: permitBody(typeId, `${stem} ${n}`),
    });
    expect(created.status(), await created.text()).toBe(200);
    permits.push((await created.json()) as { ID: number; title: string });
  }
  const downloads: { url: string; since: string | null; permits: number[]; inScope: number[] | null }[] = [];
  page.on('response', async (response) => {
    if (!response.url().includes('/api/offline/permits?type=LOTO') || !response.ok()) return;
    const body = (await response.json()) as {
      permits: { permit: { ID: number } }[];
      since: string | null;
      inScope: number[] | null;
    };
    downloads.push({
      url: response.url(),
      since: body.since,
      permits: body.permits.map((p) => p.permit.ID),
      inScope: body.inScope,
    });
  });

  await page.goto('/login');
  await signInWithForm(page, user.userName, { facility: demo.northPlant.name });
  await expect(page).not.toHaveURL(/\/login/, { timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect
    .poll(() => storedPermitTitles(page), { timeout: FIRST_LOAD_TIMEOUT_MS })
    .toEqual(expect.arrayContaining([`${stem} 1`, `${stem} 2`, `${stem} 3`]));
  expect(downloads.map((d) => d.since)).toEqual([null]);

  // Meanwhile, from another device: the first is renamed, the third cancelled.
  const [first, , third] = permits as [(typeof permits)[0], (typeof permits)[0], (typeof permits)[0]];
  const renamed = await request.post(`/api/permits/${first.ID}/commands/edit`, {
    headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
    data: { ...permitBody(typeId, `${stem} 1 (renamed)`), permitTypeId: undefined },
  });
  expect(renamed.status(), await renamed.text()).toBe(200);
  const cancelled = await request.post(`/api/permits/${third.ID}/commands/cancel`, {
    headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
    data: { reason: 'Not needed after all' },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);

  // The next visit: only the renamed permit comes; the cancelled one leaves the device.
  await page.reload();
  await expect
    .poll(() => storedPermitTitles(page), { timeout: FIRST_LOAD_TIMEOUT_MS })
    .toEqual(expect.arrayContaining([`${stem} 1 (renamed)`, `${stem} 2`]));
  await expect.poll(() => storedPermitTitles(page)).not.toContain(`${stem} 3`);
  expect(await storedPermitTitles(page)).not.toContain(`${stem} 1`);
  const next = downloads.at(-1)!;
  expect(next.since).not.toBeNull();
  expect(next.permits).toEqual([first.ID]);
  expect(next.inScope).toEqual(permits.slice(0, 2).map((p) => p.ID));
  await page.goto('/offline/dashboard');
  await expect(page.getByRole('main').getByTestId('offline-availability')).toHaveText(
    /^Available offline: 2 permits, updated /,
  );
});
