import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page, type Route } from '@playwright/test';
import type { SyncPush, SyncPushResponse } from '@hasp/contracts';
import { expect, test } from '../support/fixtures';
import { withDatabase } from '../support/database';
import { demo } from '../support/hasp';
import { OFFLINE_DB_VERSION, offlineStores, outboxItems, seedDevice, type DexieLike } from '../support/offline';
import { apiHeaders, permitBody, queueManyFromPage, serverTitleCounts, syncHookReady } from '../support/offline-device';
import { createUserLike } from '../support/permit-users';
import { enableTestHooks, expectSignedIn, FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { e2eBaseUrl } from '../support/ports';

/**
 * The offline reliability tests in the real browser (decision 0063), named in their titles and
 * output: R26 (the browser killed mid-save and mid-sync), R27 + R31 (network faults and reordered /
 * dropped pushes on /api/sync/push, played by Playwright routing in front of the real server) and
 * R32 (storage quota exhausted). Each prints
 * a one-line summary of its figures.
 *
 * R26 kills: HASP_R26_KILLS (default 10 in CI, ~1.5 min with the other two in parallel: 1.7 min).
 * Measured on the loaded 2-core machine (2026-11-25): HASP_R26_KILLS=60 → lost 0, duplicated 0, 168
 * shown saved, 30 kills during a write, 21 during a push (474 s). **HASP_R26_KILLS=100 (03:36–03:45
 * UTC, load average 9–17) → lost 0, duplicated 0: 245 shown saved (298 started), 262 on the server,
 * 54 kills during a write, 20 during a push, 26 idle, 425 s** (decision 0068). An earlier attempt at
 * 100 stopped at kill ~33 on ONE change shown as saved that was neither in IndexedDB nor on the server
 * after the relaunch (not reproduced since). Chromium's IndexedDB runs in a storage-service process
 * that can outlive the killed browser by tens of ms; the relaunch now waits for it (decision 0068),
 * and a loss prints `R26 LOST` with the outbox after the relaunch, the device's id and sequence
 * counters per launch and the server's `sync_commands` / `permits` rows for the missing titles.
 * Earlier 100-kill attempts stopped on test problems (an access token outliving 15 minutes).
 */

test.use({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } });

const runId = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function loto(request: Page['request'], headers: Record<string, string>): Promise<number> {
  const response = await request.get('/api/permits/types/LOTO', { headers });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { ID: number }).ID;
}

/** Signs the page's context in (refresh cookie) and opens the signed-in app with its pusher started. */
async function openApp(page: Page, userName: string) {
  const login = await page.request.post('/api/login', {
    data: {
      connectionStringName: demo.connection,
      facilityId: demo.northPlant.ID,
      username: userName,
      password: demo.password,
    },
  });
  expect(login.status(), await login.text()).toBe(200);
  await page.goto('/announcements');
  await expectSignedIn(page);
  await syncHookReady(page);
}

// ---------------------------------------------------------------------------------------------
// R26: the browser killed mid-save and mid-sync
// ---------------------------------------------------------------------------------------------

