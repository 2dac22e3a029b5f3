/**
 * Asset tree paint bench ("opening the tree with 50,000 assets: first paint of the tree
 * ≤ 1 s"). Not a test: prints numbers, fails only when it cannot run.
 *   npx tsx bench/asset-tree-paint.ts     (HASP_BENCH_WEB_DIST: a built app other than apps/web/dist)
 * The real app (buildApp, serving the built web app) over a fresh embedded PostgreSQL with the
 * demo data plus createLargeAssetTree (50,000 assets under one area, 200,000 isolation points),
 * and Debian's Chromium through Playwright, signed in as the demo administrator. Per run, in a new
 * page (the first run with a cold browser cache, the others warm), times from the page's own
 * clock (navigation start = 0):
 *   - heading painted: /assets/manage opened until its heading shows (the app started, the
 *     session resumed, the right checked): what every page pays before its own content;
 *   - tree painted: /assets/manage opened until the first tree row is on screen;
 *   - 50,000 children: the BIG area expanded (Right arrow) until its first child row shows;
 *   - show more: End, then Enter on the "show more" row, until the 501st child has the focus;
 *   - search opened: a number far down the 50,000 searched and chosen until its row is selected.
 */
import { performance } from 'node:perf_hooks';
import { chromium, type Page } from 'playwright';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo';
import { createLargeAssetTree } from './support/asset-tree-data';
import { startDemoServer } from './support/demo-server';

const TARGET_MS = 1000;
const RUNS = 5;
const FAR_NUMBER = 'BX-049999';
const log = (message: string) => process.stderr.write(`bench tree paint: ${message}\n`);

/** Waits (checking every animation frame) until `selector` matches, and returns the page's clock then. */
async function paintedAt(page: Page, selector: string): Promise<number> {
  // Runs in the page (bench/ has no DOM types, and the app's CSP forbids evaluating a string).
  const handle = await page.waitForFunction(
    (css: string) => {
      const { document } = globalThis as unknown as { document: { querySelector: (s: string) => unknown } };
      return document.querySelector(css) ? performance.now() : null;
    },
    selector,
    { polling: 'raf', timeout: 30_000 },
  );
  return (await handle.jsonValue()) as number;
}

async function measureOnce(page: Page, base: string) {
  await page.goto(`${base}/assets/manage`);
  // The page heading shows once the app has started, the session resumed and the right checked.
  const heading = await paintedAt(page, 'main h1');
  const tree = await paintedAt(page, '[role=treeitem]');
  const big = page.getByRole('treeitem', { name: /^BIG / });
  await big.focus();
  const expandStart = await page.evaluate(() => performance.now());
  await page.keyboard.press('ArrowRight');
  const expanded = (await paintedAt(page, '[role=treeitem][aria-level="2"]')) - expandStart;
  const rows = await page.locator('[role=treeitem]').count();

  // From the keyboard: End reaches the "show more" row, Enter loads the next 500 and focuses the first.
  await page.getByRole('treeitem', { name: /^BX-000001 / }).waitFor();
  await page.keyboard.press('End');
  const moreStart = await page.evaluate(() => performance.now());
  await page.keyboard.press('Enter');
  const more = (await paintedAt(page, '[role=treeitem][tabindex="0"][aria-posinset="501"]')) - moreStart;
  const focused = await page.evaluate(() => {
    const { document } = globalThis as unknown as { document: { activeElement: { textContent: string } | null } };
    return document.activeElement?.textContent ?? '';
  });
  if (!focused.startsWith('BX-000501')) throw new Error(`After "show more" the focus is on "${focused}"`);

  const searchStart = await page.evaluate(() => performance.now());
  await page.getByRole('searchbox', { name: 'Search areas and assets' }).fill(FAR_NUMBER);
  await page
    .getByRole('list', { name: 'Matches' })
    .getByRole('button', { name: new RegExp(FAR_NUMBER) })
    .click();
  const found = (await paintedAt(page, '[role=treeitem][aria-selected="true"]')) - searchStart;
  return { heading, tree, expanded, more, found, renderedRows: rows };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${Math.round(value)} ms`;

async function main(): Promise<void> {
  let made: Awaited<ReturnType<typeof createLargeAssetTree>> | undefined;
  const server = await startDemoServer({
    log,
    prepare: async (db) => {
      log('making 50,000 assets with 200,000 isolation points');
      const t0 = performance.now();
      made = await createLargeAssetTree(db, 1);
      log(`made ${made.assets} assets, ${made.isolationPoints} isolation points in ${ms(performance.now() - t0)}`);
    },
  });
  const browser = await chromium.launch({
    executablePath: process.env.HASP_BENCH_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const { base } = server;
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    const signIn = await context.request.post(`${base}/api/login`, {
      data: { connectionStringName: 'Demo', facilityId: 1, username: 'admin', password: DEMO_PASSWORD },
    });
    if (!signIn.ok()) throw new Error(`Sign-in answered ${signIn.status()}`);

    const runs: Awaited<ReturnType<typeof measureOnce>>[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const page = await context.newPage();
      runs.push(await measureOnce(page, base));
      await page.close();
      log(`run ${i + 1}: tree ${ms(runs[i]!.tree)}, expand ${ms(runs[i]!.expanded)}, search ${ms(runs[i]!.found)}`);
    }
    const warm = runs.slice(1);
    const table = [
      ['page heading painted (app started)', runs[0]!.heading, median(warm.map((r) => r.heading))],
      ['tree painted (from navigation start)', runs[0]!.tree, median(warm.map((r) => r.tree))],
      ['BIG expanded (first of 50,000 children)', runs[0]!.expanded, median(warm.map((r) => r.expanded))],
      ['show more from the keyboard (next 500)', runs[0]!.more, median(warm.map((r) => r.more))],
      [`search ${FAR_NUMBER} → row selected`, runs[0]!.found, median(warm.map((r) => r.found))],
    ] as const;
    console.log(`\nAsset tree, ${made!.assets.toLocaleString('en')} assets (target: tree painted ≤ ${TARGET_MS} ms)`);
    console.log(`${'measure'.padEnd(44)}${'cold'.padStart(10)}${'warm p50'.padStart(12)}`);
    for (const [label, cold, warmMedian] of table) {
      console.log(`${label.padEnd(44)}${ms(cold).padStart(10)}${ms(warmMedian).padStart(12)}`);
    }
    console.log(`rows in the DOM with BIG expanded (500 loaded): ${runs[0]!.renderedRows}`);
    const verdict = runs[0]!.tree <= TARGET_MS && median(warm.map((r) => r.tree)) <= TARGET_MS ? 'met' : 'NOT met';
    console.log(`first paint target ${verdict}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
