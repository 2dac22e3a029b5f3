import { expect, test } from '../support/fixtures';
import { withDatabase } from '../support/database';
import { demo, signInWithForm } from '../support/hasp';
import { openInApp, storedPermitTitles } from '../support/offline';
import { permitBody } from '../support/offline-device';
import { createUserLike } from '../support/permit-users';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { expectNoSeriousViolations, expectNoSidewaysScroll, saveScreenshot } from '../support/quality';
import { phone, signIn } from '../support/sign-in';

// A worker's offline edit meets the same permit changed on the server from another device. Back
// online, the conflict is said in words where they look: the permit page says a change of this
// device is in conflict, and the offline changes show each differing field, theirs and the server's
// side by side, who changed the server's and when. No JSON, no command names, no version numbers.
// They choose per field, and the permit ends with the server's title and their description.
test.use({ viewport: phone, hasTouch: true, serviceWorkers: 'block' });

test('an offline edit in conflict: shown field by field in words on the permit page and the sync panel, merged per field', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(FIRST_LOAD_TIMEOUT_MS + 120_000);
  const user = await createUserLike('supervisor', 'conflict');
  const headers = { authorization: `Bearer ${await signIn(request, user)}` };
  const typeId = await withDatabase(
    async (client) =>
      (await client.query<{ id: number }>(`select id from permit_types where facility_id = 1 and code = 'LOTO'`))
        .rows[0]!.id,
  );
  const title = `Conflict ${Date.now().toString(36)}`;
  const body = permitBody(typeId, title);
  const created = await request.post('/api/permits', {
    headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
    data: body,
  });
  expect(created.status(), await created.text()).toBe(200);
  const permit = (await created.json()) as { ID: number; number: string };

  await page.goto('/login');
  await signInWithForm(page, user.userName, { facility: demo.northPlant.name });
  await expect(page).not.toHaveURL(/\/login/, { timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect.poll(() => storedPermitTitles(page), { timeout: FIRST_LOAD_TIMEOUT_MS }).toContain(title);

  // On this phone, offline: a new title and a new description.
  const main = page.getByRole('main');
  const mine = { title: `${title} (phone)`, description: 'Hopper 2 and the chute above it.' };
  await context.setOffline(true);
  try {
    await expect(page).toHaveURL('/offline/dashboard');
    await openInApp(page, `/Permit/Edit/${permit.ID}`);
    const details = main.getByRole('region', { name: 'Details' });
    await details.getByLabel('Title').fill(mine.title);
    await details.getByLabel('Description').fill(mine.description);
    await details.getByRole('button', { name: 'Save' }).click();
    await expect(main.getByTestId('saved-offline')).toHaveText('1 change(s) saved offline — waiting to sync');
    // Meanwhile the same person changes the title from another device.
    const theirs = await request.post(`/api/permits/${permit.ID}/commands/edit`, {
      headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
      data: { ...body, permitTypeId: undefined, title: `${title} (desk)` },
    });
    expect(theirs.status(), await theirs.text()).toBe(200);
  } finally {
    await context.setOffline(false);
  }
  const status = page.getByTestId('sync-status');
  await expect(status).toHaveAccessibleName('1 change needs attention', { timeout: FIRST_LOAD_TIMEOUT_MS });

  // The permit page, online, says so and leads to it.
  await openInApp(page, `/Permit/Edit/${permit.ID}`);
  const notice = main.getByTestId('device-change-issues');
  await expect(notice).toHaveText(
    /A change saved on this device is in conflict with the server: Edit the permit\.\s*See the conflict/,
    { timeout: FIRST_LOAD_TIMEOUT_MS },
  );
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page, phone.width);
  await saveScreenshot(page, testInfo, 'sync-conflict-permit-page-390');
  await notice.getByRole('link', { name: 'See the conflict' }).click();
  await expect(page).toHaveURL(/\/offline\/dashboard\?issue=\d+$/);

  const card = main.locator('[data-linked]');
  const detail = card.getByTestId('conflict-detail');
  await expect(card).toContainText('Edit the permit');
  await expect(detail).toContainText(
    'Someone changed this on the server after this device took its copy, so your change was not applied.',
  );
  await expect(detail).toContainText(`Permit ${permit.number}`);
  await expect(detail.getByTestId('conflict-changed-by')).toHaveText(
    new RegExp(`^Changed on the server by ${user.displayName} at .+\\.$`),
  );
  const table = detail.getByRole('table', { name: 'What differs' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByTestId('mine-title')).toHaveText(mine.title);
  await expect(table.getByTestId('theirs-title')).toHaveText(`${title} (desk)`);
  await expect(table.getByTestId('mine-description')).toHaveText(mine.description);
  await expect(table.getByTestId('theirs-description')).toHaveText(body.description);
  const words = (await card.innerText()).toString();
  expect(words).not.toMatch(/[{}]|permit\.edit|"facts"|Version \d/);
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page, phone.width);
  await saveScreenshot(page, testInfo, 'sync-conflict-words-390');

  // Per field: the server's title, this phone's description.
  await detail.getByRole('button', { name: 'Choose per field' }).click();
  const choice = detail.getByRole('group', { name: 'Choose, field by field, which value to keep' });
  await choice.getByRole('radiogroup', { name: 'Title: which value to keep' }).getByText('Theirs').click();
  await expect(
    choice.getByRole('radiogroup', { name: 'Description: which value to keep' }).getByRole('radio', { name: 'Mine' }),
  ).toBeChecked();
  await saveScreenshot(page, testInfo, 'sync-conflict-choose-390');
  await choice.getByRole('button', { name: 'Send my choice' }).click();
  await expect(status).toHaveAccessibleName('All changes synced', { timeout: FIRST_LOAD_TIMEOUT_MS });
  // The device holds it no more; the link's record says what was done, and when.
  await expect(card.getByTestId('conflict-detail')).toHaveCount(0);
  await expect(card).toContainText(/Resolved at .+: Merged field by field/);

  const after = (await (await request.get(`/api/permits/${permit.ID}`, { headers })).json()) as {
    title: string;
    description: string;
  };
  expect(after).toMatchObject({ title: `${title} (desk)`, description: mine.description });
  // The server keeps what was done about the conflict, in the user's words.
  const resolved = await withDatabase(
    async (client) =>
      (
        await client.query<{ name: string; outcome: string; resolution: string | null }>(
          `select name, outcome, resolution from sync_commands where permit_id = $1 order by server_seq`,
          [permit.ID],
        )
      ).rows,
  );
  expect(resolved).toEqual([
    {
      name: 'permit.edit',
      outcome: 'conflict',
      resolution: expect.stringMatching(/^Merged field by field .*Description\.$/),
    },
    { name: 'permit.edit', outcome: 'applied', resolution: null },
  ]);
  // And the permit page no longer names a conflict.
  await openInApp(page, `/Permit/Edit/${permit.ID}`);
  await expect(main.getByRole('region', { name: 'Details' }).getByLabel('Title')).toHaveValue(`${title} (desk)`, {
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  await expect(main.getByTestId('device-change-issues')).toHaveCount(0);
});
