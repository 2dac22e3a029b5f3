import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { demo } from '../support/hasp';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { expectNoSeriousViolations, expectNoSidewaysScroll, saveScreenshot } from '../support/quality';
import { narrowToPhone, shell } from '../support/shell';
import { signIn } from '../support/sign-in';

// The page's requests go straight to the API; the service worker plays no part here.
test.use({ serviceWorkers: 'block' });

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();

/** A fresh asset under the demo area A-110, so parallel runs never share components. */
async function createAsset(request: APIRequestContext, token: string, number: string): Promise<number> {
  const headers = { authorization: `Bearer ${token}` };
  const search = await request.get('/api/assets/search', { headers, params: { q: 'A-110' } });
  const area = ((await search.json()) as { results: { node: { kind: string; ID: number; number: string } }[] }).results
    .map((r) => r.node)
    .find((n) => n.kind === 'area' && n.number === 'A-110');
  expect(area, 'demo area A-110').toBeDefined();
  const created = await request.post('/api/assets', {
    headers,
    data: {
      number,
      description: 'Belt conveyor for e2e',
      manufacturer: 'Hytrol',
      location: 'Bay 4',
      lotoRequired: true,
      status: 'in_service',
      areaId: area!.ID,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  return ((await created.json()) as { ID: number }).ID;
}

async function addEnergySource(
  page: Page,
  component: string,
  source: { type: string; magnitude: string; unit: string; stored: boolean },
) {
  await page.getByRole('button', { name: `Add energy source to ${component}` }).click();
  const drawer = page.getByRole('dialog', { name: 'New energy source' });
  await drawer.getByLabel('Energy type').selectOption({ label: source.type });
  await drawer.getByLabel('Magnitude').fill(source.magnitude);
  await drawer.getByLabel('Unit').fill(source.unit);
  if (source.stored) await drawer.getByRole('checkbox', { name: 'Stored energy' }).check();
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer).toBeHidden();
}

interface PointValues {
  code: string;
  device: string;
  location: string;
  normal: string;
  isolated: string;
  verify: string;
}

async function fillPoint(page: Page, component: string, point: PointValues) {
  await page.getByRole('button', { name: `Add isolation point to ${component}` }).click();
  const drawer = page.getByRole('dialog', { name: 'New isolation point' });
  await drawer.getByLabel('Code').fill(point.code);
  await drawer.getByLabel('Device type').selectOption({ label: point.device });
  await drawer.getByLabel('Location').fill(point.location);
  await drawer.getByLabel('Normal position').fill(point.normal);
  await drawer.getByLabel('Isolated position').fill(point.isolated);
  await drawer.getByLabel('Verification method').fill(point.verify);
  return drawer;
}

test('adds a component with two energy sources and three isolation points, one tag-only with its measure', async ({
  page,
}, testInfo) => {
  // A long walk through three dialogs with four axe scans: on 2 busy cores it needs more than 60 s.
  test.setTimeout(150_000);
  const token = await signIn(page, demo.supervisor);
  const number = `CM-${unique()}`;
  const assetId = await createAsset(page.request, token, number);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Choose the asset by searching for it; the address then names it.
  await page.goto('/assets/components-manage');
  const main = shell(page).main;
  await expect(main.getByRole('heading', { level: 1, name: 'Component Manage' })).toBeVisible({
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  await main.getByRole('searchbox', { name: 'Find an asset' }).fill(number);
  await main.getByRole('button', { name: `Open ${number} Belt conveyor for e2e` }).click();
  await expect(page).toHaveURL(new RegExp(`assetId=${assetId}$`));
  await expect(main.getByRole('heading', { level: 2, name: `${number} — Belt conveyor for e2e` })).toBeVisible();
  await expect(main.getByText('This asset has no components yet.')).toBeVisible();

  await main.getByRole('button', { name: 'Add component' }).click();
  const componentDrawer = page.getByRole('dialog', { name: 'New component' });
  await componentDrawer.getByLabel('Number').fill('C-1');
  await componentDrawer.getByLabel('Name').fill('Drive and take-up');
  await componentDrawer.getByRole('button', { name: 'Save' }).click();
  await expect(componentDrawer).toBeHidden();
  await expect(main.getByRole('heading', { level: 4, name: 'C-1 — Drive and take-up' })).toBeVisible();

  await addEnergySource(page, 'C-1', { type: 'Electrical', magnitude: '480', unit: 'V', stored: false });
  await addEnergySource(page, 'C-1', { type: 'Pneumatic', magnitude: '120', unit: 'psi', stored: true });

  let drawer = await fillPoint(page, 'C-1', {
    code: 'E-1',
    device: 'disconnect switch',
    location: 'MCC-2 bucket 7',
    normal: 'On',
    isolated: 'Off',
    verify: 'Try start; test for absence of voltage',
  });
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer).toBeHidden();
  drawer = await fillPoint(page, 'C-1', {
    code: 'P-1',
    device: 'valve',
    location: 'Air header',
    normal: 'Open',
    isolated: 'Closed',
    verify: 'Gauge PI-3 reads 0 psi',
  });
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer).toBeHidden();

  // Tag only: the measure appears; saving without it is refused at the field, and what was typed stays.
  drawer = await fillPoint(page, 'C-1', {
    code: 'P-2',
    device: 'valve',
    location: 'Take-up cylinder',
    normal: 'Open',
    isolated: 'Closed',
    verify: 'Cylinder rod does not move',
  });
  await expect(drawer.getByLabel('Extra protective measure')).toBeHidden();
  await drawer.getByRole('radio', { name: 'Tag only' }).check();
  const measure = drawer.getByLabel('Extra protective measure');
  await expect(measure).toBeVisible();
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(
    drawer.getByText('A tag-only point needs the extra protective measure (OSHA 1910.147 (c)(3))'),
  ).toBeVisible();
  await expect(measure).toHaveAttribute('aria-invalid', 'true');
  await expect(drawer.getByLabel('Code')).toHaveValue('P-2');
  await saveScreenshot(page, testInfo, 'component-manage-tag-only-error-1280');
  await measure.fill('Valve handle removed and blocked; second valve closed');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer).toBeHidden();

  // A photo of E-1, shown from the server.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload photo of E-1' }).click();
  await (await chooser).setFiles(path.join(import.meta.dirname, '..', 'fixtures', 'announcement-image.png'));
  await expect(main.getByRole('img', { name: 'Photo of isolation point E-1' })).toBeVisible();

  // Everything is still there after a reload (the address keeps the asset).
  await page.reload();
  const card = main.locator('article[data-component="C-1"]');
  await expect(card.getByRole('heading', { name: 'C-1 — Drive and take-up' })).toBeVisible({
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  const sources = card.getByRole('list', { name: 'Energy sources' }).getByRole('listitem');
  await expect(sources).toHaveCount(2);
  await expect(card.locator('[data-energy-type="electrical"]')).toContainText('480 V');
  await expect(card.locator('[data-energy-type="electrical"]')).not.toContainText('Stored energy');
  await expect(card.locator('[data-energy-type="pneumatic"]')).toContainText('120 psi');
  await expect(card.locator('[data-energy-type="pneumatic"]')).toContainText('Stored energy');
  await expect(card.locator('[data-point-code]')).toHaveCount(3);
  await expect(card.locator('[data-point-code="E-1"]')).toContainText('disconnect switch');
  await expect(card.locator('[data-point-code="E-1"]')).toContainText('Lockable');
  await expect(card.locator('[data-point-code="P-1"]')).toContainText('Open → Closed');
  const tagOnly = card.locator('[data-point-code="P-2"]');
  await expect(tagOnly).toContainText('Tag only');
  await expect(tagOnly).toContainText('Valve handle removed and blocked; second valve closed');
  await expect(main.getByRole('img', { name: 'Photo of isolation point E-1' })).toBeVisible();

  await saveScreenshot(page, testInfo, 'component-manage-1280');
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page, 1280);

  // A version conflict: someone else saves the component while it is open here. The message says
  // so, what was typed stays, and after a reload the same input saves.
  await page.getByRole('button', { name: 'Edit component C-1' }).click();
  const editComponent = page.getByRole('dialog', { name: 'Edit component' });
  await editComponent.getByLabel('Name').fill('Drive, take-up and belt');
  const headers = { authorization: `Bearer ${token}` };
  const stored = (await (await page.request.get(`/api/assets/${assetId}`, { headers })).json()) as {
    components: { ID: number; version: number }[];
  };
  const other = await page.request.put(`/api/assets/components/${stored.components[0]!.ID}`, {
    headers,
    data: { number: 'C-1', name: 'Drive (changed elsewhere)', description: '', version: stored.components[0]!.version },
  });
  expect(other.status(), await other.text()).toBe(200);
  await editComponent.getByRole('button', { name: 'Save' }).click();
  await expect(editComponent.getByText(/Someone else changed this record while you were editing/)).toBeVisible();
  await expect(editComponent.getByLabel('Name')).toHaveValue('Drive, take-up and belt');
  await editComponent.getByRole('button', { name: 'Reload the asset' }).click();
  await expect(main.getByRole('heading', { level: 4, name: 'C-1 — Drive (changed elsewhere)' })).toBeAttached();
  await editComponent.getByRole('button', { name: 'Save' }).click();
  await expect(editComponent).toBeHidden();
  await expect(main.getByRole('heading', { level: 4, name: 'C-1 — Drive, take-up and belt' })).toBeVisible();

  await narrowToPhone(page);
  await expect(card.locator('[data-point-code="P-2"]')).toBeVisible();
  await saveScreenshot(page, testInfo, 'component-manage-390');
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page, 390);

  // The edit form at phone width, opened on the tag-only point: its measure is there to change.
  await page.getByRole('button', { name: 'Edit isolation point P-2' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit isolation point' });
  await expect(edit.getByLabel('Extra protective measure')).toHaveValue(
    'Valve handle removed and blocked; second valve closed',
  );
  // The drawer slides in: let it settle before the picture.
  await page.waitForTimeout(500);
  const box = await edit.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await saveScreenshot(page, testInfo, 'component-manage-edit-390');
  await expectNoSeriousViolations(page);
});