/** The Chromium browser process of a persistent profile (its command line names the profile; helpers carry --type=). */
function browserPid(profile: string): number {
  const pids = execFileSync('pgrep', ['-f', `user-data-dir=${profile}`], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map(Number);
  const main = pids.find((pid) => {
    try {
      return !readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=');
    } catch {
      return false;
    }
  });
  if (!main) throw new Error(`no browser process for ${profile}`);
  return main;
}

/** Processes of the profile still alive (a killed browser's helpers may outlive it for a moment). */
function profileProcesses(profile: string): number[] {
  try {
    return execFileSync('pgrep', ['-f', `user-data-dir=${profile}`], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return []; // pgrep exits 1 when none match
  }
}

/** What the device's database says about itself: its id, the owners' next sequence numbers, the outbox. */
async function deviceFacts(page: Page) {
  await page.waitForFunction(() => 'Dexie' in window, undefined, { timeout: FIRST_LOAD_TIMEOUT_MS });
  return page.evaluate(
    async ({ stores, version }) => {
      const DexieClass = (window as unknown as { Dexie: new (name: string) => DexieLike }).Dexie;
      const db = new DexieClass('hasp');
      db.version(version).stores(stores);
      await db.open();
      try {
        const meta = await db.table('meta').toArray();
        const outbox = await db.table('outbox').toArray();
        return {
          deviceId: (meta.find((m) => m.key === 'deviceId')?.value as string | undefined) ?? null,
          seqs: meta.filter((m) => String(m.key).startsWith('seq:')).map((m) => `${String(m.key)}=${String(m.value)}`),
          outbox: outbox.map((i) => ({
            title: (i.input as { title?: string }).title,
            deviceSeq: i.deviceSeq,
            status: i.status,
            attempts: i.attempts,
            key: i.idempotencyKey,
          })),
        };
      } finally {
        db.close();
      }
    },
    { stores: offlineStores, version: OFFLINE_DB_VERSION },
  );
}

type SaveWindow = Window & { __haspSyncTestHooks: { queue: (command: unknown) => Promise<unknown> } };

/**
 * Starts creating permits on the device through the outbox's queueCommand, one after the other;
 * each says on the console when it starts and when its strict transaction resolved (the moment the
 * app shows "Saved offline"). Not awaited: the browser may be killed meanwhile.
 */
async function startSaving(page: Page, loop: { prefix: string; body: Record<string, unknown>; count: number }) {
  await page.evaluate(({ prefix, body, count }) => {
    const hooks = (window as unknown as SaveWindow).__haspSyncTestHooks;
    void (async () => {
      for (let n = 1; n <= count; n += 1) {
        const title = `${prefix} n${n}`;
        console.log(`r26|start|${title}`);
        await hooks.queue({
          name: 'permit.create',
          targetId: `local:${crypto.randomUUID()}`,
          baseVersion: null,
          input: { ...body, title },
        });
        console.log(`r26|saved|${title}`);
      }
      console.log('r26|done|');
    })();
  }, loop);
}

test('R26: the browser killed mid-save and mid-sync: every change shown as saved offline reaches the server exactly once', async ({
  request,
}, testInfo) => {
  const kills = Number(process.env.HASP_R26_KILLS ?? 10);
  testInfo.setTimeout(FIRST_LOAD_TIMEOUT_MS + kills * 20_000 + 300_000);
  const user = await createUserLike('worker', 'r26');
  const admin = await apiHeaders(request, demo.admin.userName);
  const body = permitBody(await loto(request, admin), '');
  const profile = mkdtempSync(path.join(tmpdir(), 'hasp-r26-'));
  const { launchOptions } = testInfo.project.use;
  const prefix = `R26 ${runId()}`;

  // What the page reported, across all launches of the profile.
  const started = new Set<string>();
  const saved = new Set<string>();
  let loopDone = false;
  let pushesInFlight = 0;
  let pushesSeen = 0;
  const stats = {
    writeKills: 0,
    pushKills: 0,
    idleKills: 0,
    launches: 0,
    startedMs: Date.now(),
    /** Kills after which helpers of the browser were still alive, and the longest they lived on. */
    helpersOutlivedKill: 0,
    maxHelperMs: 0,
    /** Launches that found processes of the killed browser still alive (0 since the wait above), and the most found. */
    lingeringLaunches: 0,
    maxLingering: 0,
    /** Launches whose device id differed from the previous launch's (the database was lost as a whole). */
    deviceResets: 0,
  };
  // Per launch: the kill before it, who was still alive, and what the device said (printed on a loss).
  const history: Array<{ launch: number; lingering: number; deviceId: string | null; seqs: string[]; outbox: number }> =
    [];
  let lastKill = '';

  const launch = async () => {
    stats.launches += 1;
    const lingering = profileProcesses(profile).length;
    if (lingering > 0) stats.lingeringLaunches += 1;
    stats.maxLingering = Math.max(stats.maxLingering, lingering);
    history.push({ launch: stats.launches, lingering, deviceId: null, seqs: [], outbox: 0 });
    const context = await chromium.launchPersistentContext(profile, {
      ...launchOptions,
      headless: true,
      baseURL: e2eBaseUrl,
      serviceWorkers: 'block',
      viewport: { width: 390, height: 844 },
    });
    const page = context.pages()[0] ?? (await context.newPage());
    await enableTestHooks(page);
    loopDone = false;
    pushesInFlight = 0;
    pushesSeen = 0;
    page.on('console', (message) => {
      const [tag, kind, title] = message.text().split('|');
      if (tag !== 'r26') return;
      if (kind === 'start') started.add(title!);
      if (kind === 'saved') saved.add(title!);
      if (kind === 'done') loopDone = true;
    });
    const isPush = (r: { url(): string }) => r.url().endsWith('/api/sync/push');
    page.on('request', (r) => {
      if (!isPush(r)) return;
      pushesSeen += 1;
      pushesInFlight += 1;
    });
    const ended = (r: { url(): string }) => {
      if (isPush(r)) pushesInFlight -= 1;
    };
    page.on('requestfinished', ended);
    page.on('requestfailed', ended);
    return { context, page, pid: browserPid(profile) };
  };

  /** SIGKILL of the browser process: no unload, no flush; IndexedDB keeps what it committed. */
  const kill = async (context: BrowserContext, pid: number, inWrite: () => boolean) => {
    const closed = new Promise((resolve) => context.once('close', resolve));
    const duringWrite = inWrite();
    const duringPush = pushesInFlight > 0;
    process.kill(pid, 'SIGKILL');
    await closed;
    // The browser's helpers outlive it by tens of ms (measured up to ~40 ms on a quiet machine), the
    // storage service among them: it runs IndexedDB and holds the profile's database files. A person
    // cannot start the browser again that fast; the test waits for them as a restart would, so two
    // storage services never share one profile (counted, and printed: helpersOutlivedKill).
    const waitFrom = Date.now();
    if (profileProcesses(profile).length > 0) stats.helpersOutlivedKill += 1;
    while (profileProcesses(profile).length > 0 && Date.now() - waitFrom < 10_000)
      await new Promise((resolve) => setTimeout(resolve, 10));
    stats.maxHelperMs = Math.max(stats.maxHelperMs, Date.now() - waitFrom);
    if (duringWrite) stats.writeKills += 1;
    else if (duringPush) stats.pushKills += 1;
    else stats.idleKills += 1;
    lastKill = `${duringWrite ? 'write' : duringPush ? 'push' : 'idle'} saved=${[...saved].slice(-3).join(',')}`;
  };

  /** Every change shown as saved is on the device or on the server (the device read first: an item leaves it only once applied). */
  const expectNothingLost = async (page: Page) => {
    const facts = await deviceFacts(page);
    const here = history.at(-1)!;
    const before = history.at(-2);
    Object.assign(here, { deviceId: facts.deviceId, seqs: facts.seqs, outbox: facts.outbox.length });
    if (before?.deviceId && facts.deviceId !== before.deviceId) {
      stats.deviceResets += 1;
      console.log('R26 DEVICE RESET', JSON.stringify({ lastKill, before, here }));
    }
    const device = new Set((await outboxItems(page)).map((i) => (i.input as { title: string }).title));
    // Signed in anew each time: 100 kills outlast an access token.
    const server = await serverTitleCounts(request, await apiHeaders(request, demo.admin.userName), prefix);
    const missing = [...saved].filter((title) => !device.has(title) && !server.has(title));
    if (missing.length > 0) {
      // What the server recorded of them, and the device's outbox: the evidence of a loss.
      const recorded = await withDatabase(
        async (client) =>
          (
            await client.query(
              `select device_seq, outcome, input->>'title' as title, synced_at from sync_commands where input->>'title' = any($1)`,
              [missing],
            )
          ).rows,
      );
      const inTable = await withDatabase(
        async (client) => (await client.query('select id, title from permits where title = any($1)', [missing])).rows,
      );
      console.log(
        'R26 LOST',
        JSON.stringify({
          missing,
          lastKill,
          recorded,
          inTable,
          device: [...device].filter((t) => t.startsWith(prefix)),
          outboxAfterRelaunch: facts.outbox,
          history: history.slice(-4),
        }),
      );
    }
    expect(missing).toEqual([]);
  };

  for (let k = 0; k < kills; k += 1) {
    const { context, page, pid } = await launch();
    await openApp(page, user.userName);
    await expectNothingLost(page);
    const iteration = `${prefix} k${k}`;
    const savedHere = () => [...saved].filter((t) => t.startsWith(`${iteration} `)).length;
    const startedHere = () => [...started].filter((t) => t.startsWith(`${iteration} `)).length;
    if (k % 2 === 0) {
      // Mid-save: offline, creating permits one after the other; killed after a random number of
      // them were shown as saved, a random moment later.
      await context.setOffline(true);
      await startSaving(page, { prefix: iteration, body, count: 8 });
      const after = Math.floor(Math.random() * 4);
      await expect.poll(() => loopDone || savedHere() >= after, { intervals: [5] }).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20));
      await kill(context, pid, () => startedHere() > savedHere());
    } else {
      // Mid-sync: online, the pusher sends what earlier launches left (and 3 new changes); killed a
      // random moment after the push went out (before the server, during its commit, or after).
      await startSaving(page, { prefix: iteration, body, count: 3 });
      await expect.poll(() => pushesSeen > 0, { intervals: [5] }).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 400));
      await kill(context, pid, () => startedHere() > savedHere());
    }
    if ((k + 1) % 10 === 0)
      console.log(
        `R26 progress kills=${k + 1} shownSaved=${saved.size} lostSoFar=0 killsDuringWrite=${stats.writeKills} ` +
          `killsDuringPush=${stats.pushKills} lingeringLaunches=${stats.lingeringLaunches} deviceResets=${stats.deviceResets} ` +
          `seconds=${Math.round((Date.now() - stats.startedMs) / 1000)}`,
      );
  }

  // The last launch: back online, the pusher empties the outbox.
  const { context, page } = await launch();
  await openApp(page, user.userName);
  await expectNothingLost(page);
  // Generous: a loaded machine's server takes seconds per creation (the limit only bounds a failure).
  await expect.poll(async () => (await outboxItems(page)).length, { timeout: 300_000 }).toBe(0);
  const server = await serverTitleCounts(request, await apiHeaders(request, demo.admin.userName), prefix);
  await context.close();
  rmSync(profile, { recursive: true, force: true });

  const lost = [...saved].filter((title) => !server.has(title));
  const duplicated = [...server.values()].reduce((sum, n) => sum + n - 1, 0);
  const unshownButSynced = [...server.keys()].filter((title) => !saved.has(title)).length;
  console.log(
    `R26 kills=${kills} launches=${stats.launches} shownSaved=${saved.size} started=${started.size} onServer=${server.size} ` +
      `lost=${lost.length} duplicated=${duplicated} killsDuringWrite=${stats.writeKills} killsDuringPush=${stats.pushKills} ` +
      `killsIdle=${stats.idleKills} syncedButNotYetShown=${unshownButSynced} lingeringLaunches=${stats.lingeringLaunches} ` +
      `maxLingering=${stats.maxLingering} helpersOutlivedKill=${stats.helpersOutlivedKill} maxHelperMs=${stats.maxHelperMs} deviceResets=${stats.deviceResets} seconds=${Math.round((Date.now() - stats.startedMs) / 1000)} ` +
      `load=${loadavg()
        .map((l) => l.toFixed(1))
        .join('/')}`,
  );
  expect(lost).toEqual([]);
  expect(duplicated).toBe(0);
  expect(saved.size).toBeGreaterThan(0);
});

