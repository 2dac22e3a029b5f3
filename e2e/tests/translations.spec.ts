import type { Locator, Page } from '@playwright/test';
import { withDatabase } from '../support/database';
import { expect, test } from '../support/fixtures';
import { demo } from '../support/hasp';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { expectNoSeriousViolations, expectNoSidewaysScroll, saveScreenshot } from '../support/quality';

// The edits and the bulk captions below change shared rows: one test at a time in this file.
test.describe.configure({ mode: 'serial' });
test.use({ serviceWorkers: 'block' });

interface CaptionKey {
  itemType: string;
  formName: string;
  controlName: string;
}

/** A caption's preferred text in one language straight from the database (null: none saved). */
function readCaption(key: CaptionKey, languageCode: string): Promise<string | null> {
  return withDatabase(async (client) => {
    const result = await client.query<{ preferred_caption: string }>(
      `select t.preferred_caption from captions c
         join caption_translations t on t.caption_id = c.id
         join languages l on l.id = t.language_id and l.code = $4
        where c.item_type = $1 and c.form_name = $2 and c.control_name = $3`,
      [key.itemType, key.formName, key.controlName, languageCode],
    );
    return result.rows[0]?.preferred_caption ?? null;
  });
}

/** Puts a caption's preferred text back as it was (the restore of every caption this file edits). */
function restoreCaption(key: CaptionKey, languageCode: string, text: string | null): Promise<void> {
  return withDatabase(async (client) => {
    const ids = await client.query<{ caption_id: number; language_id: number }>(
      `select c.id as caption_id, l.id as language_id from captions c cross join languages l
        where c.item_type = $1 and c.form_name = $2 and c.control_name = $3 and l.code = $4`,
      [key.itemType, key.formName, key.controlName, languageCode],
    );
    const row = ids.rows[0];
    if (!row) throw new Error(`No caption ${key.formName}/${key.controlName}`);
    if (text === null) {
      await client.query('delete from caption_translations where caption_id = $1 and language_id = $2', [
        row.caption_id,
        row.language_id,
      ]);
    } else {
      await client.query(
        `insert into caption_translations (caption_id, language_id, preferred_caption) values ($1, $2, $3)
         on conflict (caption_id, language_id) do update set preferred_caption = excluded.preferred_caption`,
        [row.caption_id, row.language_id, text],
      );
    }
  });
}

