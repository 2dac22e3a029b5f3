import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { withDatabase } from '../support/database';
import { demo } from '../support/hasp';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { expectNoSeriousViolations, expectNoSidewaysScroll, saveScreenshot } from '../support/quality';
import { shell } from '../support/shell';

// Question Manage: a choice question with a blocking answer, asked on the LOTO permit's
// issue form, then edited: version 2 becomes current and version 1 stays in the history.
test.use({ serviceWorkers: 'block' });

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function openQuestionManage(page: Page) {
  await page.goto('/question-manager');
  await expect(shell(page).main.getByRole('heading', { level: 1, name: 'Question Manage' })).toBeVisible({
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  await expect(page.getByRole('list', { name: 'Questions' })).toBeVisible();
}

/** Our questions leave no trace on the demo forms: deactivated and unassigned. */
async function cleanUp(marker: string): Promise<void> {
  await withDatabase(async (client) => {
    const ids = `select question_id from question_versions where text like '%' || $1 || '%'`;
    await client.query(`delete from question_assignments where question_id in (${ids})`, [marker]);
    await client.query(`update questions set is_active = false where id in (${ids})`, [marker]);
  });
}

test.describe('Question Manage', () => {
  test('a choice question with a blocking answer, asked at LOTO issue, edited into version 2', async ({
    page,
    signIn,
  }, testInfo) => {
    // Four axe scans on a shared 2-core machine.
    test.setTimeout(180_000);
    const marker = unique();
    const text = `Isolation method at the panel ${marker}?`;
    const edited = `Isolation method at the motor control centre ${marker}?`;
    try {
      await signIn();
      await openQuestionManage(page);
      const main = shell(page).main;

      // Create: the answer type decides the fields; the blocking answer is one of the choices.
      await main.getByRole('button', { name: 'New question' }).click();
      const dialog = page.getByRole('dialog', { name: 'New question' });
      await dialog.getByRole('textbox', { name: 'Question' }).fill(text);
      await expect(dialog.getByRole('textbox', { name: 'Choices' })).toHaveCount(0);
      await dialog.getByRole('combobox', { name: 'Answer type' }).selectOption({ label: 'Choice' });
      await dialog.getByRole('textbox', { name: 'Choices' }).fill('Locked and tagged\nTagged only\nNot isolated');
      await dialog.getByRole('combobox', { name: 'Blocking answer' }).selectOption({ label: 'Not isolated' });
      await saveScreenshot(page, testInfo, 'question-manage-dialog-1280');
      await expectNoSeriousViolations(page);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
      const card = main.getByRole('listitem').filter({ hasText: text });
      await expect(card).toContainText('Blocks on “Not isolated”');
      await expect(card).toContainText('Version 1');
      await expect(card).toContainText('Not asked on any form yet');

      // Assign it to the LOTO permit's issue stage, at the end of the form.
      await main.getByRole('tab', { name: 'Permit forms' }).click();
      await main.getByRole('combobox', { name: 'Permit type' }).selectOption({ label: 'LOTO — LOTO Permit' });
      await main.getByRole('combobox', { name: 'Stage' }).selectOption({ label: 'Issue' });
      await expect(main.getByRole('listitem').filter({ hasText: 'Area barricaded?' })).toBeVisible();
      await main.getByRole('combobox', { name: 'Add a question' }).selectOption({ label: text });
      await main.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(main.getByRole('status').filter({ hasText: 'Unsaved changes' })).toBeVisible();
      await main.getByRole('button', { name: 'Save form' }).click();
      await expect(main.getByRole('status').filter({ hasText: 'Unsaved changes' })).toHaveCount(0);
      await expect(main.getByRole('listitem').filter({ hasText: text })).toBeVisible();
      await saveScreenshot(page, testInfo, 'question-manage-forms-1280');
      await expectNoSeriousViolations(page);

      // The list, filtered to LOTO at issue, shows where it is asked.
      await main.getByRole('tab', { name: 'Questions' }).click();
      await main.getByRole('combobox', { name: 'Permit type' }).selectOption({ label: 'LOTO — LOTO Permit' });
      await main.getByRole('combobox', { name: 'Stage' }).selectOption({ label: 'Issue' });
      await expect(card).toContainText('LOTO · Issue');
      await expect(main.getByRole('listitem').filter({ hasText: 'Zero energy verified by try-out?' })).toBeVisible();

      // Edit: version 2 is current; version 1 stays, as answered permits show it.
      await main.getByRole('button', { name: `Edit “${text}”` }).click();
      const editDialog = page.getByRole('dialog', { name: 'Edit question' });
      await expect(editDialog.getByRole('textbox', { name: 'Choices' })).toHaveValue(
        'Locked and tagged\nTagged only\nNot isolated',
      );
      await editDialog.getByRole('textbox', { name: 'Question' }).fill(edited);
      await editDialog.getByRole('button', { name: 'Save' }).click();
      await expect(editDialog).toBeHidden();
      const editedCard = main.getByRole('listitem').filter({ hasText: edited });
      await expect(editedCard).toContainText('Version 2');
      await editedCard.getByRole('button', { name: `Version history of “${edited}”` }).click();
      const history = page.getByRole('dialog', { name: 'Version history' });
      const v2 = history.getByRole('listitem', { name: 'Version 2' });
      const v1 = history.getByRole('listitem', { name: 'Version 1' });
      await expect(v2).toContainText(edited);
      await expect(v2).toContainText('Current');
      await expect(v1).toContainText(text);
      await expect(v1).not.toContainText('Current');
      await expect(v1).toContainText('Blocks on “Not isolated”');
      await expect(v1).toContainText('by Alex Admin');
      await saveScreenshot(page, testInfo, 'question-manage-history-1280');
      await expectNoSeriousViolations(page);
      await history.getByRole('button', { name: 'Close' }).click();
      await saveScreenshot(page, testInfo, 'question-manage-1280');
      await expectNoSeriousViolations(page);
    } finally {
      await cleanUp(marker);
    }
  });

  test('holds at 390 px', async ({ page, signIn }, testInfo) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn();
    await openQuestionManage(page);
    await expectNoSidewaysScroll(page, 390);
    await saveScreenshot(page, testInfo, 'question-manage-390');
    await expectNoSeriousViolations(page);

    const main = shell(page).main;
    await main.getByRole('button', { name: 'Edit “Area barricaded?”' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit question' })).toBeVisible();
    await expectNoSidewaysScroll(page, 390);
    await saveScreenshot(page, testInfo, 'question-manage-dialog-390');
    await expectNoSeriousViolations(page);
    await page.getByRole('dialog', { name: 'Edit question' }).getByRole('button', { name: 'Cancel' }).click();

    await main.getByRole('tab', { name: 'Permit forms' }).click();
    await main.getByRole('combobox', { name: 'Stage' }).selectOption({ label: 'Issue' });
    await expect(main.getByRole('button', { name: /^Move “.+” up$/ }).first()).toBeVisible();
    await expectNoSidewaysScroll(page, 390);
    await saveScreenshot(page, testInfo, 'question-manage-forms-390');
    await expectNoSeriousViolations(page);
  });

  test('is refused to a user without Question Manage', async ({ request }) => {
    const login = await request.post('/api/login', {
      data: {
        connectionStringName: demo.connection,
        facilityId: demo.northPlant.ID,
        username: demo.worker.userName,
        password: demo.password,
      },
    });
    expect(login.status(), await login.text()).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const response = await request.get('/api/questions', { headers: { authorization: `Bearer ${token}` } });
    expect(response.status()).toBe(403);
  });
});
