/**
 * The signed-in app's first screens on a phone and a desktop: Lighthouse on /dashboards, /index and a
 * permit page, each loaded as a signed-in user's first visit (an empty HTTP cache, no service
 * worker), with what the browser itself downloaded: script bytes by file, and script and CSS bytes
 * before the largest paint. Not a test: prints numbers, fails only when it cannot run.
 *   npm run lighthouse:signed-in -w @hasp/bench   (HASP_BENCH_LIGHTHOUSE_RUNS: runs per screen and
 *   form factor, 3; HASP_BENCH_LIGHTHOUSE_FORM_FACTORS: mobile,desktop; CHROME_PATH: /usr/bin/chromium;
 *   HASP_BENCH_WEB_DIST: a built app other than apps/web/dist; HASP_BENCH_PERMITS: permits added to the
 *   demo, spread over North Plant as the index bench does, e.g. 300000 for the issue's "at scale")
 * The real app over a fresh demo database; Lighthouse 12 from npm drives Debian's Chromium. The user
 * (the demo's supervisor) signs in once through the login form in one tab; every run loads its
 * screen in that tab (the app keeps its session in the tab's storage), which Lighthouse leaves as it
 * is (`disableStorageReset`); the run clears the cache and the service worker first.
 * Budgets (the issue's): first screen ≤ 300 KB of script before the largest paint, CSS ≤ 60 KB,
 * mobile score ≥ 90, accessibility ≥ 95, CLS < 0.1.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { sql } from 'kysely';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo';
import { insertPermits } from './support/bench-permits';
import { startDemoServer } from './support/demo-server';
import { measureWithRetry, medianRun, printTable, seconds, type FormFactor, type Run } from './support/lighthouse-run';

const RUNS = Number(process.env.HASP_BENCH_LIGHTHOUSE_RUNS ?? 3);
const PERMITS = Number(process.env.HASP_BENCH_PERMITS || 0);
const FORM_FACTORS = (process.env.HASP_BENCH_LIGHTHOUSE_FORM_FACTORS ?? 'mobile,desktop')
  .split(',')
  .map((name) => name.trim())
  .filter((name): name is FormFactor => name === 'mobile' || name === 'desktop');
const BUDGET = { script: 300_000, css: 60_000, mobile: 90, accessibility: 95, cls: 0.1 };
const log = (message: string) => process.stderr.write(`bench lighthouse signed in: ${message}\n`);
/** The median run's whole report per screen and form factor: reports/lighthouse-signed-in-<screen>-<form factor>.json. */
const reportDir = path.join(import.meta.dirname, '..', 'reports');
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

async function main(): Promise<void> {
  const server = await startDemoServer({
    log,
    ...(PERMITS ? { prepare: (db) => insertPermits(db, PERMITS) } : {}),
  });
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  try {
    const { rows } = await sql<{ id: number }>`
      select p.id from permits p join permit_types t on t.id = p.permit_type_id
      where p.facility_id = 1 and t.code = 'LOTO' and p.status = 'active' order by p.id limit 1`.execute(server.db);
    const screens = ['/dashboards', '/index', `/Permit/Edit/${rows[0]!.id}`];

    // Signed in once, through the form, as a user would.
    const page = await browser.newPage();
    await page.goto(`${server.base}/login`, { waitUntil: 'networkidle0' });
    await page.locator('::-p-aria(Username)').fill('supervisor');
    await page.locator('input[type="password"]').fill(DEMO_PASSWORD);
    await Promise.all([page.waitForNavigation(), page.locator('::-p-aria(Login[role="button"])').click()]);
    log(`signed in, at ${page.url()}`);

    const results: { screen: string; formFactor: FormFactor; run: Run; runs: Run[] }[] = [];
    for (const screen of screens) {
      for (const formFactor of FORM_FACTORS) {
        const runs: Run[] = [];
        for (let i = 0; i < RUNS; i += 1) {
          const run = await measureWithRetry(`${server.base}${screen}`, chrome.port, formFactor, page, true);
          runs.push(run);
          log(
            `${screen} ${formFactor} run ${i + 1}: score ${run.score}, accessibility ${run.accessibility}, LCP ${seconds(run.lcp)}, CLS ${run.cls.toFixed(3)}, ` +
              `script before LCP ${kb(run.scriptBeforeLcp)} (load average ${os.loadavg()[0]!.toFixed(1)})`,
          );
        }
        const median = medianRun(runs);
        results.push({ screen, formFactor, run: median, runs });
        const name = screen.replace(/^\//, '').replace(/\W+/g, '-').toLowerCase();
        await mkdir(reportDir, { recursive: true });
        await writeFile(path.join(reportDir, `lighthouse-signed-in-${name}-${formFactor}.json`), median.report);
      }
    }

    console.log(
      `\nLighthouse performance of the signed-in first screens (${PERMITS ? `demo + ${PERMITS.toLocaleString('en')} permits` : 'demo'}; median of ${RUNS} runs; budgets: mobile ≥ ${BUDGET.mobile}, accessibility ≥ ${BUDGET.accessibility}, ` +
        `script before LCP ≤ ${kb(BUDGET.script)}, CSS before LCP ≤ ${kb(BUDGET.css)}, CLS < ${BUDGET.cls}; on ${os.cpus().length} cores)`,
    );
    printTable(
      [
        'screen',
        'form factor',
        'score',
        'all',
        'a11y',
        'LCP',
        'TBT',
        'CLS',
        'script before LCP',
        'CSS before LCP',
        'scripts',
        'files',
      ],
      results.map(({ screen, formFactor, run, runs }) => [
        screen,
        formFactor,
        String(run.score),
        runs.map((r) => r.score).join('/'),
        String(run.accessibility),
        seconds(run.lcp),
        `${Math.round(run.tbt)} ms`,
        run.cls.toFixed(3),
        kb(run.scriptBeforeLcp),
        kb(run.cssBeforeLcp),
        kb(run.scriptBytes),
        String(run.scriptFiles.length),
      ]),
    );
    // The browser's own download list of each screen (mobile median run): the files by size.
    for (const { screen, formFactor, run } of results.filter((r) => r.formFactor === FORM_FACTORS[0])) {
      console.log(`\n${screen} (${formFactor}): script files, largest first (* = before the largest paint)`);
      for (const file of [...run.scriptFiles].sort((a, b) => b.bytes - a.bytes)) {
        console.log(`  ${file.beforeLcp ? '*' : ' '} ${kb(file.bytes).padStart(9)}  ${file.file}`);
      }
    }
    for (const { screen, formFactor, run } of results) {
      const over = [
        formFactor === 'mobile' && run.score < BUDGET.mobile ? `score ${run.score}` : '',
        run.accessibility !== null && run.accessibility < BUDGET.accessibility
          ? `accessibility ${run.accessibility}`
          : '',
        run.scriptBeforeLcp > BUDGET.script ? `script ${kb(run.scriptBeforeLcp)}` : '',
        run.cssBeforeLcp > BUDGET.css ? `CSS ${kb(run.cssBeforeLcp)}` : '',
        run.cls >= BUDGET.cls ? `CLS ${run.cls.toFixed(3)}` : '',
      ].filter(Boolean);
      console.log(`${screen} ${formFactor}: ${over.length ? `over budget: ${over.join(', ')}` : 'within budget'}`);
    }
  } finally {
    await browser.disconnect();
    chrome.kill();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