// ---------------------------------------------------------------------------------------------
// R27 + R31: network faults, reordered and dropped pushes
// ---------------------------------------------------------------------------------------------

type Fault =
  | 'gap' // the first 10 commands of the push dropped on the way: the rest come "from the future"
  | 'reverse' // the push's commands delivered in reverse order
  | 'reset' // connection reset before the server
  | 'latency' // 2 s on the way, then delivered
  | 'black-hole' // never answered: the client must time out
  | 'drop-after-commit' // the server applied it; the answer is lost
  | 'loss-before' // 50 % loss: lost before the server…
  | 'loss-after' // …or after it committed
  | 'pass';

/** The faults, push by push; then 50 % loss (every other push lost, before or after the commit) until it converges. */
const schedule: Fault[] = ['gap', 'reverse', 'reset', 'latency', 'black-hole', 'drop-after-commit'];
const lossPhase: Fault[] = ['loss-before', 'pass', 'loss-after', 'pass'];
const faultOf = (push: number): Fault =>
  schedule[push - 1] ?? lossPhase[(push - 1 - schedule.length) % lossPhase.length]!;

/** The client's push timeout for push n (test hook): the black hole needs one, the rest must not time out. */
const pushTimeout = (push: number) => (faultOf(push) === 'black-hole' ? 3_000 : 120_000);

