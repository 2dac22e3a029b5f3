import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { demo } from '../support/hasp';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { expectNoSeriousViolations, expectNoSidewaysScroll, saveScreenshot } from '../support/quality';
import { narrowToPhone, shell } from '../support/shell';
import { signIn as signInThroughApi } from '../support/sign-in';

// Master List Manage: add an item, reorder by drag and by keyboard, deactivate it and see
// it leave Component Manage's picker, and an in-use item refused on delete.
test.use({ serviceWorkers: 'block' });

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** The demo press PR-001 (its component C-1 has isolation points). */
async function pressId(request: APIRequestContext, token: string): Promise<number> {
  const search = await request.get('/api/assets/search', {
    headers: { authorization: `Bearer ${token}` },
    params: { q: 'PR-001' },
  });
  const node = ((await search.json()) as { results: { node: { kind: string; ID: number; number: string } }[] }).results
    .map((r) => r.node)
    .find((n) => n.kind === 'asset' && n.number === 'PR-001');
  expect(node, 'demo asset PR-001').toBeDefined();
  return node!.ID;
}

/** The device types Component Manage's isolation point form offers, by their shown text. */
async function offeredDeviceTypes(page: Page, assetId: number): Promise<string[]> {
  await page.goto(`/assets/components-manage?assetId=${assetId}`);
  await page.getByRole('button', { name: 'Add isolation point to C-1' }).click({ timeout: FIRST_LOAD_TIMEOUT_MS });
  const drawer = page.getByRole('dialog', { name: 'New isolation point' });
  const picker = drawer.getByLabel('Device type');
  await expect(picker.locator('option', { hasText: 'valve' })).toHaveCount(1);
  const options = await picker.locator('option').allTextContents();
  await page.keyboard.press('Escape');
  return options;
}

function manager(page: Page) {
  const main = shell(page).main;
  return {
    main,
    heading: main.getByRole('heading', { level: 1, name: 'Master List Manage' }),
    items: main.locator('ol li[data-item-id]'),
    item: (value: string) => main.locator(`li[data-value="${value}"]`),
  };
}

