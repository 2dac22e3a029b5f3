import { expect, test } from '../support/fixtures';
import { withDatabase } from '../support/database';
import { answerQuestionsFor } from '../support/permit-questions';
import { createUserLike } from '../support/permit-users';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { expectNoSeriousViolations, expectNoSidewaysScroll, saveScreenshot } from '../support/quality';
import { phone, signedInPage } from '../support/sign-in';

// The permit screens are captions: a user whose preferred language is Spanish sees the permit
// page, a command's confirmation, its history and the permit index in Spanish (the translations
// Hasp ships, served by the real server). English stays every other user's default.
test.use({ serviceWorkers: 'block' });

test('a Spanish-speaking user sees the permit page, a confirmation, the history and the index in Spanish', async ({
  browser,
}, testInfo) => {
  const user = await createUserLike('worker', 'hablante');
  await withDatabase((client) =>
    client.query(`update users set language_id = (select id from languages where code = 'es') where user_name = $1`, [
      user.userName,
    ]),
  );
  const { page, token } = await signedInPage(browser, user);
  const auth = { authorization: `Bearer ${token}` };
  const type = (await (await page.request.get('/api/permits/types/LOTO', { headers: auth })).json()) as { ID: number };
  const title = `Cambiar el sello de la bomba ${Date.now().toString(36)}`;
  const start = new Date(Date.now() + 2 * 3_600_000);
  const created = await page.request.post('/api/permits', {
    headers: { ...auth, 'idempotency-key': crypto.randomUUID() },
    data: {
      permitTypeId: type.ID,
      title,
      description: 'El sello pierde por el lado de descarga.',
      workMethod: 'Bloquear la bomba y vaciar la carcasa.',
      areaId: null,
      assetIds: [],
      plannedStart: start.toISOString(),
      plannedEnd: new Date(start.getTime() + 4 * 3_600_000).toISOString(),
      holderId: null,
      riskLevel: 'medium',
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const permitId = ((await created.json()) as { ID: number }).ID;
  // LOTO's request questions (the permit questions spec shows them in their tab), answered first.
  await answerQuestionsFor(page.request, auth.authorization, permitId, 'request');

  await page.goto(`/Permit/Edit/${permitId}`);
  const main = page.getByRole('main');
  // The profile's language arrives with the profile: the page then speaks Spanish throughout.
  await expect(main.getByTestId('permit-status')).toHaveText('Borrador', { timeout: FIRST_LOAD_TIMEOUT_MS });
  const summary = main.getByRole('region', { name: 'Resumen del permiso' });
  await expect(summary).toContainText('Riesgo');
  await expect(summary).toContainText('Medio');
  // Dates in the app's language too: "24/11/2026, 16:56" (the plant's zone named after it when the
  // browser's is another), not "Nov 24, 2026, 4:56 PM".
  await expect(summary).toContainText(/\d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2}( [^–]+)? –/);
  await expect(main.getByTestId('permit-time-left')).toHaveText(/^Empieza en 1 h 5\d min$|^Empieza en 2 h$/);
  const details = main.getByRole('region', { name: 'Detalles' });
  await expect(details.getByLabel('Título')).toHaveValue(title);
  await expect(details.getByLabel('Método de trabajo')).toHaveValue('Bloquear la bomba y vaciar la carcasa.');
  await expect(details.getByRole('button', { name: 'Guardar' })).toBeDisabled();
  await expect(main.getByRole('region', { name: 'Personas' })).toContainText('Aún sin nombrar');
  await expect(main.getByRole('tab', { name: 'Historial' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page, phone.width);
  await saveScreenshot(page, testInfo, 'permit-es-390');

  // A command's confirmation says what happens and who is told, in Spanish.
  const steps = main.getByRole('region', { name: 'Siguientes pasos' });
  await steps.getByRole('button', { name: 'Solicitar', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('El permiso pasa de Borrador a Solicitado.');
  await expect(dialog).toContainText('Se avisa a todas las personas que pueden aprobar este tipo de permiso.');
  await expect(dialog.getByRole('button', { name: 'Volver' })).toBeVisible();
  await saveScreenshot(page, testInfo, 'permit-es-confirm-390');
  await dialog.getByRole('button', { name: 'Solicitar', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(main.getByTestId('permit-status')).toHaveText('Solicitado');

  await main.getByRole('tab', { name: 'Historial' }).click();
  const history = main.getByRole('list', { name: 'Historial del permiso' });
  await expect(history).toContainText('Creado');
  await expect(history).toContainText('Solicitar: Borrador → Solicitado');

  // The permit index too: its controls, and the permit's status on its card (a phone lists cards).
  await page.goto(`/index?q=${encodeURIComponent(title)}`);
  await expect(main.getByRole('button', { name: 'Exportar CSV' })).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect(main.getByRole('button', { name: 'Todos los permisos' })).toBeVisible();
  await expect(main.getByText('1 permiso', { exact: true })).toBeVisible();
  const card = main.getByRole('list', { name: 'Permisos' }).getByRole('link');
  await expect(card).toHaveAttribute('href', `/Permit/Edit/${permitId}`);
  await expect(card).toContainText('Solicitado');
  await expectNoSeriousViolations(page);
  await saveScreenshot(page, testInfo, 'permit-index-es-390');
});