/** Playwright routing in front of the real server: the fault proxy of R27 / R31. */
async function faultProxy(page: Page) {
  const wire = {
    pushes: [] as Array<{ at: number; fault: Fault; commands: number; offline: boolean }>,
    sends: new Map<string, number>(),
    /** Device seqs the server answered `applied`, in the order it answered them. */
    applied: new Set<number>(),
    /** Commands applied by the server before their predecessor was (must stay 0: the server applies them in order). */
    fromTheFuture: 0,
    offline: false,
  };
  const holes: Array<() => void> = [];
  const delivered = async (route: Route, commands: SyncPush['commands']) => {
    const from = Date.now();
    const response = await route.fetch({ postData: JSON.stringify({ commands }) });
    if (process.env.HASP_FAULTS_DEBUG) console.log(`push ${wire.pushes.length}: server took ${Date.now() - from} ms`);
    if (!response.ok() && process.env.HASP_FAULTS_DEBUG)
      console.log(`push ${wire.pushes.length}: HTTP ${response.status()} ${await response.text()}`);
    if (response.ok()) {
      const { results } = (await response.json()) as SyncPushResponse;
      if (process.env.HASP_FAULTS_DEBUG)
        console.log(
          `push ${wire.pushes.length}: seqs ${commands[0]?.deviceSeq}…${commands.at(-1)?.deviceSeq} →`,
          JSON.stringify(results.slice(0, 3).map((r) => [r.deviceSeq, r.outcome, r.error?.message])),
          results.filter((r) => r.outcome === 'applied').length,
        );
      for (const result of results) {
        if (result.outcome !== 'applied' || wire.applied.has(result.deviceSeq)) continue;
        if (result.deviceSeq > 1 && !wire.applied.has(result.deviceSeq - 1)) wire.fromTheFuture += 1;
        wire.applied.add(result.deviceSeq);
      }
    }
    return response;
  };
  await page.route('**/api/sync/push', async (route) => {
    const { commands } = route.request().postDataJSON() as SyncPush;
    const fault = faultOf(wire.pushes.length + 1);
    // The next push's timeout, set before this one is answered (the pusher sends the next only then):
    // short for the black hole, else longer than any server time on a loaded machine.
    await page.evaluate(
      (ms) => ((window as Window & { __haspSyncPushTimeoutMs?: number }).__haspSyncPushTimeoutMs = ms),
      pushTimeout(wire.pushes.length + 2),
    );
    wire.pushes.push({ at: Date.now(), fault, commands: commands.length, offline: wire.offline });
    for (const c of commands) wire.sends.set(c.idempotencyKey, (wire.sends.get(c.idempotencyKey) ?? 0) + 1);
    switch (fault) {
      case 'gap':
        return route.fulfill({ response: await delivered(route, commands.slice(10)) });
      case 'reverse':
        return route.fulfill({ response: await delivered(route, [...commands].reverse()) });
      case 'reset':
      case 'loss-before':
        return route.abort('connectionreset');
      case 'latency':
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        return route.fulfill({ response: await delivered(route, commands) });
      case 'black-hole':
        await new Promise<void>((resolve) => holes.push(resolve));
        return route.abort('timedout').catch(() => {});
      case 'drop-after-commit':
      case 'loss-after':
        await delivered(route, commands);
        return route.abort('connectionreset');
      case 'pass':
        return route.fulfill({ response: await delivered(route, commands) });
    }
  });
  return { wire, release: () => holes.forEach((resolve) => resolve()) };
}

