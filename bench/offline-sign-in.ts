/**
 * What a sign-in takes offline, as the browser itself downloads it: the demo, or the demo plus N
 * permits spread over North Plant's types, statuses and people (HASP_BENCH_PERMITS, e.g. 300000).
 * Not a test: prints numbers, fails only when it cannot run.
 *   npm run offline-sign-in -w @hasp/bench   (HASP_BENCH_PERMITS: 0, the demo alone, by default;
 *   HASP_BENCH_USERS: worker,supervisor; HASP_BENCH_CHROMIUM: /usr/bin/chromium; HASP_BENCH_WEB_DIST)
 * The real app over a fresh embedded PostgreSQL. For each user: a new browser profile signs in
 * through the form, and the app takes their permits offline by itself (their own work, the default
 * scope), after the first screen; then the same tab is loaded again, as the next visit, and the app
 * asks only for what changed since (decision 0118). Counted from Chromium's network events
 * (`Network.loadingFinished`: bytes on the wire, compressed as sent) for `/api/offline/permits`,
 * with the decoded JSON's size, the permits the answers held, the time from the Login tap (or the
 * reload) to the app's record that the download finished, and the download's own part of it (its
 * first request to its last answer; before it, the first screen loads and the app waits for idle).
 */
import { performance } from 'node:perf_hooks';
import { chromium, type Page, type Request, type Response } from 'playwright';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo';
import { insertPermits } from './support/bench-permits';
import { startDemoServer } from './support/demo-server';

const PERMITS = Number(process.env.HASP_BENCH_PERMITS || 0);
const USERS = (process.env.HASP_BENCH_USERS ?? 'worker,supervisor').split(',').map((u) => u.trim());
const log = (message: string) => process.stderr.write(`bench offline sign-in: ${message}\n`);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

interface Taken {
  requests: number;
  wire: number;
  json: number;
  permits: number;
  incremental: boolean;
  ms: number;
  /** From the first download request to its last answer: the download's own time, not the screen's before it. */
  downloadMs: number;
}

/** Counts the offline download's answers on this page until the app records the download as done. */
async function watchDownload(page: Page, act: () => Promise<void>): Promise<Taken> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const offline = new Set<string>();
  const taken: Taken = { requests: 0, wire: 0, json: 0, permits: 0, incremental: false, ms: 0, downloadMs: 0 };
  let firstAsked = 0;
  let lastAnswered = 0;
  const onRequest = (request: Request) => {
    if (request.url().includes('/api/offline/permits')) firstAsked ||= performance.now();
  };
  page.on('request', onRequest);
  cdp.on('Network.responseReceived', (event) => {
    if (event.response.url.includes('/api/offline/permits')) offline.add(event.requestId);
  });
  cdp.on('Network.loadingFinished', (event) => {
    if (offline.has(event.requestId)) taken.wire += event.encodedDataLength;
  });
  const answers: Promise<void>[] = [];
  const onResponse = (response: Response) => {
    if (!response.url().includes('/api/offline/permits') || !response.ok()) return;
    answers.push(
      response.text().then((text) => {
        lastAnswered = performance.now();
        const body = JSON.parse(text) as { permits: unknown[]; since: string | null };
        taken.requests += 1;
        taken.json += Buffer.byteLength(text);
        taken.permits += body.permits.length;
        if (body.since) taken.incremental = true;
      }),
    );
  };
  page.on('response', onResponse);
  const before = await downloadRecord(page);
  const started = performance.now();
  await act();
  // The app writes its `offline-download:` record last, once every type's pages are stored.
  for (;;) {
    const now = await downloadRecord(page).catch(() => before);
    if (now && now !== before) break;
    if (performance.now() - started > 600_000) throw new Error('the download did not finish in 10 minutes');
    await page.waitForTimeout(100);
  }
  taken.ms = performance.now() - started;
  await Promise.all(answers);
  taken.downloadMs = lastAnswered - firstAsked;
  page.off('response', onResponse);
  page.off('request', onRequest);
  await cdp.detach();
  return taken;
}

/**
 * The app's record of its last download (its time), read from the browser database as it is
 * (a string to evaluate: the bench is compiled without the browser's types).
 */
function downloadRecord(page: Page): Promise<string | null> {
  return page.evaluate(`(async () => {
    if (!(await indexedDB.databases()).some((d) => d.name === 'hasp' && (d.version ?? 0) > 0)) return null;
    return new Promise((resolve) => {
      const open = indexedDB.open('hasp');
      open.onerror = () => resolve(null);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('meta')) { db.close(); resolve(null); return; }
        const all = db.transaction('meta').objectStore('meta').getAll();
        all.onsuccess = () => {
          db.close();
          const row = all.result.find((r) => r.key.startsWith('offline-download:'));
          resolve(row ? row.value.updatedAt : null);
        };
      };
    });
  })()`);
}

async function main(): Promise<void> {
  const server = await startDemoServer({
    log,
    ...(PERMITS ? { prepare: (db) => insertPermits(db, PERMITS) } : {}),
  });
  const browser = await chromium.launch({
    executablePath: process.env.HASP_BENCH_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const rows: string[] = [];
  try {
    for (const username of USERS) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
      const page = await context.newPage();
      await page.goto(`${server.base}/login`);
      await page.getByLabel('Username').fill(username);
      await page.locator('input[type="password"]').fill(DEMO_PASSWORD);
      const first = await watchDownload(page, () => page.getByRole('button', { name: 'Login' }).click());
      const next = await watchDownload(page, async () => {
        await page.reload();
      });
      for (const [when, taken] of [
        ['sign-in', first],
        ['next visit', next],
      ] as const) {
        rows.push(
          `${username.padEnd(11)} ${when.padEnd(11)} ${String(taken.permits).padStart(7)} permits  ` +
            `${String(taken.requests).padStart(3)} requests  ${kb(taken.json).padStart(9)} JSON  ` +
            `${kb(taken.wire).padStart(8)} on the wire  ${(taken.ms / 1000).toFixed(1).padStart(5)} s to stored ` +
            `(download ${(taken.downloadMs / 1000).toFixed(1)} s)` +
            `${taken.incremental ? '  (only what changed)' : ''}`,
        );
      }
      await context.close();
    }
    console.log(
      `\nThe offline download at sign-in and at the next visit, as Chromium downloaded it (${PERMITS ? `demo + ${PERMITS.toLocaleString('en')} permits` : 'demo'}; scope: the user's own work):`,
    );
    for (const row of rows) console.log(`  ${row}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
