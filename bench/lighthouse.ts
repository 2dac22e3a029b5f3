/**
 * First load of the login page (issue 14 item 9: "Lighthouse mobile on /login ≥ 90"). Not a
 * test: prints numbers, fails only when it cannot run.
 *   npm run lighthouse -w @hasp/bench     (HASP_BENCH_WEB_DIST: a built app other than apps/web/dist;
 *   HASP_BENCH_LIGHTHOUSE_RUNS: runs per form factor, 3; CHROME_PATH: the browser, /usr/bin/chromium)
 * The real app (buildApp serving the built web app) over a fresh demo database, and Lighthouse
 * from npm driving Debian's Chromium (no browser download). Lighthouse's own presets: mobile is a
 * mid-range phone on slow 4G (simulated throttling, 4x CPU slowdown), desktop its desktop preset.
 * Each run starts from an empty cache and no service worker (Lighthouse resets storage).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { startDemoServer } from './support/demo-server';

const TARGET_SCORE = 90;
const RUNS = Number(process.env.HASP_BENCH_LIGHTHOUSE_RUNS ?? 3);
const reportDir = path.join(import.meta.dirname, '..', 'reports');
const log = (message: string) => process.stderr.write(`bench lighthouse: ${message}\n`);

interface Run {
  /** Lighthouse's whole report, kept for the median run (reports/lighthouse-<form factor>.json). */
  report: string;
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  speedIndex: number;
  cls: number;
  /** Bytes over the wire for the whole page load. */
  transferred: number;
}

/** Lighthouse sometimes loses the trace on a busy machine (NO_NAVSTART): such a run is tried again, twice at most. */
async function measureWithRetry(url: string, port: number, formFactor: 'mobile' | 'desktop'): Promise<Run> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await measure(url, port, formFactor);
    } catch (error) {
      if (attempt === 3) throw error;
      log(`${formFactor} run failed, trying again: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

async function measure(url: string, port: number, formFactor: 'mobile' | 'desktop'): Promise<Run> {
  const result = await lighthouse(
    url,
    { port, logLevel: 'error', output: 'json', onlyCategories: ['performance'] },
    formFactor === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error('Lighthouse returned no result');
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  for (const warning of lhr.runWarnings) log(`warning: ${warning}`);
  const value = (id: string) => {
    const numeric = lhr.audits[id]?.numericValue;
    if (numeric === undefined) throw new Error(`Lighthouse reported no ${id}`);
    return numeric;
  };
  return {
    report: typeof result.report === 'string' ? result.report : JSON.stringify(lhr),
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    speedIndex: value('speed-index'),
    cls: value('cumulative-layout-shift'),
    transferred: value('total-byte-weight'),
  };
}

/** The run with the median score (Lighthouse's advice for a few runs). */
const medianRun = (runs: Run[]) => [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main(): Promise<void> {
  const server = await startDemoServer({ log });
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const url = `${server.base}/login`;
    const rows: [string, Run, Run[]][] = [];
    for (const formFactor of ['mobile', 'desktop'] as const) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        runs.push(await measureWithRetry(url, chrome.port, formFactor));
        log(`${formFactor} run ${i + 1}: score ${runs[i]!.score}, FCP ${seconds(runs[i]!.fcp)}`);
      }
      const median = medianRun(runs);
      await mkdir(reportDir, { recursive: true });
      await writeFile(path.join(reportDir, `lighthouse-${formFactor}.json`), median.report);
      rows.push([formFactor, median, runs]);
    }
    console.log(`\nLighthouse performance, /login (median of ${RUNS} runs; target mobile ≥ ${TARGET_SCORE})`);
    const header = ['form factor', 'score', 'all scores', 'FCP', 'LCP', 'TBT', 'Speed Index', 'CLS', 'transferred'];
    console.log(header.map((h, i) => (i === 0 ? h.padEnd(12) : h.padStart(12))).join(''));
    for (const [formFactor, run, runs] of rows) {
      const cells = [
        String(run.score),
        runs.map((r) => r.score).join('/'),
        seconds(run.fcp),
        seconds(run.lcp),
        `${Math.round(run.tbt)} ms`,
        seconds(run.speedIndex),
        run.cls.toFixed(3),
        `${(run.transferred / 1000).toFixed(1)} KB`,
      ];
      console.log(formFactor.padEnd(12) + cells.map((c) => c.padStart(12)).join(''));
    }
    console.log("the median runs' whole reports: reports/lighthouse-mobile.json, reports/lighthouse-desktop.json");
    const mobile = rows[0]![1].score;
    console.log(`mobile target ${mobile >= TARGET_SCORE ? 'met' : 'NOT met'} (${mobile})`);
  } finally {
    chrome.kill();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