/** The most pushes that went out in any 60 s. */
function maxPerMinute(times: number[]): number {
  let max = 0;
  for (let i = 0; i < times.length; i += 1)
    max = Math.max(max, times.filter((t) => t >= times[i]! && t < times[i]! + 60_000).length);
  return max;
}

test('R27 + R31: 200 changes converge through latency, resets, a black hole, lost answers, 50 % loss and reordered pushes: none lost, none twice, in order', async ({
  page,
  context,
  request,
}, testInfo) => {
  testInfo.setTimeout(FIRST_LOAD_TIMEOUT_MS + 400_000);
  const user = await createUserLike('worker', 'r27');
  const headers = await apiHeaders(request, user.userName);
  const typeId = await loto(request, headers);
  const run = `R27 ${runId()}`;
  const permits: Array<{ ID: number; version: number; body: ReturnType<typeof permitBody> }> = [];
  for (let p = 0; p < 10; p += 1) {
    const body = permitBody(typeId, `${run} p${p}`);
    const created = await request.post('/api/permits', {
      headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
      data: body,
    });
    expect(created.status(), await created.text()).toBe(200);
    permits.push({ ...((await created.json()) as { ID: number; version: number }), body });
  }
  // 20 edits of each permit, interleaved (per-permit FIFO must hold across the permits), each
  // based on the version the device had (a version chain).
  const edits = Array.from({ length: 200 }, (_, n) => {
    const permit = permits[n % 10]!;
    const { permitTypeId: _type, ...edit } = permit.body;
    return {
      name: 'permit.edit',
      targetId: permit.ID,
      baseVersion: permit.version,
      input: { ...edit, title: `${run} p${n % 10} e${Math.floor(n / 10) + 1}` },
    };
  });

  await enableTestHooks(page);
  await page.addInitScript((ms) => {
    (window as Window & { __haspSyncPushTimeoutMs?: number }).__haspSyncPushTimeoutMs = ms;
  }, pushTimeout(1));
  const proxy = await faultProxy(page);
  await openApp(page, user.userName);
  const status = page.getByTestId('sync-status');

  // Offline: 200 changes queued through queueCommand; nothing goes out.
  const offlineFrom = Date.now();
  proxy.wire.offline = true;
  await context.setOffline(true);
  await queueManyFromPage(page, edits);
  await expect(status).toHaveAccessibleName('200 changes waiting to sync');
  const offlineMs = Date.now() - offlineFrom;
  const deviceId = (await outboxItems(page))[0]!.deviceId as string;

  // Online through the faults.
  proxy.wire.offline = false;
  const onlineFrom = Date.now();
  await context.setOffline(false);
  // Generous: on a loaded 2-core machine the server took up to a minute for one push of 100 edits
  // (nothing here asserts speed; the limit only decides how long a real failure takes to report).
  await expect(status).toHaveAccessibleName('All changes synced', { timeout: 300_000 });
  const convergedMs = Date.now() - onlineFrom;
  proxy.release();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  expect(await outboxItems(page)).toEqual([]);

  const rows = await withDatabase(
    async (client) =>
      (
        await client.query<{ device_seq: number; idempotency_key: string; outcome: string; permit_id: number }>(
          'select device_seq, idempotency_key, outcome, permit_id from sync_commands where device_id = $1 order by server_seq',
          [deviceId],
        )
      ).rows,
  );
  const queuedKeys = [...proxy.wire.sends.keys()];
  const recorded = new Set(rows.map((r) => r.idempotency_key));
  const lost = queuedKeys.filter((key) => !recorded.has(key)).length;
  const duplicated = rows.length - recorded.size;
  const outOfOrder = rows.filter((r, i) => r.device_seq !== i + 1).length;
  const k = Math.max(...proxy.wire.sends.values());
  const offlinePushes = proxy.wire.pushes.filter((p) => p.offline).length;
  const perMinute = maxPerMinute(proxy.wire.pushes.map((p) => p.at));
  const finals = await Promise.all(
    permits.map(async (permit) => {
      const response = await request.get(`/api/permits/${permit.ID}`, { headers });
      return { ...((await response.json()) as { title: string; version: number }), before: permit.version };
    }),
  );
  console.log(
    `R27/R31 mutations=200 pushes=${proxy.wire.pushes.length} faults=${proxy.wire.pushes.map((p) => p.fault).join(',')} ` +
      `K=${k} lost=${lost} duplicated=${duplicated} outOfOrder=${outOfOrder} appliedFromTheFuture=${proxy.wire.fromTheFuture} ` +
      `offlinePushes=${offlinePushes} (in ${Math.round(offlineMs / 1000)} s) maxPushesPerMinute=${perMinute} converged=${Math.round(convergedMs / 1000)} s`,
  );
  expect(queuedKeys).toHaveLength(200);
  expect(rows).toHaveLength(200);
  expect(rows.every((r) => r.outcome === 'applied')).toBe(true);
  expect(lost).toBe(0);
  expect(duplicated).toBe(0);
  // FIFO: the server recorded the device's changes in the order queued (so per permit too), and
  // never applied one before its predecessor.
  expect(outOfOrder).toBe(0);
  expect(proxy.wire.fromTheFuture).toBe(0);
  for (const [p, permit] of finals.entries()) {
    expect(permit.title).toBe(`${run} p${p} e20`);
    expect(permit.version).toBe(permit.before + 20);
  }
  expect(offlinePushes).toBe(0);
  expect(perMinute).toBeLessThanOrEqual(10);
  // Every fault of the schedule was met before it converged.
  expect(proxy.wire.pushes.map((p) => p.fault).slice(0, schedule.length)).toEqual(schedule);
});

