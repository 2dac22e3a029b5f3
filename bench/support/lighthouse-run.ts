/**
 * One Lighthouse run and its numbers, for the login page's bench (lighthouse.ts) and the signed-in
 * screens' (lighthouse-signed-in.ts).
 */
import type { Page } from 'puppeteer-core';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

export type FormFactor = 'mobile' | 'desktop';
const log = (message: string) => process.stderr.write(`bench lighthouse: ${message}\n`);

export interface Run {
  /** Lighthouse's whole report, kept for the median run (reports/lighthouse-<form factor>.json). */
  report: string;
  score: number;
  /** The accessibility score, when the run asked for it (the signed-in screens' bench); else null. */
  accessibility: number | null;
  fcp: number;
  lcp: number;
  tbt: number;
  speedIndex: number;
  cls: number;
  /** Bytes over the wire for the whole page load. */
  transferred: number;
  /** Of which scripts. */
  scriptBytes: number;
  requests: number;
  /** Simulated durations of the main-thread tasks over 50 ms (what TBT counts above 50 ms). */
  longTasks: number[];
  /** Points of the score each weighted metric loses: weight × (1 − its score). */
  pointsLost: [string, number][];
  /** Script and CSS bytes (transferred) that arrived before the largest paint, as the browser observed it. */
  scriptBeforeLcp: number;
  cssBeforeLcp: number;
  /** Every script file the page loaded, its bytes, and whether it came before the largest paint. */
  scriptFiles: { file: string; bytes: number; beforeLcp: boolean }[];
}

/** Lighthouse sometimes loses the trace on a busy machine (NO_NAVSTART): such a run is tried again, twice at most. */
export async function measureWithRetry(
  url: string,
  port: number,
  formFactor: FormFactor,
  signedIn?: Page,
  withAccessibility = false,
): Promise<Run> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await measure(url, port, formFactor, signedIn, withAccessibility);
    } catch (error) {
      if (attempt === 3) throw error;
      log(`${formFactor} run failed, trying again: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/**
 * One run from an empty cache. `signedIn`: the tab a user signed in on (the app keeps its session
 * in the tab's storage): Lighthouse loads the URL there without resetting storage, after its HTTP
 * cache is cleared and its service worker unregistered, so the screen loads as a signed-in user's
 * first visit does.
 */
async function measure(
  url: string,
  port: number,
  formFactor: FormFactor,
  signedIn: Page | undefined,
  withAccessibility: boolean,
): Promise<Run> {
  if (signedIn) {
    const cdp = await signedIn.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    // (A string: the bench's TypeScript has no DOM types.)
    await signedIn.evaluate(`(async () => {
      for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
      for (const key of await caches.keys()) await caches.delete(key);
    })()`);
  }
  const result = await lighthouse(
    url,
    {
      port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: withAccessibility ? ['performance', 'accessibility'] : ['performance'],
      ...(signedIn ? { disableStorageReset: true } : {}),
    },
    formFactor === 'desktop' ? desktopConfig : undefined,
    signedIn,
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
  const resources = (lhr.audits['resource-summary']?.details as { items?: ResourceRow[] } | undefined)?.items ?? [];
  const longTasks = (lhr.audits['long-tasks']?.details as { items?: { duration: number }[] } | undefined)?.items ?? [];
  const performance = lhr.categories.performance;
  const pointsLost = (performance?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .map((ref): [string, number] => [ref.acronym ?? ref.id, ref.weight * (1 - (lhr.audits[ref.id]?.score ?? 0))]);
  // What the browser fetched before the largest paint (observed times, not simulated), by file.
  const observedLcp =
    (
      lhr.audits.metrics?.details as
        { items?: { observedLargestContentfulPaint?: number; observedNavigationStart?: number }[] } | undefined
    )?.items?.[0]?.observedLargestContentfulPaint ?? Infinity;
  const requests = (lhr.audits['network-requests']?.details as { items?: NetworkRow[] } | undefined)?.items ?? [];
  const beforeLcp = requests.filter((r) => r.networkEndTime <= observedLcp);
  const bytesOf = (rows: NetworkRow[], type: string) =>
    rows.filter((r) => r.resourceType === type).reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  return {
    report: typeof result.report === 'string' ? result.report : JSON.stringify(lhr),
    scriptBeforeLcp: bytesOf(beforeLcp, 'Script'),
    cssBeforeLcp: bytesOf(beforeLcp, 'Stylesheet'),
    scriptFiles: requests
      .filter((r) => r.resourceType === 'Script')
      .map((r) => ({
        file: r.url.replace(/^.*\//, ''),
        bytes: r.transferSize ?? 0,
        beforeLcp: r.networkEndTime <= observedLcp,
      })),
    score: Math.round((performance?.score ?? 0) * 100),
    accessibility: withAccessibility ? Math.round((lhr.categories.accessibility?.score ?? 0) * 100) : null,
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    speedIndex: value('speed-index'),
    cls: value('cumulative-layout-shift'),
    transferred: value('total-byte-weight'),
    scriptBytes: resources.find((row) => row.resourceType === 'script')?.transferSize ?? 0,
    requests: resources.find((row) => row.resourceType === 'total')?.requestCount ?? 0,
    longTasks: longTasks.map((task) => Math.round(task.duration)).filter((duration) => duration > 50),
    pointsLost,
  };
}

interface NetworkRow {
  url: string;
  resourceType?: string;
  transferSize?: number;
  networkEndTime: number;
}

interface ResourceRow {
  resourceType: string;
  requestCount: number;
  transferSize: number;
}

/** The run with the median score (Lighthouse's advice for a few runs). */
export const medianRun = (runs: Run[]) => [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)]!;
export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** A table on stdout: each column as wide as its widest cell, the first left-aligned, the others right. */
export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)) + 2);
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}
