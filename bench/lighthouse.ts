/**
 * First load of the login page ("Lighthouse mobile on /login ≥ 90"). Not a
 * test: prints numbers, fails only when it cannot run.
 *   npm run lighthouse -w @hasp/bench     (HASP_BENCH_WEB_DIST: a built app other than apps/web/dist;
 *   HASP_BENCH_LIGHTHOUSE_RUNS: runs per form factor, 5; HASP_BENCH_LIGHTHOUSE_FORM_FACTORS: mobile,desktop;
 *   CHROME_PATH: the browser, /usr/bin/chromium)
 * The real app (buildApp serving the built web app) over a fresh demo database, and Lighthouse
 * from npm driving Debian's Chromium (no browser download). Lighthouse's own presets: mobile is a
 * mid-range phone on slow 4G (simulated throttling, 4x CPU slowdown), desktop its desktop preset.
 * Each run starts from an empty cache and no service worker (Lighthouse resets storage).
 * One run prints, per form factor, the median run's score and metrics, the points each metric
 * costs, the requests and script bytes, and its long tasks. Simulated throttling makes the network
 * part independent of this machine, not the CPU part: Lighthouse multiplies the main-thread tasks it
 * observes by 4, so a busy machine shows a longer TBT. The load average is printed beside the scores.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import { startDemoServer } from './support/demo-server';
import { measureWithRetry, medianRun, printTable, seconds, type FormFactor, type Run } from './support/lighthouse-run';

const TARGET_SCORE = 90;
const RUNS = Number(process.env.HASP_BENCH_LIGHTHOUSE_RUNS ?? 5);
const FORM_FACTORS = (process.env.HASP_BENCH_LIGHTHOUSE_FORM_FACTORS ?? 'mobile,desktop')
  .split(',')
  .map((name) => name.trim())
  .filter((name): name is FormFactor => name === 'mobile' || name === 'desktop');
const reportDir = path.join(import.meta.dirname, '..', 'reports');
const log = (message: string) => process.stderr.write(`bench lighthouse: ${message}\n`);

const loadAverage = () => os.loadavg()[0]!.toFixed(1);

async function main(): Promise<void> {
  const server = await startDemoServer({ log });
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const url = `${server.base}/login`;
    const loadBefore = loadAverage();
    const rows: [FormFactor, Run, Run[]][] = [];
    for (const formFactor of FORM_FACTORS) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const run = await measureWithRetry(url, chrome.port, formFactor);
        runs.push(run);
        log(
          `${formFactor} run ${i + 1}: score ${run.score}, FCP ${seconds(run.fcp)}, LCP ${seconds(run.lcp)}, ` +
            `TBT ${Math.round(run.tbt)} ms (load average ${loadAverage()})`,
        );
      }
      const median = medianRun(runs);
      await mkdir(reportDir, { recursive: true });
      await writeFile(path.join(reportDir, `lighthouse-${formFactor}.json`), median.report);
      rows.push([formFactor, median, runs]);
    }
    console.log(
      `\nLighthouse performance, /login (median of ${RUNS} runs; target mobile ≥ ${TARGET_SCORE}; ` +
        `1-minute load average ${loadBefore} before, ${loadAverage()} after, on ${os.cpus().length} cores)`,
    );
    const header = [
      'form factor',
      'score',
      'all scores',
      'FCP',
      'LCP',
      'TBT',
      'Speed Index',
      'CLS',
      'transferred',
      'scripts',
      'requests',
    ];
    const table = rows.map(([formFactor, run, runs]) => [
      formFactor,
      String(run.score),
      runs.map((r) => r.score).join('/'),
      seconds(run.fcp),
      seconds(run.lcp),
      `${Math.round(run.tbt)} ms`,
      seconds(run.speedIndex),
      run.cls.toFixed(3),
      `${(run.transferred / 1000).toFixed(1)} KB`,
      `${(run.scriptBytes / 1000).toFixed(1)} KB`,
      String(run.requests),
    ]);
    printTable(header, table);
    for (const [formFactor, run] of rows) {
      const lost = run.pointsLost
        .filter(([, points]) => points >= 0.05)
        .sort((a, b) => b[1] - a[1])
        .map(([metric, points]) => `${metric} ${points.toFixed(1)}`);
      console.log(
        `${formFactor} median run: points lost ${lost.join(', ') || 'none'}; ` +
          `long tasks (simulated) ${run.longTasks.map((ms) => `${ms} ms`).join(', ') || 'none'}`,
      );
    }
    console.log(
      `the median runs' whole reports: ${FORM_FACTORS.map((f) => `reports/lighthouse-${f}.json`).join(', ')}`,
    );
    const mobile = rows.find(([formFactor]) => formFactor === 'mobile')?.[1].score;
    if (mobile !== undefined) console.log(`mobile target ${mobile >= TARGET_SCORE ? 'met' : 'NOT met'} (${mobile})`);
  } finally {
    chrome.kill();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