test('adds an item, reorders it by drag and keyboard, deactivates it out of the picker, and refuses deleting one in use', async ({
  page,
  signIn,
}, testInfo) => {
  // A long journey over four screens on a shared two-core machine.
  test.setTimeout(180_000);
  const token = await signInThroughApi(page, demo.admin);
  const assetId = await pressId(page.request, token);
  await signIn();
  // Tall enough that the whole list is in view: a native drag whose target needs the page scrolled is lost.
  await page.setViewportSize({ width: 1280, height: 1400 });
  const value = `hasp-${unique()}`;
  const caption = `Group hasp ${value.slice(5)}`;

  await page.goto('/masterlist/manage');
  const screen = manager(page);
  await expect(screen.heading).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
  // Every list type on the left with its counts; the first (energy types) is chosen.
  await expect(screen.main.getByRole('button', { name: /^Tag legends/ })).toBeVisible();
  await expect(screen.main.getByRole('heading', { level: 2, name: 'Items of Energy types' })).toBeVisible();
  await screen.main.getByRole('button', { name: /^Device types/ }).click();
  await expect(page).toHaveURL(/list=device-types/);
  await expect(screen.main.getByRole('heading', { level: 2, name: 'Items of Device types' })).toBeVisible();

  // Add: the value is the key, the caption the text people read.
  await screen.main.getByRole('button', { name: 'Add item' }).click();
  const dialog = page.getByRole('dialog', { name: 'New item' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Value is required')).toBeVisible();
  await dialog.getByLabel('Value').fill(value);
  await dialog.getByLabel('Caption').fill(caption);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(screen.items.last()).toHaveAttribute('data-value', value);
  await expect(screen.item(value)).toContainText(caption);

  // A duplicate value (any case) is refused at the field.
  await screen.main.getByRole('button', { name: 'Add item' }).click();
  await dialog.getByLabel('Value').fill('VALVE');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Value: “VALVE” is already in this list')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  // The closing modal's overlay takes pointer events until it has gone: a drag begun under it is lost.
  await expect(dialog).toBeHidden();

  // Reorder by drag: the new item's handle dropped on the first item puts it first; it stays after a reload.
  // A drag lost to the browser (no dragstart) is tried again; once it is first, dropping it on itself is no move.
  await expect(async () => {
    await screen.item(value).locator('[data-drag-handle]').dragTo(screen.items.first().locator('[data-drag-handle]'));
    await expect(screen.items.first()).toHaveAttribute('data-value', value, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await expect(screen.main.getByRole('status')).toHaveText(`${caption} moved to position 1 of 9.`);
  await page.reload();
  await expect(screen.items.first()).toHaveAttribute('data-value', value, { timeout: FIRST_LOAD_TIMEOUT_MS });

  // And by keyboard: its "move down" button, pressed twice, keeps focus with the moving item.
  const down = screen.main.getByRole('button', { name: `Move ${caption} down` });
  await down.focus();
  await page.keyboard.press('Enter');
  await expect(screen.items.nth(1)).toHaveAttribute('data-value', value);
  await expect(down).toBeFocused();
  // The list takes the next move once this one is saved (a press while saving is ignored).
  await expect(screen.main.getByRole('status')).toHaveText(`${caption} moved to position 2 of 9.`);
  await page.keyboard.press('Enter');
  await expect(screen.items.nth(2)).toHaveAttribute('data-value', value);
  await expect(screen.main.getByRole('status')).toHaveText(`${caption} moved to position 3 of 9.`);

  await saveScreenshot(page, testInfo, 'master-lists-1280');
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page, 1280);

  // Component Manage's picker offers the new device type, at its place in the order …
  const before = await offeredDeviceTypes(page, assetId);
  expect(before.indexOf(caption)).toBe(before.indexOf('breaker') + 2);

  // … until it is deactivated: then the picker drops it, the manager still lists it as inactive.
  await page.goto('/masterlist/manage?list=device-types');
  await screen.main.getByRole('button', { name: `Deactivate ${caption}` }).click({ timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect(screen.item(value)).toContainText('Inactive');
  await expect(screen.main.getByRole('button', { name: `Reactivate ${caption}` })).toBeVisible();
  expect(await offeredDeviceTypes(page, assetId)).not.toContain(caption);

  // An item in use is never deleted: the refusal says so and offers to deactivate it instead.
  await page.goto('/masterlist/manage?list=device-types');
  await screen.main.getByRole('button', { name: 'Delete valve' }).click({ timeout: FIRST_LOAD_TIMEOUT_MS });
  const confirm = page.getByRole('dialog', { name: 'Delete this item?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm.getByRole('alert')).toContainText(/in use by \d+ records? and cannot be deleted/);
  await expect(confirm.getByRole('button', { name: 'Deactivate' })).toBeVisible();
  await saveScreenshot(page, testInfo, 'master-lists-delete-refused-1280');
  await expectNoSeriousViolations(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(screen.item('valve')).not.toContainText('Inactive');

  // An unused item is deleted.
  await screen.main.getByRole('button', { name: `Delete ${caption}` }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(screen.item(value)).toHaveCount(0);

  // At phone width: a select chooses the list, and the rows hold.
  await narrowToPhone(page);
  await screen.main.getByRole('combobox', { name: 'List' }).selectOption({ label: 'Tag legends' });
  await expect(screen.main.getByRole('heading', { level: 2, name: 'Items of Tag legends' })).toBeVisible();
  await expect(screen.item('DANGER — DO NOT OPERATE')).toBeVisible();
  await saveScreenshot(page, testInfo, 'master-lists-390');
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page, 390);
});

test('speaks Spanish: list names, item captions, and a preferred caption saved on Translations reaches the picker', async ({
  page,
  signIn,
}, testInfo) => {
  test.setTimeout(180_000);
  const token = await signInThroughApi(page, demo.admin);
  const headers = { authorization: `Bearer ${token}` };
  const assetId = await pressId(page.request, token);
  const items = (await (await page.request.get('/api/master-lists/device-types/items', { headers })).json()) as {
    ID: number;
    value: string;
  }[];
  const flange = items.find((i) => i.value === 'blind flange')!;
  const rows = (await (await page.request.get('/api/translations?languageId=2', { headers })).json()) as {
    captionID: number;
    itemType: string;
    controlName: string;
    preferredCaption: string | null;
  }[];
  const row = rows.find((r) => r.itemType === 'MasterList' && r.controlName === String(flange.ID))!;
  expect(row.preferredCaption).toBe('brida ciega');
  const saveSpanish = (preferredCaption: string) =>
    page.request.put(`/api/translations/${row.captionID}/languages/2`, { headers, data: { preferredCaption } });

  await page.addInitScript(() => localStorage.setItem('hasp:language', 'es'));
  await signIn();
  // Tall enough that the whole list is in view: a native drag whose target needs the page scrolled is lost.
  await page.setViewportSize({ width: 1280, height: 1400 });
  try {
    expect((await saveSpanish('brida ciega (disco de bloqueo)')).status()).toBe(200);
    await page.goto('/masterlist/manage?list=device-types');
    const main = shell(page).main;
    await expect(main.getByRole('heading', { level: 1, name: 'Gestionar listas maestras' })).toBeVisible({
      timeout: FIRST_LOAD_TIMEOUT_MS,
    });
    await expect(main.getByRole('heading', { level: 2, name: 'Elementos de Tipos de dispositivo' })).toBeVisible();
    await expect(main.locator('li[data-value="valve"]')).toContainText('válvula');
    await expect(main.locator('li[data-value="blind flange"]')).toContainText('brida ciega (disco de bloqueo)');
    await saveScreenshot(page, testInfo, 'master-lists-es-1280');
    await expectNoSeriousViolations(page);

    await page.goto(`/assets/components-manage?assetId=${assetId}`);
    // The press's isolation point E-1 shows its device type in Spanish …
    await expect(main.locator('[data-point-code="E-1"]')).toContainText('seccionador', {
      timeout: FIRST_LOAD_TIMEOUT_MS,
    });
    // … and the new point's picker offers the Spanish captions, the preferred one included.
    await page.getByRole('button', { name: 'Agregar punto de aislamiento a C-1' }).click();
    const picker = page.getByRole('dialog', { name: 'Nuevo punto de aislamiento' }).getByLabel('Tipo de dispositivo');
    await expect(picker.locator('option', { hasText: 'brida ciega (disco de bloqueo)' })).toHaveCount(1);
    await expect(picker.locator('option', { hasText: 'válvula' })).toHaveCount(1);
    await expect(picker.locator('option', { hasText: /^valve$/ })).toHaveCount(0);
  } finally {
    expect((await saveSpanish('brida ciega')).status()).toBe(200);
  }
});
