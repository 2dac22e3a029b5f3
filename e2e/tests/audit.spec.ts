import type { Page } from '@playwright/test';
import { withDatabase } from '../support/database';
import { expect, test } from '../support/fixtures';
import { demo } from '../support/hasp';
import { expectNoSeriousViolations, expectNoSidewaysScroll, saveScreenshot } from '../support/quality';
import { narrowToPhone } from '../support/shell';

test.use({ serviceWorkers: 'block' });

/**
 * Writes one audit entry of North Plant straight into the database (the trigger chains it like any
 * other), so the test has a row of its own to tamper with and put back.
 */
function insertEntry(): Promise<string> {
  return withDatabase(async (client) => {
    const result = await client.query<{ id: string }>(
      `insert into audit_log (facility_id, action, entity_type, entity_id, after)
       values ($1, 'e2e.verify', 'e2e', 'verify', '{"said": "true"}') returning id::text as id`,
      [demo.northPlant.ID],
    );
    return result.rows[0]!.id;
  });
}

/** Changes the entry's action as a superuser with the triggers off (as someone covering tracks would). */
function setAction(id: string, action: string): Promise<void> {
  return withDatabase(async (client) => {
    await client.query('set session_replication_role = replica');
    await client.query('update audit_log set action = $2 where id = $1', [id, action]);
  });
}

const verifyButton = (page: Page) => page.getByRole('button', { name: 'Verify the log' });

test.describe('Audit log verification', () => {
  test('says the log is intact, then names the first broken entry after a change made in the database', async ({
    page,
    signIn,
  }, testInfo) => {
    const id = await insertEntry();
    try {
      await signIn();
      await page.goto('/admin?section=audit');
      await expect(page.getByRole('heading', { level: 2, name: 'Audit log' })).toBeVisible();

      await verifyButton(page).click();
      await expect(page.getByRole('status').filter({ hasText: 'The audit log is intact:' })).toBeVisible();

      await setAction(id, 'e2e.tampered');
      await verifyButton(page).click();
      const alert = page.getByRole('alert').filter({ hasText: 'The audit log has been tampered with.' });
      await expect(alert).toBeVisible();
      await expect(alert).toHaveAttribute('data-broken-id', id);
      await expect(alert.locator('[data-fact="entry"] dd')).toHaveText(`#${id}`);
      await expect(alert.locator('[data-fact="chain"] dd')).toHaveText('This facility');
      await expect(alert.locator('[data-fact="reason"] dd')).toHaveText('The entry was changed after it was written.');
      await expectNoSeriousViolations(page);
      await saveScreenshot(page, testInfo, 'audit-verify-broken-1280');

      await narrowToPhone(page);
      await expect(alert).toBeVisible();
      await expectNoSidewaysScroll(page, 390);
      await expectNoSeriousViolations(page);
      await saveScreenshot(page, testInfo, 'audit-verify-broken-390');

      // Put back exactly as written, the chain holds again.
      await setAction(id, 'e2e.verify');
      await verifyButton(page).click();
      await expect(page.getByRole('status').filter({ hasText: 'The audit log is intact:' })).toBeVisible();
      await expect(alert).toBeHidden();
      await saveScreenshot(page, testInfo, 'audit-verify-ok-390');
    } finally {
      await setAction(id, 'e2e.verify');
    }
  });
});
