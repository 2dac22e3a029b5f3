import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page, TestInfo } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { answerQuestionsFor, lifecycleCommandOf } from '../support/permit-questions';
import { withDatabase } from '../support/database';
import { demo, signInWithForm } from '../support/hasp';
import { issueLock, readPlan } from '../support/isolation';
import { createUserLike, type PermitTestUser } from '../support/permit-users';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { expectNoSeriousViolations, expectNoSidewaysScroll, saveScreenshot } from '../support/quality';
import { phone, signedInPage } from '../support/sign-in';
import { signInDialog } from '../support/signatures';

// The journey on phones (390×844), through the screens: a LOTO permit on press PR-001 (three
// points) isolated through its plan, locks and tags; a two-person crew on the lockbox with a shift
// handover; one abandoned sign-on lock removed by the supervisor with the applier's acknowledgement
// at their next sign-in; a tag's QR address watched signed out; then release and close. Only the
// draft, its request and approval are set up through the API (the permits spec walks those screens).
test.use({ serviceWorkers: 'block' });

const shots = '/tmp/shots-journey';

type Signed = { page: Page; token: string; user: PermitTestUser };

async function signedIn(browser: Browser, user: PermitTestUser): Promise<Signed> {
  return { ...(await signedInPage(browser, user)), user };
}

async function api(who: Signed, url: string, data: object = {}) {
  // LOTO asks checklist questions at request, issue, accept and close (their own spec shows the tab).
  const lifecycle = lifecycleCommandOf(url);
  if (lifecycle) await answerQuestionsFor(who.page.request, `Bearer ${who.token}`, lifecycle.permitId, lifecycle.verb);
  const response = await who.page.request.post(url, {
    headers: { authorization: `Bearer ${who.token}`, 'idempotency-key': crypto.randomUUID() },
    data,
  });
  expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
  return (await response.json()) as { ID: number };
}

const main = (page: Page) => page.getByRole('main');
const plan = (page: Page) => main(page).getByRole('region', { name: 'Isolation plan' });
const nextStep = (page: Page) => plan(page).getByRole('status');
const point = (page: Page, code: string) => plan(page).getByRole('article', { name: code, exact: true });
const pointList = (page: Page) => plan(page).getByRole('navigation', { name: 'Isolation points' });
/** Opens a point's card from the list of points (the section shows one card at a time). */
async function openPoint(page: Page, code: string) {
  await pointList(page)
    .getByRole('button', { name: new RegExp(`^${code}: `) })
    .click();
  await expect(point(page, code)).toBeVisible();
}
const bar = (page: Page) => main(page).getByRole('region', { name: 'Next steps' });
const status = (page: Page) => main(page).getByTestId('permit-status');
const tagCard = (page: Page, number: string) => main(page).getByTestId('tag-card').filter({ hasText: number });

async function tab(page: Page, name: 'Isolation' | 'Tags' | 'Crew', url?: string) {
  if (url) await page.goto(url);
  await main(page).getByRole('tab', { name }).click({ timeout: FIRST_LOAD_TIMEOUT_MS });
}

/**
 * A lifecycle command from the permit's Next steps bar and its confirmation. `who` answers the
 * stage's checklist questions first (through their commands: the Questions tab has its own spec).
 */
const signedCommands = new Set(['Approve', 'Issue', 'Accept', 'Hand over', 'Complete work']);

