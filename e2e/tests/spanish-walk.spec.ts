import type { Page } from '@playwright/test';
import * as contracts from '@hasp/contracts';
import type { Caption } from '@hasp/contracts';
import { expect, test } from '../support/fixtures';
import { withDatabase } from '../support/database';
import { demo } from '../support/hasp';
import { createUserLike } from '../support/permit-users';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { saveScreenshot } from '../support/quality';
import { signedInPage } from '../support/sign-in';

// A Spanish-speaking supervisor walks every tab of a permit in a rich state (a demo permit of the
// seed's week: isolated, locks and tags on, crew, gas tests, a long history) and the page's
// confirmation dialog, and nothing on screen may be English. What is English: every English caption
// whose Spanish differs (placeholders as wildcards), the stored English names the demo ships
// (permit types, approval stages), and English clock and date forms. One page, one test: fast.
test.use({ serviceWorkers: 'block' });

/** Words the same in both languages, or proper names the demo data uses: never reported. */
const sameInBoth = new Set(['LOTO', 'SIMOPS', 'PDF', 'OK', 'Total', 'No', 'Error', 'Email', 'ID']);

function isCaption(value: unknown): value is Caption {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.itemType === 'string' && typeof v.controlName === 'string' && typeof v.defaultCaption === 'string';
}

/** Every caption of the contracts' catalogs (as the server registers them). */
function englishCaptions(): Caption[] {
  return Object.values(contracts).flatMap((value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
    const entries = Object.values(value as Record<string, unknown>);
    return entries.length > 0 && entries.every(isCaption) ? entries : [];
  });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface EnglishPattern {
  text: string;
  pattern: RegExp;
}

/**
 * A pattern per English caption that Spanish says otherwise. A one-word caption counts only as a
 * whole line or a whole part of one (between "·", ":" or "–"): stored names (assets, areas) are
 * English in the demo and may hold such a word. Placeholders match anything; a caption with fewer
 * than four letters of its own is left out (it cannot be told from data).
 */
function englishPatterns(captions: Caption[], spanish: Record<string, Record<string, Record<string, string>>>) {
  const patterns: EnglishPattern[] = [];
  for (const caption of captions) {
    const english = caption.defaultCaption.trim();
    const es = spanish[caption.itemType]?.[caption.formName]?.[caption.controlName];
    if (es !== undefined && es.trim() === english) continue;
    const literal = english.replace(/\{\{[^}]+\}\}/g, ' ').trim();
    if ((literal.match(/[A-Za-z]/g) ?? []).length < 4 || sameInBoth.has(literal)) continue;
    const body = english
      .split(/\{\{[^}]+\}\}/)
      .map(escape)
      .join('.+?');
    const oneWord = !/\s/.test(literal);
    const pattern = oneWord ? new RegExp(`(^|[·:–]\\s*)${body}(\\s*[·:–]|$)`) : new RegExp(`(^|\\W)${body}(\\W|$)`);
    patterns.push({ text: english, pattern });
  }
  return patterns;
}

/** English clock and date forms: "7:08 AM", "Nov 29, 2026". */
const englishForms: EnglishPattern[] = [
  { text: '12-hour clock', pattern: /\b\d{1,2}:\d{2}\s?(AM|PM)\b/ },
  { text: 'English month', pattern: /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}, \d{4}\b/ },
];

/** The visible text of the page's main region and any open dialog, line by line. */
async function visibleLines(page: Page): Promise<string[]> {
  const text = await page.evaluate(() =>
    Array.from(document.querySelectorAll('main, [role="dialog"]'))
      .map((el) => (el as HTMLElement).innerText)
      .join('\n'),
  );
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

test('a Spanish-speaking user walks every tab of a rich permit and reads no English', async ({ browser }, testInfo) => {
  const user = await createUserLike('supervisor', 'paseo');
  const { permitId, storedNames } = await withDatabase(async (client) => {
    await client.query(
      `update users set language_id = (select id from languages where code = 'es') where user_name = $1`,
      [user.userName],
    );
    // The richest demo permit of North Plant: its plan isolated, locks on, with the most history.
    const permit = await client.query<{ id: number }>(
      `select p.id from permits p join permit_types t on t.id = p.permit_type_id
        where p.facility_id = $1 and p.status in ('isolated', 'issued', 'active')
          and 'isolation-plan' = any(t.sections)
        order by (select count(*) from lock_applications a where a.permit_id = p.id) > 0 desc,
                 ('gas-tests' = any(t.sections)) desc, ('crew-sign-on' = any(t.sections)) desc,
                 (select count(*) from audit_log l where l.entity_type = 'permit' and l.entity_id = p.id::text) desc
        limit 1`,
      [demo.northPlant.ID],
    );
    const names = await client.query<{ name: string }>(
      `select name from permit_types where facility_id = $1
       union select name from approval_stages where facility_id = $1`,
      [demo.northPlant.ID],
    );
    return { permitId: permit.rows[0]!.id, storedNames: names.rows.map((r) => r.name) };
  });
  const { page, token } = await signedInPage(browser, user);
  const resources = (await (
    await page.request.get(`/api/i18n/resources?connectionStringName=${demo.connection}&languageCode=es`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as Record<string, Record<string, Record<string, string>>>;
  const patterns = [
    ...englishPatterns(englishCaptions(), resources),
    ...storedNames.map((name) => ({ text: name, pattern: new RegExp(`(^|\\W)${escape(name)}(\\W|$)`) })),
    ...englishForms,
  ];
  // Never a walk that passes for finding nothing to look for: known English is recognized.
  for (const english of ['Next steps', 'LOTO Permit', '7:08 AM'])
    expect(
      patterns.some(({ pattern }) => pattern.test(english)),
      english,
    ).toBe(true);

  const found = new Map<string, Set<string>>();
  const collect = async (where: string) => {
    for (const line of await visibleLines(page))
      for (const { text, pattern } of patterns)
        if (pattern.test(line)) {
          const key = `${where}: "${line}"`;
          found.set(key, (found.get(key) ?? new Set()).add(text));
        }
  };

  await page.goto(`/Permit/Edit/${permitId}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('tab', { name: 'Historial' })).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
  const tabs = main.getByRole('tab');
  const names = (await tabs.allInnerTexts()).map((name) => name.trim());
  expect(names.length, 'the permit has its sections as tabs').toBeGreaterThan(4);
  for (const name of names) {
    await main.getByRole('tab', { name, exact: true }).click();
    const panel = main.getByRole('tabpanel');
    await expect(panel).toBeVisible();
    // Settled: no section still loading (a loader is an ARIA progressbar or a labelled spinner).
    await expect(panel.locator('.mantine-Loader-root')).toHaveCount(0);
    await collect(name);
    await saveScreenshot(page, testInfo, `spanish-walk-${name.toLowerCase().replace(/\W+/g, '-')}`);
  }
  // The first command offered, as its confirmation says it (closed without giving it).
  const steps = main.getByRole('region', { name: 'Siguientes pasos' });
  const command = steps.getByRole('button').first();
  if (await command.isVisible()) {
    await command.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await collect('diálogo');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }

  const report = [...found].map(([line, english]) => `${line} ← ${[...english].join(' | ')}`);
  expect(report, 'English on the Spanish permit screens').toEqual([]);
});