// ---------------------------------------------------------------------------------------------
// R32: the storage quota exhausted in the real browser
// ---------------------------------------------------------------------------------------------

/** Fills the origin's storage (a database of its own) until the browser refuses even a few bytes. */
function fillStorage(page: Page) {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('r32-filler', 1);
      open.onupgradeneeded = () => open.result.createObjectStore('chunks', { autoIncrement: true });
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(new Error(String(open.error)));
    });
    const put = (size: number) =>
      new Promise<string | null>((resolve) => {
        const bytes = new Uint8Array(size);
        for (let i = 0; i < size; i += 65_536) crypto.getRandomValues(bytes.subarray(i, Math.min(size, i + 65_536)));
        const tx = db.transaction('chunks', 'readwrite', { durability: 'strict' });
        tx.objectStore('chunks').add(bytes);
        tx.oncomplete = () => resolve(null);
        tx.onabort = () => resolve(tx.error?.name ?? 'AbortError');
      });
    let written = 0;
    const refusals: string[] = [];
    for (const size of [262_144, 32_768, 4_096, 512, 64]) {
      for (let n = 0; n < 400; n += 1) {
        const refused = await put(size);
        if (refused) {
          refusals.push(refused);
          break;
        }
        written += size;
      }
    }
    db.close();
    return { written, refusals };
  });
}

