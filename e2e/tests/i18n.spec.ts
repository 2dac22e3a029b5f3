import type { Page } from '@playwright/test';
import { withDatabase } from '../support/database';
import { expect, test } from '../support/fixtures';
import { demo } from '../support/hasp';
import { expectNoSeriousViolations, saveScreenshot } from '../support/quality';

/** Sets a caption's Spanish text straight in the e2e database, returning what it was (null: none). */
function setSpanishCaption(key: { itemType: string; formName: string; controlName: string }, text: string | null) {
  return withDatabase(async (client) => {
    const ids = await client.query<{ caption_id: number; language_id: number; previous: string | null }>(
      `select c.id as caption_id, l.id as language_id, t.preferred_caption as previous
         from captions c cross join languages l
         left join caption_translations t on t.caption_id = c.id and t.language_id = l.id
        where c.item_type = $1 and c.form_name = $2 and c.control_name = $3 and l.code = 'es'`,
      [key.itemType, key.formName, key.controlName],
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
    return row.previous;
  });
}

/** A device whose last language was Spanish (the login screen speaks it before anyone signs in). */
async function useSpanishDevice(page: Page) {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('e2e:language-set')) {
      localStorage.setItem('hasp:language', 'es');
      sessionStorage.setItem('e2e:language-set', '1');
    }
  });
}

const spanishLogin = (page: Page) => ({
  heading: page.getByRole('heading', { name: 'Iniciar sesión' }),
  username: page.getByLabel('Usuario'),
  password: page.getByLabel(/^Contraseña/),
  submit: page.getByRole('button', { name: 'Entrar' }),
});

test.describe('captions and languages', () => {
  test('the login and the shell speak Spanish, and an edited caption shows without a rebuild', async ({
    page,
  }, testInfo) => {
    const loginKey = { itemType: 'Label', formName: 'Login', controlName: 'username' };
    const shellKey = { itemType: 'Label', formName: 'Shell', controlName: 'facility' };
    await useSpanishDevice(page);

    await page.goto('/login');
    const login = spanishLogin(page);
    await expect(login.heading).toBeVisible();
    await expect(login.submit).toBeVisible();
    await expectNoSeriousViolations(page);
    await saveScreenshot(page, testInfo, 'login-es-1280');

    // Validation messages are captions too.
    await login.submit.click();
    await expect(page.getByText('El usuario y la contraseña son obligatorios para iniciar sesión')).toBeVisible();

    const previousLogin = await setSpanishCaption(loginKey, 'Nombre de usuario (e2e)');
    const previousShell = await setSpanishCaption(shellKey, 'Planta (e2e)');
    try {
      await page.reload();
      await expect(page.getByLabel('Nombre de usuario (e2e)')).toBeVisible();

      await page.getByLabel('Nombre de usuario (e2e)').fill(demo.supervisor.userName);
      await login.password.fill(demo.password);
      await login.submit.click();

      const topBar = page.getByRole('banner');
      await expect(topBar.getByText('Planta (e2e)', { exact: true })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Principal' }).getByText('Inicio')).toBeVisible();
      await expect(
        topBar.getByRole('button', { name: `Menú de usuario de ${demo.supervisor.displayName}` }),
      ).toBeVisible();
      await saveScreenshot(page, testInfo, 'shell-es-1280');

      // An edit while signed in shows on the next load of the captions (a reload here).
      await setSpanishCaption(shellKey, 'Planta (editada)');
      await page.reload();
      await expect(topBar.getByText('Planta (editada)', { exact: true })).toBeVisible();
    } finally {
      await setSpanishCaption(loginKey, previousLogin);
      await setSpanishCaption(shellKey, previousShell);
    }
  });

  test('English stays the default: a device with no language shows the seed texts', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(page.getByLabel('Username')).toBeVisible();
  });
});
