import { expect, test } from '../support/fixtures';
import { withDatabase } from '../support/database';
import { demo, signInWithForm } from '../support/hasp';
import { openInApp, storedPermitTitles } from '../support/offline';
import { permitBody } from '../support/offline-device';
import { createUserLike } from '../support/permit-users';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { phone, signIn } from '../support/sign-in';

// A wrong device clock in a real browser: the phone's clock a day behind, then a day ahead (Playwright's clock, which
// moves on from there as time passes). The user signs in, the permits come down, a change is saved
// offline and synced. Pass: the session holds without a refresh storm (at most one token refresh per
// 401 — the server alone decides a token's times); the change applies once; the server keeps the
// device's time as the device said it and its own sync time beside it. The server's side (its clock
// ±2 h under libfaketime) is apps/server/test/sync-clock-skew.test.ts.
test.use({ viewport: phone, hasTouch: true, serviceWorkers: 'block' });

const HOUR = 3_600_000;

for (const hours of [-24, 24]) {
  test(`device clock ${hours > 0 ? '+' : '−'}${Math.abs(hours)} h: signed in, a change saved offline syncs once with both times kept`, async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(120_000);
    const user = await createUserLike('supervisor', `clock${hours > 0 ? 'ahead' : 'behind'}`);
    const headers = { authorization: `Bearer ${await signIn(request, user)}` };
    const typeId = await withDatabase(
      async (client) =>
        (await client.query<{ id: number }>(`select id from permit_types where facility_id = 1 and code = 'LOTO'`))
          .rows[0]!.id,
    );
    const title = `Clock ${hours} ${Date.now().toString(36)}`;
    const created = await request.post('/api/permits', {
      headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
      data: permitBody(typeId, title),
    });
    expect(created.status(), await created.text()).toBe(200);
    const permit = (await created.json()) as { ID: number };

    const skewed = Date.now() + hours * HOUR;
    await context.clock.install({ time: skewed });
    const seen = { refreshes: 0, unauthorized: 0 };
    page.on('response', (response) => {
      if (/\/api\/auth\/tokenrefresh/i.test(response.url())) seen.refreshes += 1;
      if (response.status() === 401) seen.unauthorized += 1;
    });
    await page.goto('/login');
    expect(Math.abs((await page.evaluate(() => Date.now())) - skewed)).toBeLessThan(10 * 60_000);
    await signInWithForm(page, user.userName, { facility: demo.northPlant.name });
    await expect(page).not.toHaveURL(/\/login/, { timeout: FIRST_LOAD_TIMEOUT_MS });
    await expect.poll(() => storedPermitTitles(page), { timeout: FIRST_LOAD_TIMEOUT_MS }).toContain(title);

    const main = page.getByRole('main');
    const newTitle = `${title} (offline)`;
    await context.setOffline(true);
    try {
      await expect(page).toHaveURL('/offline/dashboard');
      await openInApp(page, `/Permit/Edit/${permit.ID}`);
      const details = main.getByRole('region', { name: 'Details' });
      await details.getByLabel('Title').fill(newTitle);
      await details.getByRole('button', { name: 'Save' }).click();
      await expect(main.getByTestId('saved-offline')).toHaveText('1 change(s) saved offline — waiting to sync');
    } finally {
      await context.setOffline(false);
    }
    await expect(page.getByTestId('sync-status')).toHaveAccessibleName('All changes synced', {
      timeout: FIRST_LOAD_TIMEOUT_MS,
    });

    // Applied once, with the device's time as the device said it and the server's own sync time.
    const rows = await withDatabase(
      async (client) =>
        (
          await client.query<{ name: string; outcome: string; device_time: Date; synced_at: Date }>(
            `select name, outcome, device_time, synced_at from sync_commands where permit_id = $1 order by server_seq`,
            [permit.ID],
          )
        ).rows,
    );
    expect(rows.map((r) => `${r.name}:${r.outcome}`)).toEqual(['permit.edit:applied']);
    // (|| 0: a rounded −0.1 h is −0, which toBe(0) refuses)
    const offHours = (at: Date) => Math.round((at.getTime() - Date.now()) / HOUR) || 0;
    expect(offHours(rows[0]!.device_time)).toBe(hours);
    expect(offHours(rows[0]!.synced_at)).toBe(0);
    const after = (await (await request.get(`/api/permits/${permit.ID}`, { headers })).json()) as { title: string };
    expect(after.title).toBe(newTitle);

    console.log(
      `R29 device clock ${hours} h: token refreshes ${seen.refreshes}, 401 answers ${seen.unauthorized}, device time stored ${offHours(rows[0]!.device_time)} h off, sync time ${offHours(rows[0]!.synced_at)} h off`,
    );
    expect(seen.refreshes).toBeLessThanOrEqual(Math.max(1, seen.unauthorized));
  });
}