/** The translations screen as a user sees it. */
function screen(page: Page) {
  const table = page.getByRole('table', { name: 'Captions and their translations' });
  return {
    heading: page.getByRole('heading', { level: 1 }),
    table,
    language: page.getByRole('combobox', { name: 'Language', exact: true }),
    count: page.getByText(/^\d+ of \d+ captions$/),
    status: page.getByRole('status').filter({ hasText: /translated value/ }),
    undo: page.getByRole('button', { name: 'Undo' }),
    filter: (heading: string) => page.getByRole('combobox', { name: `Filter by ${heading}`, exact: true }),
    bodyRows: table.locator('tbody tr[aria-rowindex]'),
    /** The rendered body rows' cells of one column (1-based), as text. */
    column: (n: number) => table.locator(`tbody tr[aria-rowindex] td:nth-child(${n})`),
    valueButton: (path: string) =>
      table.getByRole('button', { name: new RegExp(`^Edit the translated value of ${escape(path)}:`) }),
    valueInput: (path: string) => table.getByRole('textbox', { name: `Translated value of ${path}` }),
  };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function openTranslations(page: Page, signIn: () => Promise<void>) {
  await signIn();
  await page.goto('/translations');
  await expect(screen(page).heading).toHaveText('Translations', { timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect(screen(page).count).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
}

/** Types into a heading's filter and picks the value from its list (an exact match). */
async function pickFilter(page: Page, heading: string, value: string) {
  const input = screen(page).filter(heading);
  await input.fill(value);
  await page.getByRole('option', { name: value, exact: true }).click();
  await expect(input).toHaveValue(value);
}

async function chooseLanguage(page: Page, name: string) {
  await screen(page).language.click();
  await page.getByRole('option', { name }).click();
  await expect(screen(page).language).toHaveValue(name);
}

/** Every shown cell matches, once the (deferred) filter has settled: retried until it does. */
async function expectEvery(cells: Locator, expected: string | RegExp) {
  const matches = (text: string) =>
    typeof expected === 'string' ? text.trim().includes(expected) : expected.test(text.trim());
  await expect
    .poll(async () => {
      const texts = await cells.allInnerTexts();
      return texts.length > 0 && texts.every(matches) ? 'all match' : texts.join(' | ');
    })
    .toBe('all match');
}

test.describe('translations screen', () => {
  test('filters by each column through its combobox; tooltips explain the keyword, variants and nested paths', async ({
    page,
    signIn,
  }, testInfo) => {
    await openTranslations(page, signIn);
    const s = screen(page);
    await expect(s.table.getByRole('columnheader')).toHaveText([
      /^Translation Type/,
      /^Feature Name/,
      /^Translation Path/,
      /^Translation Key/,
      /^Translated Value/,
    ]);
    await expect(s.language).toHaveValue('English');

    await pickFilter(page, 'Feature Name', 'Login');
    await expectEvery(s.column(2), /^Login$/);
    await pickFilter(page, 'Translation Type', 'Button');
    await expectEvery(s.column(1), /^Button$/);
    await expectEvery(s.column(2), /^Login$/);
    await s.filter('Translation Type').clear();
    // Typed text matches anywhere, in any case.
    await s.filter('Translation Key').fill('userNAME');
    await expect(s.table.getByRole('cell', { name: 'username', exact: true })).toBeVisible();
    await expectEvery(s.column(4), /username/i);
    await pickFilter(page, 'Translation Path', 'username');
    await expect(s.bodyRows).toHaveCount(1);
    await expect(s.count).toHaveText(/^1 of \d+ captions$/);
    // English has no translated values: the default shows and says so.
    await expect(s.bodyRows.first().getByText('uses default')).toBeVisible();
    await saveScreenshot(page, testInfo, 'translations-filtered-1280');

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(s.filter('Feature Name')).toHaveValue('');
    await chooseLanguage(page, 'Español');
    await s.filter('Translated Value').fill('Entrar');
    await expectEvery(s.column(5), /Entrar/);

    // Tooltips: on hover and on keyboard focus.
    await page.getByRole('button', { name: 'About Translation Path' }).hover();
    const tooltip = page.getByRole('tooltip');
    await expect(tooltip).toContainText('DEFAULT_CONTROL_VALUE');
    await expect(tooltip).toContainText('double colon: submit::loading');
    await page.mouse.move(0, 0);
    await expect(tooltip).toHaveCount(0);
    // Keyboard focus (Tab from the filter before it) opens it too.
    await s.filter('Translation Type').focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'About Feature Name' })).toBeFocused();
    await expect(tooltip).toContainText('joined by underscores: Admin_Settings');
    await expect(page.getByRole('button', { name: 'About Feature Name' })).toHaveAttribute('aria-describedby', /.+/);
    await saveScreenshot(page, testInfo, 'translations-tooltip-1280');
    await expectNoSeriousViolations(page);
  });

  test('an edited Spanish caption is saved, survives a reload, and Undo restores the one before', async ({
    page,
    signIn,
  }) => {
    const key = { itemType: 'Label', formName: 'Login', controlName: 'tagline' };
    const path = 'Login.tagline (Label)';
    const original = await readCaption(key, 'es');
    try {
      await openTranslations(page, signIn);
      const s = screen(page);
      await chooseLanguage(page, 'Español');
      await pickFilter(page, 'Feature Name', 'Login');
      await s.filter('Translation Path').fill('tagline');
      await expect(s.bodyRows).toHaveCount(1);

      // Escape leaves the value as it was.
      await s.valueButton(path).click();
      await s.valueInput(path).fill('Nada que guardar');
      await s.valueInput(path).press('Escape');
      await expect(s.valueInput(path)).toHaveCount(0);
      await expect(s.valueButton(path)).toBeFocused();

      // Enter on the cell opens the input; Enter in it saves.
      await s.valueButton(path).press('Enter');
      await s.valueInput(path).fill('Seguridad E2E primero');
      const saved = page.waitForResponse(
        (r) => r.request().method() === 'PUT' && r.url().includes('/api/translations/'),
      );
      await s.valueInput(path).press('Enter');
      expect((await saved).status()).toBe(200);
      await expect(s.valueButton(path)).toContainText('Seguridad E2E primero');
      await expect(s.status).toHaveText(/Saved the translated value of Login\.tagline \(Label\)\./);
      expect(await readCaption(key, 'es')).toBe('Seguridad E2E primero');

      await page.reload();
      await expect(s.count).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
      await chooseLanguage(page, 'Español');
      await s.filter('Translation Path').fill('tagline');
      await s.filter('Feature Name').fill('Login');
      await expect(s.valueButton(path)).toContainText('Seguridad E2E primero');

      // A second edit, then Undo: back to the first through the API.
      await s.valueButton(path).click();
      await s.valueInput(path).fill('Otra versión');
      await s.valueInput(path).press('Enter');
      await expect(s.valueButton(path)).toContainText('Otra versión');
      await s.undo.click();
      await expect(s.status).toHaveText(/Restored the earlier translated value of Login\.tagline \(Label\)\./);
      await expect(s.valueButton(path)).toContainText('Seguridad E2E primero');
      expect(await readCaption(key, 'es')).toBe('Seguridad E2E primero');

      // Emptied: the caption uses its default again.
      await s.valueButton(path).click();
      await s.valueInput(path).fill('');
      await s.valueInput(path).press('Enter');
      await expect(s.valueButton(path)).toContainText('uses default');
      expect(await readCaption(key, 'es')).toBeNull();
    } finally {
      await restoreCaption(key, 'es', original);
    }
  });

  test('editing a caption of the language on screen changes it at once, without a reload', async ({
    page,
    signIn,
  }, testInfo) => {
    const key = { itemType: 'Label', formName: 'Translations_Columns', controlName: 'controlName' };
    const path = 'Translations_Columns.controlName (Label)';
    const original = await readCaption(key, 'en');
    try {
      await openTranslations(page, signIn);
      const s = screen(page);
      await pickFilter(page, 'Feature Name', 'Translations_Columns');
      await s.filter('Translation Path').fill('controlName');
      await expect(s.bodyRows).toHaveCount(1);
      const requests: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'document') requests.push(r.url());
      });

      // A failed save keeps the typed text and says why.
      await page.route('**/api/translations/*/languages/*', (route) =>
        route.fulfill({ status: 500, json: { code: 'INTERNAL', message: 'Database unavailable' } }),
      );
      await s.valueButton(path).click();
      await s.valueInput(path).fill('Not saved');
      await s.valueInput(path).press('Enter');
      await expect(page.getByRole('alert').filter({ hasText: 'could not be saved' })).toContainText(
        'Database unavailable',
      );
      await expect(s.valueInput(path)).toHaveValue('Not saved');
      await expect(s.valueInput(path)).toHaveAttribute('aria-invalid', 'true');
      await saveScreenshot(page, testInfo, 'translations-save-failed-1280');
      await page.unrouteAll();
      await s.valueInput(path).press('Escape');

      await s.valueButton(path).click();
      await s.valueInput(path).fill('Path of the control');
      await s.valueInput(path).press('Enter');
      await expect(s.table.getByRole('columnheader').nth(2)).toHaveText(/^Path of the control/);
      await expect(page.getByRole('combobox', { name: 'Filter by Path of the control', exact: true })).toHaveValue(
        'controlName',
      );

      await s.valueButton(path).click();
      await s.valueInput(path).fill('');
      await s.valueInput(path).press('Enter');
      await expect(s.table.getByRole('columnheader').nth(2)).toHaveText(/^Translation Path/);
      expect(requests).toEqual([]);
    } finally {
      await restoreCaption(key, 'en', original);
    }
  });

  // How quick the filter is gets recorded beside the test, not asserted: on a loaded 2-core machine a
  // wall-clock bound fails for reasons that are not the screen's.
  test('5,000 more captions: filtering finds the row and only the rows in view are in the page', async ({
    page,
    signIn,
  }, testInfo) => {
    await withDatabase((client) =>
      client.query(
        `insert into captions (item_type, form_name, control_name, default_caption)
         select 'Label', 'E2E_Bulk', 'bulk' || g, 'Bulk caption number ' || g from generate_series(1, 5000) g
         on conflict do nothing`,
      ),
    );
    try {
      await openTranslations(page, signIn);
      const s = screen(page);
      const total = Number((await s.count.innerText()).match(/of (\d+)/)?.[1]);
      expect(total).toBeGreaterThanOrEqual(5_000);
      expect(await s.bodyRows.count()).toBeLessThan(60);

      // Scrolled to the end: the last rows render, still only a window of them.
      await page.getByRole('region', { name: 'Captions and their translations' }).evaluate((el) => {
        el.scrollTop = el.scrollHeight;
      });
      await expect(s.table.locator(`tbody tr[aria-rowindex="${total + 1}"]`)).toBeVisible();
      expect(await s.bodyRows.count()).toBeLessThan(60);

      const started = Date.now();
      await s.filter('Translation Path').fill('bulk4321');
      await expect(s.table.getByRole('cell', { name: 'Bulk caption number 4321', exact: true })).toBeVisible();
      const filterMs = Date.now() - started;
      await testInfo.attach('filter-timing.json', {
        body: JSON.stringify({ rows: total, filterMs }),
        contentType: 'application/json',
      });
      await expect(s.count).toHaveText(`1 of ${total} captions`);

      await s.filter('Translation Path').clear();
      await pickFilter(page, 'Feature Name', 'E2E_Bulk');
      await expect(s.count).toHaveText(`5000 of ${total} captions`);
      expect(await s.bodyRows.count()).toBeLessThan(60);
      await saveScreenshot(page, testInfo, 'translations-bulk-1280');
    } finally {
      await withDatabase((client) => client.query(`delete from captions where form_name = 'E2E_Bulk'`));
    }
  });

  test('a user without the Translations permission does not get the screen', async ({ page, signIn }) => {
    await signIn({ user: demo.worker.userName });
    await page.goto('/translations');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Translations');
    await expect(
      page.getByText(
        'You do not have permission to open this page. An administrator can grant it through your groups.',
      ),
    ).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
    await expect(page.getByRole('table')).toHaveCount(0);
  });

  test('holds at 390 px: the table scrolls inside its box', async ({ page, signIn }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openTranslations(page, signIn);
    await expectNoSidewaysScroll(page, 390);
    await expect(screen(page).filter('Feature Name')).toBeVisible();
    await saveScreenshot(page, testInfo, 'translations-390');
    await expectNoSeriousViolations(page);
  });
});
