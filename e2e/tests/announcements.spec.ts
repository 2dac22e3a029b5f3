import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { demo } from '../support/hasp';
import { expectNoSeriousViolations, expectNoSidewaysScroll, saveScreenshot } from '../support/quality';
import { narrowToPhone, shell } from '../support/shell';

// Every announcement here has a unique title and is archived at the end, so the announcements other
// specs see at `/` are left as they were.
test.use({ serviceWorkers: 'block' });

const fixtures = path.join(import.meta.dirname, '..', 'fixtures');
const unique = (label: string) => `E2E ${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

interface StoredAnnouncement {
  ID: number;
  title: string;
  bodyHtml: string;
  status: string;
}

/** The API as one user: a bearer token from the login route (tests that are not about the UI). */
async function apiAs(request: APIRequestContext, user: string) {
  const login = await request.post('/api/login', {
    data: {
      connectionStringName: demo.connection,
      facilityId: demo.northPlant.ID,
      username: user,
      password: demo.password,
    },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  return {
    async list(): Promise<StoredAnnouncement[]> {
      const response = await request.get('/api/announcement-manager/announcements?includeArchived=true', { headers });
      expect(response.status()).toBe(200);
      return (await response.json()) as StoredAnnouncement[];
    },
    async find(title: string): Promise<StoredAnnouncement> {
      const found = (await this.list()).find((a) => a.title === title);
      expect(found, `announcement "${title}"`).toBeTruthy();
      return found!;
    },
    async create(title: string, bodyHtml: string, requiresAcknowledgement = false): Promise<StoredAnnouncement> {
      const response = await request.post('/api/announcement-manager/announcements', {
        headers,
        data: {
          title,
          bodyHtml,
          validFrom: new Date(Date.now() - 60_000).toISOString(),
          validTo: null,
          requiresAcknowledgement,
          audienceGroupIDs: [],
        },
      });
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()) as StoredAnnouncement;
    },
    async act(id: number, action: 'publish' | 'expire' | 'archive') {
      const response = await request.post(`/api/announcement-manager/announcements/${id}/${action}`, { headers });
      expect([200, 409]).toContain(response.status());
    },
  };
}

/** Archives what a test made, whatever state it reached. */
async function archiveAll(request: APIRequestContext, titles: string[]) {
  const api = await apiAs(request, demo.admin.userName);
  for (const announcement of await api.list()) {
    if (titles.includes(announcement.title) && announcement.status !== 'archived') {
      await api.act(announcement.ID, 'archive');
    }
  }
}

const editorOf = (page: Page) => page.getByRole('textbox', { name: /^Text( \*)?$/ });
const titleOf = (page: Page) => shell(page).main.getByRole('textbox', { name: /^Title( \*)?$/ });
const toolbarOf = (page: Page) => page.getByRole('toolbar', { name: 'Formatting' });

/** Selects one line of the editor by its text (click at its end, then Shift+Home). */
async function selectLine(editor: Locator, text: string) {
  await editor.locator('p, h1, h2, h3, li').filter({ hasText: text }).click();
  await editor.page().keyboard.press('End');
  await editor.page().keyboard.press('Shift+Home');
}

test.describe('announcements: the rich-text editor', () => {
  test('writes an announcement with every toolbar action, a resized and aligned image and a link; refuses what the seed does not allow', async ({
    page,
    signIn,
    request,
  }, testInfo) => {
    const title = unique('Toolbar');
    try {
      await signIn();
      await page.goto('/announcement-manager');
      const { main } = shell(page);
      await expect(main.getByRole('heading', { level: 1, name: 'Announcement Manage' })).toBeVisible();
      await main.getByRole('button', { name: 'New announcement' }).click();
      await expect(main.getByRole('heading', { level: 2, name: 'New announcement' })).toBeVisible();
      await titleOf(page).fill(title);

      const editor = editorOf(page);
      const toolbar = toolbarOf(page);
      await expect(editor).toBeVisible();
      await editor.click();
      const lines = [
        'Heading one',
        'Heading two',
        'Heading three',
        'Bold words',
        'Italic words',
        'Underlined words',
        'Linked words',
        'First step',
        'Second step',
        'A bullet point',
        'Formerly bold, now plain',
      ];
      await page.keyboard.type(lines.join('\n'));

      const apply = async (line: string, button: string) => {
        await selectLine(editor, line);
        await toolbar.getByRole('button', { name: button, exact: true }).click();
      };
      await apply('Heading one', 'Heading 1');
      await apply('Heading two', 'Heading 2');
      await apply('Heading three', 'Heading 3');
      await apply('Bold words', 'Bold');
      await apply('Italic words', 'Italic');
      await apply('Underlined words', 'Underline');
      await apply('First step', 'Numbered list');
      await apply('Second step', 'Numbered list');
      await apply('A bullet point', 'Bulleted list');
      await apply('Formerly bold, now plain', 'Bold');
      await expect(editor.locator('strong', { hasText: 'Formerly bold' })).toBeVisible();
      await apply('Formerly bold, now plain', 'Clear formatting');
      await expect(editor.locator('strong', { hasText: 'Formerly bold' })).toHaveCount(0);

      // A javascript: link is refused with a message and not added; an https link is.
      await selectLine(editor, 'Linked words');
      await toolbar.getByRole('button', { name: 'Link', exact: true }).click();
      const address = page.getByRole('textbox', { name: 'Link address' });
      await address.fill('javascript:alert(1)');
      await address.press('Enter');
      await expect(page.getByRole('alert').filter({ hasText: 'Only http, https and mailto addresses' })).toHaveText(
        'Only http, https and mailto addresses can be linked. The link was not added.',
      );
      await expect(editor.locator('a')).toHaveCount(0);
      await address.fill('https://hasp.example/lockout');
      await address.press('Enter');
      await expect(editor.locator('a', { hasText: 'Linked words' })).toHaveAttribute(
        'href',
        'https://hasp.example/lockout',
      );

      // Uploads: a file that only claims to be a PNG is refused; a real PNG is inserted.
      await editor.locator('p').filter({ hasText: 'Formerly bold' }).click();
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      let chooser = page.waitForEvent('filechooser');
      await toolbar.getByRole('button', { name: 'Insert image' }).click();
      await (await chooser).setFiles(path.join(fixtures, 'not-an-image.png'));
      await expect(page.getByText('not-an-image.png is not a PNG, GIF, JPEG, BMP, ICO or SVG image.')).toBeVisible();
      chooser = page.waitForEvent('filechooser');
      await toolbar.getByRole('button', { name: 'Insert image' }).click();
      await (await chooser).setFiles(path.join(fixtures, 'announcement-image.png'));
      const image = editor.locator('img');
      await expect(image).toHaveCount(1);
      await expect(image).toHaveAttribute('src', /^data:image\/png;base64,/);

      // Resize by dragging the handle, then centre it.
      await image.click();
      const handle = page.getByRole('button', { name: /^Resize handle/ });
      await expect(handle).toBeVisible();
      const box = (await handle.boundingBox())!;
      const before = (await image.boundingBox())!.width;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x - 40, box.y - 25, { steps: 8 });
      await page.mouse.up();
      await expect.poll(async () => (await image.boundingBox())!.width).toBeLessThan(before - 20);
      await page
        .getByRole('toolbar', { name: 'Image size and alignment' })
        .getByRole('button', { name: 'Center' })
        .click();
      await expect(image).toHaveCSS('display', 'block');

      // Pasted HTML: an image with a file: or ftp: address is left out, with a message. (A click on
      // the text closes the image's overlay.)
      await editor.locator('h1').click();
      await expect(page.getByRole('toolbar', { name: 'Image size and alignment' })).toBeHidden();
      await page.keyboard.press('Control+End');
      await editor.evaluate((root) => {
        const data = new DataTransfer();
        data.setData('text/html', '<p>Pasted</p><img src="file:///etc/passwd"><img src="ftp://hasp.example/x.png">');
        data.setData('text/plain', 'Pasted');
        root.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      });
      await expect(page.getByText('An image whose address is not http, https or data was left out.')).toBeVisible();
      await expect(editor.locator('img')).toHaveCount(1);

      await expectNoSeriousViolations(page);
      await saveScreenshot(page, testInfo, 'announcements-editor-1280');
      await narrowToPhone(page);
      await expectNoSidewaysScroll(page, 390);
      await saveScreenshot(page, testInfo, 'announcements-editor-390');
      await page.setViewportSize({ width: 1280, height: 800 });

      await main.getByRole('button', { name: 'Save' }).click();
      await expect(main.getByRole('heading', { level: 2, name: title })).toBeVisible();

      const stored = await (await apiAs(request, demo.admin.userName)).find(title);
      const html = stored.bodyHtml;
      expect(html).toContain('<h1>Heading one</h1>');
      expect(html).toContain('<h2>Heading two</h2>');
      expect(html).toContain('<h3>Heading three</h3>');
      expect(html).toContain('<strong>Bold words</strong>');
      expect(html).toContain('<em>Italic words</em>');
      expect(html).toContain('<u>Underlined words</u>');
      expect(html).toMatch(/<a href="https:\/\/hasp\.example\/lockout"[^>]*>Linked words<\/a>/);
      expect(html).toContain('<ol><li>First step</li><li>Second step</li></ol>');
      expect(html).toContain('<ul><li>A bullet point</li></ul>');
      expect(html).toContain('<p>Formerly bold, now plain</p>');
      expect(html).toMatch(/<img [^>]*src="data:image\/png;base64,/);
      expect(html).toMatch(/<img [^>]*alt="announcement image"/);
      expect(html).toMatch(/<img [^>]*style="[^"]*width:\d+(\.\d+)?px/);
      expect(html).toMatch(/<img [^>]*style="[^"]*display:block;margin:0px auto/);
      expect(html).not.toMatch(/javascript:|file:|ftp:/);

      // Opened again, the image keeps its size and its centring.
      const item = main.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
      await item.getByRole('button', { name: 'Edit' }).click();
      await expect(editorOf(page).locator('img')).toHaveCSS('display', 'block');
      await expect(editorOf(page).locator('img')).toHaveCSS('margin-left', /^[1-9]/);
    } finally {
      await archiveAll(request, [title]);
    }
  });

  test('hostile HTML sent straight to the API runs nothing when it is shown', async ({ page, signIn, request }) => {
    const title = unique('Hostile');
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    try {
      const api = await apiAs(request, demo.admin.userName);
      const created = await api.create(
        title,
        [
          '<p>Hostile body</p>',
          '<img src=x onerror=alert(1)>',
          '<a href="javascript:alert(2)">click</a>',
          '<svg><script>alert(3)</script></svg>',
          '<img src="data:image/svg+xml;base64,' +
            Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(4)"></svg>').toString('base64') +
            '">',
          '<p onclick="alert(5)" style="background:url(javascript:alert(6))">styled</p>',
          '<iframe src="javascript:alert(7)"></iframe><script>alert(8)</script>',
        ].join(''),
      );
      await api.act(created.ID, 'publish');
      await signIn();
      await page.goto('/announcements');
      const card = shell(page)
        .main.getByRole('article')
        .filter({ has: page.getByRole('heading', { name: title }) });
      await expect(card.getByText('Hostile body')).toBeVisible();
      await card.getByText('click').click();
      await page.waitForTimeout(500);
      expect(dialogs).toEqual([]);
      expect(await card.locator('script, iframe, svg, [onerror], [onload], [onclick]').count()).toBe(0);
      expect(await card.locator('a[href^="javascript"]').count()).toBe(0);
    } finally {
      await archiveAll(request, [title]);
    }
  });
});

test.describe('announcements: reading, acknowledging and managing', () => {
  test('a worker acknowledges; the manager sees who and when, then expires and archives it', async ({
    page,
    context,
    signIn,
    request,
  }, testInfo) => {
    const title = unique('Acknowledge');
    try {
      const api = await apiAs(request, demo.admin.userName);
      await api.create(title, '<h2>Line 3 audit</h2><p>Read and <strong>acknowledge</strong>.</p>', true);

      // The manager publishes it from the list (drafts filter).
      await signIn();
      await page.goto('/announcement-manager?status=draft');
      const { main } = shell(page);
      const managed = () => main.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
      await expect(main.getByLabel('Status')).toHaveValue('draft');
      await managed().getByRole('button', { name: 'Publish' }).click();
      await expect(managed()).toHaveCount(0);
      await main.getByLabel('Status').selectOption('published');
      await expect(managed().getByText('Published', { exact: true })).toBeVisible();
      await expectNoSeriousViolations(page);
      await saveScreenshot(page, testInfo, 'announcements-manager-1280');
      await narrowToPhone(page);
      await expectNoSidewaysScroll(page, 390);
      await saveScreenshot(page, testInfo, 'announcements-manager-390');
      await page.setViewportSize({ width: 1280, height: 800 });

      // The worker reads it and acknowledges.
      await signIn({ user: demo.worker.userName });
      await page.goto('/announcements');
      const card = main.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
      await expect(card.getByRole('heading', { level: 2, name: 'Line 3 audit' })).toBeVisible();
      await expect(card.getByText(`Posted by ${demo.admin.displayName}`)).toBeVisible();
      await card.getByRole('button', { name: 'Acknowledge' }).click();
      await expect(card.getByText(/^You acknowledged this on /)).toBeVisible();
      await expect(card.getByRole('button', { name: 'Acknowledge' })).toHaveCount(0);
      await expectNoSeriousViolations(page);
      await saveScreenshot(page, testInfo, 'announcements-page-1280');
      await narrowToPhone(page);
      await expectNoSidewaysScroll(page, 390);
      await saveScreenshot(page, testInfo, 'announcements-page-390');
      await page.setViewportSize({ width: 1280, height: 800 });

      // Offline, the announcements loaded last stay readable.
      await context.setOffline(true);
      await expect(page).toHaveURL('/offline/dashboard');
      await shell(page).sidebar.getByRole('link', { name: 'Home' }).click();
      await expect(page).toHaveURL('/announcements');
      await expect(
        main.getByText('You are offline. These are the announcements last loaded on this device.'),
      ).toBeVisible();
      await expect(card.getByText(/^You acknowledged this on /)).toBeVisible();
      await context.setOffline(false);

      // The manager sees who acknowledged, and when; then expires and archives it.
      await signIn();
      await page.goto('/announcement-manager');
      await managed().getByRole('button', { name: 'Who acknowledged' }).click();
      const dialog = page.getByRole('dialog', { name: 'Who acknowledged' });
      const row = dialog.getByRole('row').filter({ hasText: demo.worker.displayName });
      await expect(row.getByRole('cell', { name: demo.worker.userName, exact: true })).toBeVisible();
      await expect(row.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
      await expectNoSeriousViolations(page);
      await dialog.getByRole('button', { name: 'Close' }).click();

      await managed().getByRole('button', { name: 'Expire' }).click();
      await expect(managed().getByText('Expired', { exact: true })).toBeVisible();
      await managed().getByRole('button', { name: 'Archive' }).click();
      const confirm = page.getByRole('dialog', { name: 'Archive this announcement?' });
      await confirm.getByRole('button', { name: 'Archive' }).click();
      await expect(confirm).toBeHidden();
      await expect(managed()).toHaveCount(0);
      await main.getByLabel('Status').selectOption('archived');
      await expect(managed().getByText('Archived', { exact: true })).toBeVisible();
      await expect(managed().getByRole('button', { name: 'Edit' })).toHaveCount(0);
    } finally {
      await context.setOffline(false);
      await archiveAll(request, [title]);
    }
  });

  test('a refused save keeps every word and names the field, from the form and from the server', async ({
    page,
    signIn,
  }) => {
    await signIn();
    await page.goto('/announcement-manager?edit=new');
    const { main } = shell(page);
    const title = unique('Refused');
    await titleOf(page).fill(title);
    await editorOf(page).click();
    await page.keyboard.type('Words that must survive');
    await main.getByLabel('Valid to').fill('2001-01-01T08:00');
    await main.getByRole('button', { name: 'Save' }).click();
    await expect(main.getByText('Valid to must be after valid from')).toBeVisible();
    await expect(main.getByRole('alert').filter({ hasText: 'The announcement was not saved.' })).toBeVisible();
    await expect(editorOf(page)).toContainText('Words that must survive');

    // Only spaces: the form sends it, the server answers that the text is required, at the editor.
    await main.getByLabel('Valid to').fill('');
    await editorOf(page).click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('   ');
    const answer = page.waitForResponse('**/api/announcement-manager/announcements');
    await main.getByRole('button', { name: 'Save' }).click();
    expect((await answer).status()).toBe(400);
    await expect(editorOf(page)).toHaveAccessibleDescription(/Text is required/);
    await expect(titleOf(page)).toHaveValue(title);
  });

  test('the standalone manager works outside the main layout, and refuses users without the permission', async ({
    page,
    signIn,
  }) => {
    await signIn();
    await page.goto('/announcement-manager/window');
    await expect(page.getByRole('heading', { level: 1, name: 'Announcement Manage' })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'New announcement' })).toBeVisible();
    await expectNoSeriousViolations(page);

    await signIn({ user: demo.worker.userName });
    await page.goto('/announcement-manager');
    await expect(shell(page).main.getByText(/You do not have permission to open this page/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'New announcement' })).toHaveCount(0);
  });
});
