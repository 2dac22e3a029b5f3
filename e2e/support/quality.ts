import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

const screenshotDir = path.join(import.meta.dirname, '..', 'artifacts', 'screenshots');

/** Saves a screenshot under e2e/artifacts/screenshots (for people to look at) and attaches it to the report. */
export async function saveScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  // No tooltip left over from the last click.
  await page.mouse.move(640, 780);
  const file = path.join(screenshotDir, `${name}.png`);
  await page.screenshot({ path: file });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/**
 * axe-core over the page (or the part `include` selects) once it has settled: no serious or critical
 * WCAG 2.1 AA or best-practice violation. It waits for running transitions first, because a dialog
 * still fading in has half-transparent text and fails colour contrast for a reason no user sees.
 */
export async function expectNoSeriousViolations(page: Page, include?: string): Promise<void> {
  const serious = async () => {
    await waitForTransitions(page);
    const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
    const results = await (include ? builder.include(include) : builder).analyze();
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  };
  const first = await serious();
  if (first.length === 0) return;
  // Once more after everything settles: something that started moving during the analysis (a toast
  // sliding in as a command answered) was measured mid-fade. A real violation is there both times.
  const again = new Set(await serious());
  expect(first.filter((v) => again.has(v))).toEqual([]);
}

/**
 * Waits until no finite animation or transition runs (spinners, which never end, do not count), and
 * every open dialog is fully opaque. The second half matters: a Mantine transition spends a frame or
 * two (longer on a loaded machine) in its start styles — the dialog at opacity 0 — before its CSS
 * transition exists, so "no animation running" alone passed there and axe measured invisible text
 * (a CI failure: the "Who acknowledged" dialog's title and cells failed colour contrast).
 */
export async function waitForTransitions(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const animating = document
      .getAnimations()
      .some((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
    if (animating) return false;
    return Array.from(document.querySelectorAll('[role="dialog"], [role="alertdialog"]')).every((dialog) => {
      if (dialog.getClientRects().length === 0) return true; // not rendered (display: none)
      for (let el: Element | null = dialog; el; el = el.parentElement) {
        if (Number(getComputedStyle(el).opacity) < 1) return false;
      }
      return true;
    });
  });
}

/**
 * The layout holds: nothing wider than the viewport. Polled, since a screen just navigated to may
 * still be laying out (a table before its phone styles apply); a failure names what sticks out.
 */
export async function expectNoSidewaysScroll(page: Page, width: number): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate((limit) => {
        if (document.documentElement.scrollWidth <= limit) return [];
        return Array.from(document.body.querySelectorAll('*'))
          .filter((el) => el.getBoundingClientRect().right > limit + 1)
          .slice(0, 5)
          .map(
            (el) => `${el.tagName.toLowerCase()}.${el.className} right ${Math.round(el.getBoundingClientRect().right)}`,
          )
          .concat([`scrollWidth ${document.documentElement.scrollWidth}`]);
      }, width),
    )
    .toEqual([]);
}

/**
 * Nothing inside `within` scrolls sideways either (a table in its own scroll box counts): each
 * element that could scroll horizontally holds its content in its width. Reports the offenders.
 */
export async function expectNothingScrollsSideways(page: Page, within: string): Promise<void> {
  const wide = await page.locator(within).evaluateAll((roots) =>
    roots.flatMap((root) =>
      [root, ...Array.from(root.querySelectorAll('*'))]
        .filter((el) => {
          const overflow = getComputedStyle(el).overflowX;
          return (overflow === 'auto' || overflow === 'scroll') && el.scrollWidth > el.clientWidth + 1;
        })
        .map((el) => `${el.tagName.toLowerCase()}.${el.className} ${el.scrollWidth} > ${el.clientWidth}`),
    ),
  );
  expect(wide).toEqual([]);
}

/**
 * Every Mantine class on the page (`m_` followed by 8 hex digits, one per styled part) is used by a
 * rule of a loaded stylesheet. The login route loads only its own subset of Mantine's styles
 * (apps/web/src/styles/login-route.css); a component added there without its file shows unstyled.
 */
export async function expectMantineClassesStyled(page: Page): Promise<void> {
  const unstyled = await page.evaluate(() => {
    const ruleText: string[] = [];
    const walk = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule) ruleText.push(rule.selectorText);
        if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) walk(sheet.cssRules);
    const selectors = ruleText.join('\n');
    const classes = new Set(
      Array.from(document.querySelectorAll('[class]')).flatMap((element) =>
        Array.from(element.classList).filter((name) => /^m_[0-9a-f]{8}$/.test(name)),
      ),
    );
    return { checked: classes.size, missing: [...classes].filter((name) => !selectors.includes(`.${name}`)) };
  });
  expect(unstyled.checked).toBeGreaterThan(0);
  expect(unstyled.missing).toEqual([]);
}