async function give(page: Page, command: string, to: string, who?: { signed: Signed; permitId: number }) {
  if (who) {
    const verb = command.toLowerCase();
    await answerQuestionsFor(who.signed.page.request, `Bearer ${who.signed.token}`, who.permitId, verb);
  }
  await bar(page).getByRole('button', { name: command, exact: true }).click({ timeout: FIRST_LOAD_TIMEOUT_MS });
  const dialog = page.getByRole('dialog');
  // The verbs that hand over responsibility are signed with the signer's password in the dialog.
  if (signedCommands.has(command)) await signInDialog(dialog, command);
  else await dialog.getByRole('button', { name: command, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(status(page)).toHaveText(to);
}

/** Screenshot to /tmp/shots-journey, the 390 px checks (no sideways scroll, every button ≥ 44 px tall) and axe. */
async function floor(page: Page, testInfo: TestInfo, name: string, scope?: string, show?: Locator) {
  await expectNoSidewaysScroll(page, phone.width);
  const root = scope ? page.locator(scope) : main(page);
  const small = await root.getByRole('button').evaluateAll((els) =>
    els
      .filter((e) => (e as HTMLElement).offsetParent !== null)
      .map((e) => ({
        name: (e.textContent ?? '').trim() || e.getAttribute('aria-label'),
        h: e.getBoundingClientRect().height,
      }))
      .filter((b) => b.h > 0 && b.h < 44),
  );
  expect(small, `buttons under 44 px on ${name}`).toEqual([]);
  await expectNoSeriousViolations(page, scope);
  // The shell scrolls inside the page, so a full-page shot is one screen: bring the point of the step into it.
  if (show) await show.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
  await saveScreenshot(page, testInfo, `loto-journey-${name}`);
}

test('a LOTO permit with three points and a two-person crew goes from isolation to close on phones', async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  mkdirSync(shots, { recursive: true });
  const suffix = Date.now().toString(36);
  const people = await Promise.all([
    createUserLike('worker', 'lj-requester'),
    createUserLike('supervisor', 'lj-approver'),
    createUserLike('supervisor', 'lj-issuer'),
    createUserLike('worker', 'lj-holder'),
    createUserLike('worker', 'lj-fitter-a'),
    createUserLike('worker', 'lj-fitter-b'),
    createUserLike('worker', 'lj-night'),
  ]);
  const [r, a, i, h, fa, fb, n] = (await Promise.all(people.map((u) => signedIn(browser, u)))) as [
    Signed,
    Signed,
    Signed,
    Signed,
    Signed,
    Signed,
    Signed,
  ];
  const ids = await withDatabase(async (client) => ({
    type: (await client.query<{ id: number }>(`select id from permit_types where facility_id = 1 and code = 'LOTO'`))
      .rows[0]!.id,
    press: (await client.query<{ id: number }>(`select id from assets where facility_id = 1 and number = 'PR-001'`))
      .rows[0]!.id,
    holder: (await client.query<{ id: number }>('select id from users where user_name = $1', [h.user.userName]))
      .rows[0]!.id,
    people: new Map(
      (
        await client.query<{ id: number; user_name: string }>(
          'select id, user_name from users where user_name = any($1)',
          [[i.user.userName, fa.user.userName, fb.user.userName, n.user.userName]],
        )
      ).rows.map((row) => [row.user_name, row.id]),
    ),
  }));
  // Padlocks registered and issued through Lock Manage's commands by the issuer, who manages locks.
  const issueLockTo = (who: Signed) => issueLock(i, ids.people.get(who.user.userName)!);
  // Begun five minutes ago: the holder accepts it in this journey, and accept waits for the start.
  const start = Date.now() - 5 * 60_000;
  const permit = await api(r, '/api/permits', {
    permitTypeId: ids.type,
    title: `Press PR-001 ram seals, crew of two ${suffix}`,
    description: 'Ram seals of PR-001 leak; two fitters replace them.',
    workMethod: 'Lock out electrical and hydraulic energy; group lockout for the fitters.',
    areaId: null,
    assetIds: [ids.press],
    plannedStart: new Date(start).toISOString(),
    plannedEnd: new Date(start + 8 * 3_600_000).toISOString(),
    holderId: ids.holder,
    // Medium: one approval stage (the two-stage approval of high risk is signatures.spec's).
    riskLevel: 'medium',
  });
  const url = `/Permit/Edit/${permit.ID}`;
  await api(r, `/api/permits/${permit.ID}/commands/request`);
  await api(a, `/api/permits/${permit.ID}/commands/approve`, { password: demo.password }); // signs with the password
  // The issuer's own padlocks for the two lockable points (the lock board's screen is the locks spec's).
  const locks = { 'E-1': await issueLockTo(i), 'H-1': await issueLockTo(i) };

  // --- Isolation: the issuer fills the plan and walks the (d) steps on the phone.
  const ip = i.page;
  await tab(ip, 'Isolation', url);
  await nextStep(ip).getByRole('button', { name: 'Fill from the assets' }).click();
  // One guided card, the current point; the list names every point with its state.
  await expect(plan(ip).getByRole('article')).toHaveCount(1);
  const codes = ['E-1', 'H-1', 'H-2'];
  await expect(pointList(ip).getByRole('button')).toHaveText(codes.map((c) => `${c}: Pending`));
  await floor(ip, testInfo, '01-plan-filled');
  await nextStep(ip).getByRole('button', { name: 'Affected employees notified' }).click();
  await nextStep(ip).getByRole('button', { name: 'Equipment shut down' }).click();
  // Point by point: isolate it, then its lock (the lock's tag goes on with it).
  for (const code of codes) {
    await expect(point(ip, code)).toBeVisible();
    await point(ip, code)
      .getByRole('button', { name: `Isolate ${code}` })
      .click();
    await expect(point(ip, code)).toContainText('Isolated');
    // H-2 takes no lock: its tag is hung from the Tags tab below.
    if (code === 'H-2') break;
    const lockCode = code as 'E-1' | 'H-1';
    const picker = point(ip, code).getByLabel(`Lock for ${code}`);
    const option = picker.locator('option', { hasText: locks[lockCode].serial });
    const value = await option.getAttribute('value');
    expect(value, `lock ${locks[lockCode].serial} is offered at ${code}`).toBeTruthy();
    await picker.selectOption(value ?? '');
    await point(ip, code)
      .getByRole('button', { name: `Apply lock on ${code}` })
      .click();
    // Lock and tag on: the card moves on to the next point.
    await expect(point(ip, code)).toHaveCount(0);
  }
  await floor(ip, testInfo, '02-locks-applied');
  const afterLocks = await readPlan(i, permit.ID);
  for (const code of ['E-1', 'H-1'] as const)
    expect(afterLocks.points.find((p) => p.code === code)!.locks.map((l) => l.serial)).toEqual([locks[code].serial]);

  // The Tags tab: the locks' tags are on already (the lock hung them), by the issuer; the tag-only
  // point's tag is hung here.
  const pointTags = afterLocks.points.flatMap((p) => p.tags.map((t) => ({ ...t, code: p.code })));
  expect(pointTags).toHaveLength(3);
  await tab(ip, 'Tags');
  for (const tag of pointTags) {
    if (tag.code === 'H-2') await tagCard(ip, tag.number).getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(tagCard(ip, tag.number).getByTestId('tag-state')).toHaveText('Applied');
  }
  const e1Tag = pointTags.find((t) => t.code === 'E-1')!;
  const qrHref = (await tagCard(ip, e1Tag.number).getByTestId('tag-qr-link').getAttribute('href'))!;
  await floor(ip, testInfo, '03-tags-applied');

  // Someone scans E-1's tag: a signed-out phone sees it Applied.
  const scanner = await (
    await browser.newContext({ serviceWorkers: 'block', viewport: phone, hasTouch: true })
  ).newPage();
  await scanner.goto(new URL(qrHref, ip.url()).pathname);
  const scanned = scanner.getByTestId('tag-status-state');
  await expect(scanned).toHaveText('Applied', { timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect(scanner.getByTestId('tag-status-applier')).toContainText(`Applied by ${i.user.displayName}`);
  await floor(scanner, testInfo, '04-qr-applied', 'body');

  await tab(ip, 'Isolation');
  await plan(ip).getByRole('article').getByRole('button', { name: 'Stored energy released' }).click();
  // Each try-out: Pass or Fail, the method from the plan; nothing typed.
  for (const code of codes) {
    await expect(point(ip, code)).toContainText('Try-out:');
    if (code === 'E-1') await floor(ip, testInfo, '05-verify-point');
    await point(ip, code).getByRole('button', { name: 'Pass: zero energy' }).click();
    await expect(pointList(ip).getByRole('button', { name: `${code}: Verified` })).toBeVisible();
  }
  await expect(nextStep(ip)).toContainText('Every point is verified: isolate the permit');
  await give(ip, 'Isolate', 'Isolated');
  await give(ip, 'Issue', 'Issued', { signed: i, permitId: permit.ID });
  await h.page.goto(url);
  await give(h.page, 'Accept', 'Active', { signed: h, permitId: permit.ID });
  await floor(h.page, testInfo, '06-active');

  // --- Group lockout: the issuer opens the lockbox as its primary and deposits the keys.
  await tab(ip, 'Crew');
  await main(ip).getByRole('button', { name: 'Open lockbox' }).click();
  await main(ip)
    .getByRole('button', { name: /^Keys are in lockbox / })
    .click();
  await expect(main(ip)).toContainText('Deposited');
  await floor(ip, testInfo, '07-lockbox-keys');

  const signOn = async (who: Signed, serial: string) => {
    await tab(who.page, 'Crew', url);
    const picker = main(who.page).getByLabel('My lock', { exact: true });
    await expect(main(who.page).getByText(`With lock ${serial}.`).or(picker)).toBeVisible();
    if (await picker.count()) await expect(picker).toHaveValue(serial);
    await main(who.page).getByRole('button', { name: 'Sign on with my lock' }).click();
    await expect(main(who.page).getByRole('heading', { name: 'You are signed on' })).toBeVisible();
  };
  const crewLocks = {
    a: await issueLockTo(fa),
    b: await issueLockTo(fb),
    n: await issueLockTo(n),
  };
  await signOn(fa, crewLocks.a.serial);
  await signOn(fb, crewLocks.b.serial);
  const signedOn = (page: Page) => main(page).getByRole('list', { name: 'Signed on' });
  await expect(signedOn(fb.page).getByRole('listitem')).toHaveCount(2);
  await floor(fb.page, testInfo, '08-crew-of-two', undefined, signedOn(fb.page));

  // Shift handover: the night fitter signs on, then fitter A signs off.
  await signOn(n, crewLocks.n.serial);
  await expect(signedOn(n.page).getByRole('listitem')).toHaveCount(3);
  await fa.page.reload();
  await tab(fa.page, 'Crew');
  await main(fa.page).getByRole('button', { name: 'Sign off' }).click();
  await expect(main(fa.page).getByRole('heading', { name: 'You are not signed on' })).toBeVisible();
  await expect(signedOn(fa.page)).not.toContainText(fa.user.displayName);
  await floor(fa.page, testInfo, '09-after-handover', undefined, signedOn(fa.page));

  // --- Fitter B went home with their lock on the box: the supervisor (the issuer) removes it (e)(3).
  await ip.goto(url);
  const entry = ip.getByRole('region', { name: 'Abandoned locks and tags' });
  await entry
    .getByRole('button', { name: 'Remove an abandoned lock or tag' })
    .click({ timeout: FIRST_LOAD_TIMEOUT_MS });
  const wizard = ip.getByRole('dialog', { name: 'Remove an abandoned lock or tag' });
  const choice = wizard.getByRole('button', { name: new RegExp(`Lock ${crewLocks.b.serial}`) });
  await expect(choice).toContainText(`Applied by ${fb.user.displayName}`);
  await choice.click();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByLabel(`I have verified that ${fb.user.displayName} is not at the facility`).check();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByLabel('How').selectOption('Phone');
  await wizard.getByLabel('Outcome').fill('No answer; voicemail left');
  await wizard.getByRole('button', { name: 'Add this attempt' }).click();
  await expect(wizard.getByRole('list', { name: 'Attempts recorded' }).getByRole('listitem')).toHaveCount(1);
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByLabel('Reason for removing it').fill('Fitter left site; the night fitter carries on');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard).toContainText('Step 5 of 5');
  // Signed: the meaning above the field, then the supervisor's password.
  await expect(wizard.getByTestId('signature-meaning')).toContainText('1910.147(e)(3)');
  await wizard.locator('input').and(wizard.getByLabel('Your password')).fill(demo.password);
  await floor(ip, testInfo, '10-abandoned-confirm', '[role="dialog"]');
  await wizard.getByRole('button', { name: /^Remove lock/ }).click();
  await expect(wizard.getByRole('status')).toContainText(`Lock ${crewLocks.b.serial}`);
  await wizard.getByRole('button', { name: 'Done' }).click();

  // Fitter B's next sign-in: the acknowledgement first.
  const bp = await (await browser.newContext({ serviceWorkers: 'block', viewport: phone, hasTouch: true })).newPage();
  await bp.goto(url);
  await signInWithForm(bp, fb.user.userName);
  const ack = bp.getByRole('heading', { name: 'Your lock or tag was removed while you were away' });
  await expect(ack).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect(main(bp)).toContainText('Fitter left site; the night fitter carries on');
  await floor(bp, testInfo, '11-acknowledge');
  await main(bp).getByRole('button', { name: 'I acknowledge' }).click();
  await expect(ack).toBeHidden();
  await expect(status(bp)).toHaveText('Active', { timeout: FIRST_LOAD_TIMEOUT_MS });

  // --- Work complete: the night fitter signs off, the keys come out, the points are released.
  await h.page.reload();
  await give(h.page, 'Complete work', 'Work complete');
  await n.page.reload();
  await tab(n.page, 'Crew');
  await main(n.page).getByRole('button', { name: 'Sign off' }).click();
  await expect(main(n.page).getByRole('heading', { name: 'You are not signed on' })).toBeVisible();
  await tab(ip, 'Crew', url);
  await main(ip)
    .getByRole('button', { name: /^Release lockbox / })
    .click();
  await expect(main(ip)).toContainText('Released');
  await floor(ip, testInfo, '12-lockbox-released');
  await give(ip, 'De-isolate', 'De-isolation');

  await tab(ip, 'Isolation');
  await expect(nextStep(ip)).toContainText('Inspect the work area');
  await nextStep(ip).getByRole('button', { name: 'Work area inspected' }).click();
  await nextStep(ip).getByRole('button', { name: 'People clear' }).click();
  for (const code of ['E-1', 'H-1'] as const) {
    await openPoint(ip, code);
    await point(ip, code)
      .getByRole('button', { name: `Remove lock ${locks[code].serial}` })
      .click();
    await expect(point(ip, code)).not.toContainText(`Lock ${locks[code].serial} (applied by`);
  }
  await tab(ip, 'Tags');
  for (const tag of pointTags) {
    await tagCard(ip, tag.number).getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(tagCard(ip, tag.number).getByTestId('tag-state')).toHaveText('Removed');
  }
  // The scanner's page follows: E-1's tag is off.
  await expect(scanned).toHaveText('Removed');
  await scanner.screenshot({ path: `${shots}/13-qr-removed.png`, fullPage: true });

  await tab(ip, 'Isolation');
  for (const code of codes) {
    await openPoint(ip, code);
    await point(ip, code)
      .getByRole('button', { name: new RegExp(`^(Restore|Release) ${code}$`) })
      .click();
    await expect(
      pointList(ip).getByRole('button', { name: new RegExp(`^${code}: (Restored|Released)$`) }),
    ).toBeVisible();
  }
  await nextStep(ip).getByRole('button', { name: 'Affected employees notified of release' }).click();
  await expect(nextStep(ip)).toContainText('Close the permit');
  await floor(ip, testInfo, '14-restored', undefined, point(ip, 'E-1'));
  await give(ip, 'Close', 'Closed', { signed: i, permitId: permit.ID });
  await floor(ip, testInfo, '15-closed');

  // The closed permit's History still names every lock, tag and crew member, who and when, in order.
  await main(ip).getByRole('tab', { name: 'History' }).click();
  const history = main(ip).getByRole('list', { name: 'Permit history' });
  const lines = history.getByRole('listitem');
  const order = [
    `Lock ${locks['E-1'].serial} applied on E-1`,
    `Tag ${pointTags[0]!.number} hung on ${pointTags[0]!.code}`,
    'E-1 verified:',
    `Signed on: ${fa.user.displayName} (lock ${crewLocks.a.serial})`,
    `Signed off: ${fa.user.displayName} (lock ${crewLocks.a.serial})`,
    `Lock ${locks['E-1'].serial} removed from E-1`,
    `Tag ${pointTags[0]!.number} removed from ${pointTags[0]!.code}`,
    /E-1 (restored|released to)/,
    /Close: .* → Closed/,
  ];
  const positions: number[] = [];
  for (const words of order) {
    const line = lines.filter({ hasText: words }).first();
    await expect(line).toBeVisible();
    // Each step says when and who: "Nov 29, 2026, 4:33 PM · Pat issuer …" (the plant's zone named
    // after the time when the browser's is another: "4:33 PM CST").
    await expect(line).toContainText(/\d{4}, \d{1,2}:\d\d\s[AP]M( [^·]+)? · \S/);
    positions.push(await line.evaluate((el) => [...el.parentElement!.children].indexOf(el)));
  }
  expect(positions).toEqual([...positions].sort((x, y) => x - y));
  await floor(ip, testInfo, '16-history', undefined, lines.filter({ hasText: 'Signed on:' }).first());
});
