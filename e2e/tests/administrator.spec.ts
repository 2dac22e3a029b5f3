import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { withDatabase } from '../support/database';
import { demo } from '../support/hasp';
import { expectNoSeriousViolations, expectNoSidewaysScroll, saveScreenshot } from '../support/quality';
import { narrowToPhone } from '../support/shell';

// The facilities made here have unique names and are deactivated at the end, so the login screen
// other specs see offers the demo facilities only. North Plant and Riverside are never changed.
test.use({ serviceWorkers: 'block' });

const unique = (label: string) => `E2E ${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Deactivates facilities through the API as the administrator (clean-up). */
async function deactivate(request: APIRequestContext, names: string[]) {
  const login = await request.post('/api/login', {
    data: {
      connectionStringName: demo.connection,
      facilityId: demo.northPlant.ID,
      username: demo.admin.userName,
      password: demo.password,
    },
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const facilities = (await (await request.get('/api/admin/facilities', { headers })).json()) as {
    ID: number;
    name: string;
    companyID: number | null;
  }[];
  for (const facility of facilities.filter((f) => names.includes(f.name))) {
    await request.put(`/api/admin/facilities/${facility.ID}`, {
      headers,
      data: { name: facility.name, companyID: facility.companyID, isActive: false },
    });
  }
}

const section = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const facilityRow = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Facilities of this connection' }).getByRole('row').filter({ hasText: name });
const auditRows = (page: Page) =>
  page.getByRole('table', { name: 'Audit log entries, newest first' }).locator('tr[data-audit-id]');

/** The before and after of one field in an expanded audit entry. */
async function expectChange(details: Locator, field: string, before: string | RegExp, after: string | RegExp) {
  const row = details.locator(`tr[data-field="${field}"]`);
  await expect(row.locator('[data-side="before"]')).toHaveText(before);
  await expect(row.locator('[data-side="after"]')).toHaveText(after);
}

test.describe('Administrator', () => {
  test('creates and renames a facility; the audit log shows both with before and after, and filters by action', async ({
    page,
    signIn,
  }, testInfo) => {
    const name = unique('Yard');
    const renamed = `${name} renamed`;
    try {
      await signIn();
      await page.goto('/admin');
      await expect(page.getByRole('heading', { level: 1, name: 'Administrator' })).toBeVisible();
      await expect(section(page, 'Facilities')).toHaveAttribute('aria-selected', 'true');
      await expect(facilityRow(page, demo.northPlant.name)).toContainText('Signed in here');

      // Create, under North Plant.
      await page.getByRole('button', { name: 'New facility' }).click();
      const create = page.getByRole('dialog', { name: 'New facility' });
      await create.getByLabel('Name').fill(name);
      await create.getByLabel('Parent (company)').selectOption({ label: demo.northPlant.name });
      await create.getByRole('button', { name: 'Save' }).click();
      await expect(create).toBeHidden();
      const row = facilityRow(page, name);
      await expect(row).toContainText(demo.northPlant.name);
      await expect(row).toContainText('Active');
      const facilityId = await row.getAttribute('data-facility-id');
      expect(facilityId).toMatch(/^\d+$/);

      // Rename it.
      await page.getByRole('button', { name: `Edit ${name}` }).click();
      const edit = page.getByRole('dialog', { name: 'Edit facility' });
      await expect(edit.getByLabel('Name')).toHaveValue(name);
      await edit.getByLabel('Name').fill(renamed);
      await edit.getByRole('button', { name: 'Save' }).click();
      await expect(edit).toBeHidden();
      await expect(facilityRow(page, renamed)).toBeVisible();
      await saveScreenshot(page, testInfo, 'administrator-facilities-1280');

      // The audit log: both entries of this facility, newest first.
      await section(page, 'Audit log').click();
      await expect(page).toHaveURL(/section=audit/);
      const filters = page.getByRole('search', { name: 'Filter the audit log' });
      // The entity too: a permit (or any record) may carry the same ID as the new facility.
      await filters.getByLabel('Entity', { exact: true }).selectOption('facility');
      await filters.getByLabel('Entity ID').fill(facilityId!);
      await expect(auditRows(page)).toHaveCount(2);
      await expect(auditRows(page).nth(0)).toHaveAttribute('data-action', 'facility.update');
      await expect(auditRows(page).nth(1)).toHaveAttribute('data-action', 'facility.create');
      await expect(auditRows(page).nth(0)).toContainText(demo.admin.displayName);
      await expect(auditRows(page).nth(0)).toContainText('Connection-wide');

      const update = auditRows(page).nth(0);
      await update.getByRole('button', { name: 'Show the changes' }).click();
      const updateDetails = page.locator(`#audit-entry-${await update.getAttribute('data-audit-id')}`);
      await expectChange(updateDetails, 'name', name, renamed);
      // Only changed fields are listed.
      await expect(updateDetails.locator('tr[data-field]')).toHaveCount(1);
      await expect(update.getByRole('button', { name: 'Hide the changes' })).toHaveAttribute('aria-expanded', 'true');

      const created = auditRows(page).nth(1);
      await created.getByRole('button', { name: 'Show the changes' }).click();
      const createdDetails = page.locator(`#audit-entry-${await created.getAttribute('data-audit-id')}`);
      await expectChange(createdDetails, 'name', '(empty)', name);
      await expectChange(createdDetails, 'companyID', '(empty)', String(demo.northPlant.ID));
      await expectChange(createdDetails, 'isActive', '(empty)', 'true');
      await expectNoSeriousViolations(page);
      await saveScreenshot(page, testInfo, 'administrator-audit-1280');

      // Filter by action: only renames remain, ours among them.
      await filters.getByLabel('Entity ID').fill('');
      await filters.getByLabel('Action').selectOption('facility.update');
      const table = page.getByRole('table', { name: 'Audit log entries, newest first' });
      await expect(table.locator('tr[data-audit-id]:not([data-action="facility.update"])')).toHaveCount(0);
      await expect(auditRows(page).first()).toBeVisible();
      await expect(auditRows(page).filter({ hasText: `facility #${facilityId}` })).toHaveCount(1);

      await narrowToPhone(page);
      await expectNoSidewaysScroll(page, 390);
      await saveScreenshot(page, testInfo, 'administrator-audit-390');
      await section(page, 'Facilities').click();
      await expect(facilityRow(page, renamed)).toBeVisible();
      await expectNoSidewaysScroll(page, 390);
      await expectNoSeriousViolations(page);
      await saveScreenshot(page, testInfo, 'administrator-facilities-390');
    } finally {
      await deactivate(page.request, [name, renamed]);
    }
  });

  test('refuses to deactivate the facility the administrator is signed in to', async ({ page, signIn }) => {
    await signIn();
    await page.goto('/admin');
    await page.getByRole('button', { name: `Edit ${demo.northPlant.name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit facility' });
    await expect(edit.getByRole('switch', { name: 'Active' })).toBeDisabled();
    await expect(edit).toContainText('You are signed in to this facility, so it stays active.');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toBeHidden();
  });

  test('shows the connection and the health of the server with real values', async ({ page, signIn }, testInfo) => {
    await signIn();
    await page.goto('/admin?section=connection');
    const fact = (id: string) => page.locator(`[data-fact="${id}"] dd`);
    await expect(fact('name')).toHaveText(demo.connection);
    await expect(fact('mode')).toHaveText(/Embedded|External/);
    await expect(fact('server-version')).toContainText(/PostgreSQL \d+/);
    await expect(fact('database-size')).toHaveText(/^\d+(\.\d)? (KB|MB|GB)$/);
    await expect(fact('facilities')).toHaveText(/^\d+ active of \d+$/);
    await expect(fact('sessions')).toHaveText(/^[1-9]\d*$/);
    await expect(page.locator('main')).not.toContainText('postgres://');
    await expectNoSeriousViolations(page);
    await saveScreenshot(page, testInfo, 'administrator-connection-1280');

    await section(page, 'Health').click();
    await expect(fact('status')).toHaveText('All systems answer');
    await expect(fact('node')).toHaveText(/^v\d+\.\d+\.\d+$/);
    await expect(fact('uptime')).toHaveText(/\d+ (min|h|d)/);
    await expect(fact('memory')).toHaveText(/^\d+(\.\d)? (MB|GB)$/);
    const demoRow = page.locator(`tr[data-connection="${demo.connection}"]`);
    await expect(demoRow).toContainText('Ready');
    await expect(demoRow).toContainText(/\d+(\.\d)? ms/);
    const checked = await fact('checked').textContent();
    const refreshed = page.waitForResponse((r) => r.url().includes('/api/admin/health') && r.status() === 200);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await refreshed;
    await expect(fact('status')).toHaveText('All systems answer');
    expect(checked).toBeTruthy();
    await expectNoSeriousViolations(page);
    await saveScreenshot(page, testInfo, 'administrator-health-1280');

    await narrowToPhone(page);
    await expectNoSidewaysScroll(page, 390);
    await saveScreenshot(page, testInfo, 'administrator-health-390');
  });

  test('shows the job queues and a failed job, and Retry runs it again', async ({ page, signIn }, testInfo) => {
    // A failed run of a real scheduled job (the SSO purge), as pg-boss records one after its last attempt.
    const error = unique('Identity provider unreachable');
    const jobId = await withDatabase(async (client) => {
      const result = await client.query<{ id: string }>(
        `insert into pgboss.job (name, data, state, retry_limit, retry_count, retry_delay, retry_backoff,
           started_on, completed_on, output)
         values ('purge-expired-sso', '{}', 'failed', 3, 3, 30, true, now(), now(), json_build_object('message', $1::text))
         returning id::text`,
        [error],
      );
      return result.rows[0]!.id;
    });
    await signIn();
    await page.goto('/admin?section=health');
    const queues = page.getByRole('table', { name: 'Job queues: jobs waiting, running and failed' });
    const queue = queues.locator('tr[data-queue="purge-expired-sso"]');
    await expect(queue.locator('[data-count="failed"]')).not.toHaveText('0');
    await expect(queues.locator('tr[data-queue="purge-expired-sessions"]')).toBeVisible();
    const failed = page.locator(`li[data-job-id="${jobId}"]`);
    await expect(failed.locator('[data-fact="error"] dd')).toHaveText(error);
    await expect(failed.locator('[data-fact="attempts"] dd')).toHaveText('4');
    await expectNoSeriousViolations(page);
    await page.getByRole('heading', { name: 'Job queues' }).scrollIntoViewIfNeeded();
    await saveScreenshot(page, testInfo, 'administrator-jobs-1280');

    await narrowToPhone(page);
    await failed.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page, 390);
    await expectNoSeriousViolations(page);
    await saveScreenshot(page, testInfo, 'administrator-jobs-390');

    await failed.getByRole('button', { name: /^Retry the purge-expired-sso job that failed at / }).click();
    await expect(failed).toHaveCount(0);
    await expect(page.getByText('The job will run again.')).toBeVisible();
    // The server's worker picks it up and the real purge completes.
    await expect
      .poll(() =>
        withDatabase(async (client) => {
          const row = await client.query<{ state: string }>('select state::text from pgboss.job where id = $1', [
            jobId,
          ]);
          return row.rows[0]?.state;
        }),
      )
      .toBe('completed');
  });

  test('is refused to a user without the Administrator entry', async ({ page, signIn }) => {
    await signIn({ user: demo.worker.userName });
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Administrator' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Facilities' })).toHaveCount(0);
  });
});