async function deviceCounts(page: Page) {
  return page.evaluate(async () => {
    const db = new (
      window as unknown as {
        Dexie: new (name: string) => {
          open(): Promise<unknown>;
          close(): void;
          table(n: string): { count(): Promise<number> };
        };
      }
    ).Dexie('hasp');
    await db.open();
    try {
      return { outbox: await db.table('outbox').count(), permits: await db.table('permits').count() };
    } finally {
      db.close();
    }
  });
}

test('R32: with the storage full, a new offline permit is refused with the reason, nothing half-saved and no queued change lost', async ({
  page,
  context,
  request,
}, testInfo) => {
  testInfo.setTimeout(FIRST_LOAD_TIMEOUT_MS + 120_000);
  const user = await createUserLike('worker', 'r32');
  const headers = await apiHeaders(request, user.userName);
  const typeResponse = await request.get('/api/permits/types/LOTO', { headers });
  const typeInfo = (await typeResponse.json()) as { ID: number };
  const run = `R32 ${runId()}`;
  // A small quota for the origin (CDP), set before the app opens its database: Chromium's IndexedDB
  // reads an origin's quota when it opens its storage, not on every write.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Storage.overrideQuotaForOrigin', { origin: e2eBaseUrl, quotaSize: 4 * 1024 * 1024 });
  const overridden = await cdp.send('Storage.getUsageAndQuota', { origin: e2eBaseUrl });
  expect(overridden.overrideActive).toBe(true);
  await enableTestHooks(page);
  await openApp(page, user.userName);
  await seedDevice(page, {
    reference: [
      {
        key: `${demo.connection}:${demo.northPlant.ID}:permit-type:LOTO`,
        connectionStringName: demo.connection,
        facilityId: demo.northPlant.ID,
        kind: 'permit-type:LOTO',
        data: typeInfo,
        updatedAt: new Date().toISOString(),
      },
    ],
  });
  // The user's offline mode, then the offline create form; five changes already wait in the outbox.
  await page.evaluate(() => sessionStorage.setItem('userOffline', 'true'));
  await page.goto('/offline/permit/LOTO/create');
  await syncHookReady(page);
  const queued = Array.from({ length: 5 }, (_, n) => `${run} queued ${n + 1}`);
  await queueManyFromPage(
    page,
    queued.map((title) => ({
      name: 'permit.create',
      targetId: `local:${crypto.randomUUID()}`,
      baseVersion: null,
      input: permitBody(typeInfo.ID, title),
    })),
  );
  const main = page.getByRole('main');
  const refusedTitle = `${run} made with the disk full`;
  await main.getByRole('textbox', { name: 'Title' }).fill(refusedTitle, { timeout: FIRST_LOAD_TIMEOUT_MS });
  const before = await deviceCounts(page);

  // The origin's storage filled (its quota is small, below) until the browser says QuotaExceededError.
  const filled = await fillStorage(page);
  expect(filled.refusals[0]).toBe('QuotaExceededError');

  // The new permit is refused, whole, with the reason; what was typed stays.
  await main.getByRole('button', { name: 'Save offline' }).click();
  await expect(main.getByRole('alert')).toContainText(
    'Not saved: this device has no storage space left (QuotaExceededError).',
  );
  await expect(page).toHaveURL(/\/offline\/permit\/LOTO\/create$/);
  await expect(main.getByRole('textbox', { name: 'Title' })).toHaveValue(refusedTitle);
  expect(await deviceCounts(page)).toEqual(before);
  // The storage as the sync panel shows it: the persistence the browser granted, and the usage.
  const persisted = await page.evaluate(() => navigator.storage.persisted());
  await page.getByTestId('sync-status').click();
  const storage = page.getByRole('dialog', { name: 'Offline changes' }).getByTestId('sync-storage');
  await expect(storage).toContainText(
    persisted
      ? 'Persistent: the browser will not clear it to free space.'
      : 'Not persistent: the browser may clear it when the device is short of space.',
  );
  await expect(storage).toContainText('used of');
  const shown = (await storage.innerText()).replace(/\s+/g, ' ');
  await page.keyboard.press('Escape');

  // Space again: the same form saves; back online, every queued change and the new permit sync once.
  await page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const drop = indexedDB.deleteDatabase('r32-filler');
        drop.onsuccess = resolve;
        drop.onerror = () => reject(new Error(String(drop.error)));
      }),
  );
  await cdp.send('Storage.overrideQuotaForOrigin', { origin: e2eBaseUrl });
  await main.getByRole('button', { name: 'Save offline' }).click();
  await expect(page).toHaveURL(/\/Permit\/Edit\/local:[0-9a-f-]{36}$/);
  const kept = (await outboxItems(page)).map((i) => (i.input as { title?: string }).title);
  expect(kept).toEqual([...queued, refusedTitle]);
  await page.evaluate(() => sessionStorage.removeItem('userOffline'));
  await page.goto('/announcements');
  await expect(page.getByTestId('sync-status')).toHaveAccessibleName('All changes synced', {
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  const server = await serverTitleCounts(request, await apiHeaders(request, demo.admin.userName), run);
  const lost = queued.filter((title) => server.get(title) !== 1).length;
  console.log(
    `R32 quota=${Math.round(overridden.quota / 1024)} KB filled=${Math.round(filled.written / 1024)} KB refusals=${filled.refusals.join('/')} newPermitRefused=yes ` +
      `outboxBefore=${before.outbox} outboxAfterRefusal=${before.outbox} lost=${lost} persisted=${persisted} shown="${shown}"`,
  );
  expect(lost).toBe(0);
  expect(server.get(refusedTitle)).toBe(1);
});
