import { expect, test } from '../support/fixtures';
import { withDatabase } from '../support/database';
import { demo, signInWithForm } from '../support/hasp';
import { storedPermitTitles } from '../support/offline';
import { createUserLike } from '../support/permit-users';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { expectNoSeriousViolations, expectNoSidewaysScroll, saveScreenshot } from '../support/quality';
import { phone } from '../support/sign-in';

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
