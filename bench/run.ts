/**
 * Hasp speed goals, named as their runs are: P1 (the health route against raw node:http and bare
 * Fastify), P2 (an authenticated facility read against raw node:http + pg) and P5 (the web bundle
 * sizes); and the asset goals (import, tree and search; bench/asset-import.ts), measured in one run and
 * printed as ratios and measurements. Not a test: it never fails on a number, only on a broken setup.
 *
 *   npm run bench                 all of P1, P2, P5, commands, assets
 *   npm run bench -- p5 assets    only some (p1, p2, p5, commands, assets)
 *
 * Settings (environment): HASP_BENCH_DURATION_SEC (6), HASP_BENCH_WARMUP_SEC (2),
 * HASP_BENCH_CONNECTIONS (10), HASP_BENCH_P1_PIPELINING (10), HASP_BENCH_WEB_DIST (apps/web/dist),
 * HASP_BENCH_FIRST_SCREEN (regex of lazy chunk names on the first signed-in screen).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { stripVTControlCharacters } from 'node:util';
import { gzipSync } from 'node:zlib';
import autocannon, { type Result as LoadResult } from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/config';
import { embeddedDatabaseName, openConnections, type ConnectionRegistry } from '../apps/server/src/db/connections';
import { startEmbeddedServer } from '../apps/server/src/db/embedded-server';
import { prepareSchema } from '../apps/server/src/db/prepare-schema';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/db/seed/demo';
import { printAssetBench, runAssetBench } from './asset-import';
import { printCommandBench, runCommandBench, type CommandBenchResult } from './commands';

const repoRoot = path.resolve(import.meta.dirname, '..');
const reportFile = path.join(repoRoot, 'reports', 'bench.json');

// ---------------------------------------------------------------------------------------------
// Settings

function intSetting(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
  }
  return value;
}

const settings = {
  durationSec: intSetting('HASP_BENCH_DURATION_SEC', 6, 1, 60),
  warmupSec: intSetting('HASP_BENCH_WARMUP_SEC', 2, 0, 30),
  connections: intSetting('HASP_BENCH_CONNECTIONS', 10, 1, 200),
  p1Pipelining: intSetting('HASP_BENCH_P1_PIPELINING', 10, 1, 50),
  p2Pipelining: 1,
  /** One worker thread sends the load, so the server under test has its own event loop. */
  loadWorkers: 1,
  poolMax: 10,
  firstScreen: process.env.HASP_BENCH_FIRST_SCREEN || 'layout|shell|home|dashboard',
};
/** The whole run must end within this, whatever happens (setup, builds, shutdown). */
const RUN_LIMIT_MS = 15 * 60_000;
const STEP_LIMIT_MS = 30_000;
const BUILD_LIMIT_MS = 5 * 60_000;
const JWT_SECRET = 'hasp-bench-jwt-secret-0123456789-abcdefghijklmnop';
const FACILITY_ID = 1;
const FACILITY_SQL = 'select id, name, parent_id from facilities where id = $1';

const KB = 1000; // as Vite prints sizes
const targets = { p1: 0.9, p2: 0.4, loginKb: 150, firstScreenKb: 300, cssKb: 60 };

// ---------------------------------------------------------------------------------------------
// Small helpers

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      resolve(`http://127.0.0.1:${port}`);
    });
  });
}

function closeServer(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

const log = (message: string) => process.stderr.write(`bench: ${message}\n`);
const round = (value: number, digits = 0) => Number(value.toFixed(digits));
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(values.length, 1);
const pct = (ratio: number | null) => (ratio === null ? 'n/a' : `${(ratio * 100).toFixed(1)} %`);
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const grouped = (value: number) => Math.round(value).toLocaleString('en-US');

/** Cleanup steps, run last-in first-out, each bounded in time; safe to call more than once. */
const cleanups: { name: string; run: () => Promise<void> }[] = [];
async function cleanup(): Promise<void> {
  while (cleanups.length > 0) {
    const step = cleanups.pop()!;
    try {
      await withTimeout(step.run(), STEP_LIMIT_MS, `Stopping ${step.name}`);
    } catch (error) {
      log(`stopping ${step.name} failed: ${(error as Error).message}`);
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits (at most 5 s) until no client is connected to `database`. pg's pool.end() resolves before
 * its sockets close, and a client still open when the server stops emits an error on its pool.
 */
async function untilNoClients(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  client.on('error', () => {});
  await client.connect();
  try {
    for (let attempt = 0; attempt < 50; attempt++) {
      const { rows } = await client.query<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [database],
      );
      if ((rows[0]?.n ?? 0) === 0) return;
      await sleep(100);
    }
    log(`clients of ${database} still connected after 5 s; stopping the database anyway`);
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Load runs

interface RunStats {
  target: string;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Share of wall time the server's event loop was busy (1 = saturated). */
  serverBusy: number;
  /** Server event-loop busy time per answered request, in microseconds. */
  serverUsPerRequest: number;
}

function load(url: string, options: { durationSec: number; pipelining: number; headers?: Record<string, string> }) {
  return new Promise<LoadResult>((resolve, reject) => {
    let settled = false;
    const instance = autocannon(
      {
        url,
        connections: settings.connections,
        duration: options.durationSec,
        pipelining: options.pipelining,
        workers: settings.loadWorkers,
        timeout: 10,
        ...(options.headers ? { headers: options.headers } : {}),
      },
      (error, result) => {
        settled = true;
        clearTimeout(guard);
        if (error) reject(error);
        else resolve(result);
      },
    );
    // The load stops itself after durationSec; this only bounds a stuck run.
    const guard = setTimeout(
      () => {
        if (!settled) instance.stop();
        setTimeout(() => reject(new Error(`load on ${url} did not stop`)), 10_000).unref();
      },
      (options.durationSec + 30) * 1000,
    );
  });
}

async function measure(
  target: string,
  url: string,
  options: { durationSec: number; pipelining: number; headers?: Record<string, string> },
): Promise<RunStats> {
  const before = performance.eventLoopUtilization();
  const result = await load(url, options);
  const busy = performance.eventLoopUtilization(before);
  const answered = Math.max(result.requests.total, 1);
  return {
    target,
    reqPerSec: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    // Over the load's own duration (the worker thread's start-up is idle time, not spare capacity).
    serverBusy: Math.min(1, busy.active / Math.max(result.duration * 1000, 1)),
    serverUsPerRequest: (busy.active * 1000) / answered,
  };
}

interface Target {
  label: string;
  url: string;
  headers?: Record<string, string>;
}

interface PairResult {
  baseline: Summary;
  app: Summary;
  /** A third server measured alongside for orientation (bare Fastify in P1). */
  reference?: Summary;
  /** app req/s ÷ baseline req/s. */
  ratio: number;
  /** baseline server time per request ÷ app server time per request (capacity, client-independent). */
  costRatio: number;
  /** reference req/s ÷ baseline req/s. */
  referenceRatio?: number;
  runs: RunStats[];
  valid: boolean;
}

interface Summary {
  label: string;
  reqPerSec: number;
  /** Half the range of the runs' req/s, relative to their mean: how much the machine wobbled. */
  spread: number;
  p99Ms: number;
  serverBusy: number;
  serverUsPerRequest: number;
}

function summarize(label: string, all: RunStats[]): Summary {
  const runs = all.filter((r) => r.target === label);
  const rates = runs.map((r) => r.reqPerSec);
  const reqPerSec = mean(rates);
  return {
    label,
    reqPerSec: round(reqPerSec),
    spread: round((Math.max(...rates) - Math.min(...rates)) / 2 / Math.max(reqPerSec, 1), 3),
    p99Ms: round(mean(runs.map((r) => r.p99Ms)), 1),
    serverBusy: round(mean(runs.map((r) => r.serverBusy)), 2),
    serverUsPerRequest: round(mean(runs.map((r) => r.serverUsPerRequest)), 1),
  };
}

/**
 * Warms each target up, then measures in mirrored order (raw, [reference], ours, ours,
 * [reference], raw) so drift over the run (heat, neighbours) hits all of them alike.
 */
async function comparePair(baseline: Target, app: Target, pipelining: number, reference?: Target): Promise<PairResult> {
  const targets = reference ? [baseline, reference, app] : [baseline, app];
  for (const target of targets) {
    if (settings.warmupSec > 0) {
      log(`warming up ${target.label} (${settings.warmupSec} s)`);
      await load(target.url, { durationSec: settings.warmupSec, pipelining, headers: target.headers });
    }
  }
  const runs: RunStats[] = [];
  for (const target of [...targets, ...[...targets].reverse()]) {
    log(`measuring ${target.label} (${settings.durationSec} s)`);
    const options = { durationSec: settings.durationSec, pipelining, headers: target.headers };
    runs.push(await measure(target.label, target.url, options));
  }
  const base = summarize(baseline.label, runs);
  const ours = summarize(app.label, runs);
  const ref = reference ? summarize(reference.label, runs) : undefined;
  return {
    baseline: base,
    app: ours,
    ...(ref ? { reference: ref, referenceRatio: round(ref.reqPerSec / base.reqPerSec, 3) } : {}),
    ratio: round(ours.reqPerSec / base.reqPerSec, 3),
    costRatio: round(base.serverUsPerRequest / ours.serverUsPerRequest, 3),
    runs: runs.map((r) => ({
      ...r,
      p50Ms: round(r.p50Ms, 1),
      p99Ms: round(r.p99Ms, 1),
      serverBusy: round(r.serverBusy, 3),
      serverUsPerRequest: round(r.serverUsPerRequest, 1),
    })),
    valid: runs.every((r) => r.non2xx === 0 && r.errors === 0 && r.timeouts === 0 && r.requests > 0),
  };
}

/** GETs a URL once and returns its JSON (proves both sides answer the same before timing them). */
async function getJson(url: string, headers: Record<string, string> = {}): Promise<unknown> {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

// ---------------------------------------------------------------------------------------------
// Baselines: raw node:http (P1) and raw node:http + raw pg (P2)

function rawHealthServer(version: string): http.Server {
  const body = JSON.stringify({ status: 'ok', version });
  const length = String(Buffer.byteLength(body));
  return http.createServer((request, response) => {
    if (request.url !== '/api/health') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': length });
    response.end(body);
  });
}

/** Fastify 5 with no plugins: the same route and body, serialized from a JSON schema. */
async function bareFastify(version: string): Promise<{ url: string; close: () => Promise<void> }> {
  const app = Fastify({ logger: false });
  const response = {
    200: {
      type: 'object',
      properties: { status: { type: 'string' }, version: { type: 'string' } },
      required: ['status', 'version'],
    },
  };
  app.get('/api/health', { schema: { response } }, () => ({ status: 'ok', version }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as net.AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

function rawFacilityServer(pool: pg.Pool): http.Server {
  return http.createServer((request, response) => {
    if (request.url !== '/api/stilFacility/view') {
      response.writeHead(404).end();
      return;
    }
    pool
      .query<{ id: number; name: string; parent_id: number | null }>(FACILITY_SQL, [FACILITY_ID])
      .then((result) => {
        const row = result.rows[0];
        if (!row) {
          response.writeHead(404).end();
          return;
        }
        const body = JSON.stringify({ ID: row.id, name: row.name, companyID: row.parent_id });
        response.writeHead(200, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': String(Buffer.byteLength(body)),
        });
        response.end(body);
      })
      .catch(() => {
        response.writeHead(500).end();
      });
  });
}

// ---------------------------------------------------------------------------------------------
// P1 and P2: our server against the baselines

interface ServerResults {
  p1?: PairResult;
  p2?: PairResult;
  commands?: CommandBenchResult;
}

async function serverBenchmarks(wanted: Set<string>): Promise<ServerResults> {
  const version = (
    JSON.parse(readFileSync(path.join(repoRoot, 'apps/server/package.json'), 'utf8')) as { version: string }
  ).version;

  const results: ServerResults = {};
  if (wanted.has('p1')) {
    const raw = rawHealthServer(version);
    const rawUrl = await listen(raw);
    cleanups.push({ name: 'raw health server', run: () => closeServer(raw) });
    const bare = await bareFastify(version);
    cleanups.push({ name: 'bare Fastify', run: bare.close });
    const app = await startApp(version, wanted.has('p2') || wanted.has('commands'));
    const sameBody =
      JSON.stringify(await getJson(`${rawUrl}/api/health`)) === JSON.stringify(await getJson(`${app.url}/api/health`));
    if (!sameBody) log("warning: the raw health body differs from the app's");
    results.p1 = await comparePair(
      { label: 'raw node:http', url: `${rawUrl}/api/health` },
      { label: 'Hasp GET /api/health', url: `${app.url}/api/health` },
      settings.p1Pipelining,
      { label: 'reference: bare Fastify 5', url: `${bare.url}/api/health` },
    );
    if (wanted.has('p2')) results.p2 = await facilityPair(app);
    if (wanted.has('commands')) results.commands = await commandBench(app);
  } else if (wanted.has('p2') || wanted.has('commands')) {
    const app = await startApp(version, true);
    if (wanted.has('p2')) results.p2 = await facilityPair(app);
    if (wanted.has('commands')) results.commands = await commandBench(app);
  }
  return results;
}

interface RunningApp {
  url: string;
  /** Set when a database was started (P2). */
  database?: { url: string };
}

/** Starts the real app; with a database (embedded PostgreSQL, migrated, demo-seeded) when P2 needs it. */
async function startApp(version: string, withDatabase: boolean): Promise<RunningApp> {
  const config = loadConfig(
    {
      HASP_CONNECTIONS: 'Demo',
      HASP_CONFIG: '',
      LOG_LEVEL: 'silent',
      HASP_LOGIN_MAX_PER_ADDRESS_PER_MINUTE: '100000',
      // The bench measures what the server can serve at saturation; shed requests would not count.
      HASP_MAX_EVENT_LOOP_DELAY_MS: '0',
    },
    path.join(os.tmpdir(), 'hasp-bench-no-such-dir'),
  );
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'hasp-bench-'));
  cleanups.push({ name: 'temporary data folder', run: () => rm(dataDir, { recursive: true, force: true }) });
  let databaseUrl: string | undefined;
  let registry: ConnectionRegistry;
  if (withDatabase) {
    log('starting embedded PostgreSQL');
    const embedded = await withTimeout(
      startEmbeddedServer({ dataDir, port: await freePort(), log: (m) => log(m) }),
      120_000,
      'Starting the embedded database',
    );
    cleanups.push({
      name: 'embedded PostgreSQL',
      run: async () => {
        await untilNoClients(embedded.urlFor('postgres'), embeddedDatabaseName('Demo'));
        await embedded.stop();
      },
    });
    registry = await openConnections(config.connections, embedded);
    const connections = registry;
    cleanups.push({ name: 'connection pools', run: () => connections.close() });
    const connection = registry.all()[0]!;
    const db = connection.db;
    // As `npm start` does: the schema as the owner role, the seed and requests as the application role.
    await withTimeout(prepareSchema(connection), 120_000, 'Migrating');
    await withTimeout(seedDemo(db), 120_000, 'Seeding');
    databaseUrl = embedded.urlFor(embeddedDatabaseName('Demo'));
  } else {
    // P1 alone: /api/health never touches the database; the pools are never opened.
    registry = await openConnections([{ name: 'Demo', url: 'postgres://bench:unused@127.0.0.1:1/unused' }], null);
    const connections = registry;
    cleanups.push({ name: 'connection pools', run: () => connections.close() });
  }
  const app = await buildApp({ config, registry, jwtSecret: JWT_SECRET, version });
  cleanups.push({ name: 'Hasp app', run: () => app.close() });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as net.AddressInfo;
  return { url: `http://127.0.0.1:${port}`, ...(databaseUrl ? { database: { url: databaseUrl } } : {}) };
}

/** A command through the runner at 10 sessions at once (HASP_BENCH_CONNECTIONS). */
function commandBench(app: RunningApp): Promise<CommandBenchResult> {
  log('command runner: Settings Table edits');
  return runCommandBench(app.url, settings.connections, settings.durationSec, settings.warmupSec);
}

async function facilityPair(app: RunningApp): Promise<PairResult> {
  if (!app.database) throw new Error('P2 needs the database');
  const response = await fetch(`${app.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      connectionStringName: 'Demo',
      facilityId: FACILITY_ID,
      username: 'admin',
      password: DEMO_PASSWORD,
    }),
    signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) throw new Error(`Sign-in answered ${response.status}: ${await response.text()}`);
  const { token } = (await response.json()) as { token?: string };
  if (!token) throw new Error('Sign-in answered without a token');
  const headers = { authorization: `Bearer ${token}` };

  const pool = new pg.Pool({ connectionString: app.database.url, max: settings.poolMax });
  pool.on('error', (error) => log(`raw pg pool: ${error.message}`));
  cleanups.push({ name: 'raw pg pool', run: () => pool.end() });
  const raw = rawFacilityServer(pool);
  const rawUrl = await listen(raw);
  cleanups.push({ name: 'raw facility server', run: () => closeServer(raw) });

  const ours = await getJson(`${app.url}/api/stilFacility/view`, headers);
  const theirs = await getJson(`${rawUrl}/api/stilFacility/view`);
  if (JSON.stringify(ours) !== JSON.stringify(theirs)) {
    log(`warning: bodies differ: app ${JSON.stringify(ours)} vs raw ${JSON.stringify(theirs)}`);
  }
  return comparePair(
    { label: 'raw node:http + pg', url: `${rawUrl}/api/stilFacility/view` },
    { label: 'Hasp GET /api/stilFacility/view', url: `${app.url}/api/stilFacility/view`, headers },
    settings.p2Pipelining,
  );
}

// ---------------------------------------------------------------------------------------------
// P5: web bundle sizes

interface Asset {
  file: string;
  bytes: number;
  gzip: number;
}

interface BundleResult {
  measured: boolean;
  reason?: string;
  distDir: string;
  /** When index.html was written: the bench builds only when it is missing. */
  builtAt?: string;
  assets: Asset[];
  loginJs: { files: string[]; gzip: number };
  firstScreenJs: { files: string[]; lazyChunks: string[]; gzip: number; pattern: string };
  allJsGzip: number;
  allCssGzip: number;
  entryCss: { files: string[]; gzip: number };
}

const MAX_FILES = 20_000;

/** Every file under dir (bounded in depth and count), as paths relative to dir with '/'. */
function listFiles(dir: string): string[] {
  const found: string[] = [];
  const walk = (relative: string, depth: number) => {
    if (depth > 8 || found.length >= MAX_FILES) return;
    for (const entry of readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child, depth + 1);
      else if (entry.isFile() && found.length < MAX_FILES) found.push(child);
    }
  };
  walk('', 0);
  return found;
}

function attributes(tag: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const match of tag.matchAll(/([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    attrs[match[1]!.toLowerCase()] = match[2] ?? match[3] ?? match[4] ?? '';
  }
  return attrs;
}

/** A URL in index.html or a chunk, as a path relative to dist; null for other origins. */
function distPath(url: string, fromDir: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(url)) return null;
  const clean = url.replace(/[?#].*$/, '');
  const joined = clean.startsWith('/') ? clean.slice(1) : path.posix.join(fromDir, clean);
  return path.posix.normalize(joined);
}

/** Static imports of a built chunk: `import ... from "./x.js"`, `import "./x.js"`, `export ... from`. */
function staticImports(file: string, code: string, jsFiles: Set<string>): string[] {
  const dir = path.posix.dirname(file);
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["']([^"'\n]+\.m?js)["']/g)) {
    const target = distPath(match[1]!, dir);
    if (target && jsFiles.has(target)) found.add(target);
  }
  return [...found];
}

function staticClosure(start: Iterable<string>, graph: Map<string, string[]>): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0 && seen.size < MAX_FILES) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...(graph.get(file) ?? []));
  }
  return seen;
}

function ensureWebBuild(distDir: string, mayBuild: boolean): string | null {
  if (existsSync(path.join(distDir, 'index.html'))) return null;
  if (!mayBuild) return `${distDir}/index.html does not exist`;
  log('apps/web/dist/index.html is missing: building the web app (npm run build -w @hasp/web)');
  const build = spawnSync('npm', ['run', 'build', '-w', '@hasp/web'], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: BUILD_LIMIT_MS,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (build.status === 0 && existsSync(path.join(distDir, 'index.html'))) return null;
  const output = `${build.stdout ?? ''}\n${build.stderr ?? ''}`
    .split('\n')
    .map((line) => stripVTControlCharacters(line).trim())
    .filter((line) => line && !line.startsWith('at ') && !line.startsWith('npm error'));
  const named = output.find((line) => /\[[A-Z_]{3,}\]|error TS\d+|\bError:/.test(line));
  const why = build.error ? build.error.message : (named ?? output.slice(-3).join(' | '));
  return `the web build failed (${why})`;
}

function webBundle(): BundleResult {
  const override = process.env.HASP_BENCH_WEB_DIST;
  const distDir = override ? path.resolve(override) : path.join(repoRoot, 'apps/web/dist');
  const empty: BundleResult = {
    measured: false,
    distDir,
    assets: [],
    loginJs: { files: [], gzip: 0 },
    firstScreenJs: { files: [], lazyChunks: [], gzip: 0, pattern: settings.firstScreen },
    allJsGzip: 0,
    allCssGzip: 0,
    entryCss: { files: [], gzip: 0 },
  };
  const problem = ensureWebBuild(distDir, !override);
  if (problem) return { ...empty, reason: problem };

  const files = listFiles(distDir).filter((f) => /\.(m?js|css)$/.test(f));
  const assets = new Map<string, Asset>();
  const code = new Map<string, string>();
  for (const file of files) {
    const content = readFileSync(path.join(distDir, file));
    assets.set(file, {
      file,
      bytes: statSync(path.join(distDir, file)).size,
      gzip: gzipSync(content, { level: 9 }).length,
    });
    if (/\.m?js$/.test(file)) code.set(file, content.toString('utf8'));
  }
  const jsFiles = new Set(code.keys());
  const graph = new Map([...code].map(([file, text]) => [file, staticImports(file, text, jsFiles)] as const));

  // What /login loads before any lazy route: index.html's module scripts and modulepreloads
  // (plus anything they import statically, in case a preload link is missing).
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const entryJs = new Set<string>();
  const entryCss = new Set<string>();
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const attrs = attributes(tag);
    const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
    let url: string | undefined;
    if (tag.toLowerCase().startsWith('<script') && attrs.type === 'module') url = attrs.src;
    else if (rel.includes('modulepreload')) url = attrs.href;
    else if (rel.includes('stylesheet')) {
      const css = attrs.href ? distPath(attrs.href, '') : null;
      if (css && assets.has(css)) entryCss.add(css);
      continue;
    }
    const js = url ? distPath(url, '') : null;
    if (js && jsFiles.has(js)) entryJs.add(js);
  }
  const login = staticClosure(entryJs, graph);

  // The first signed-in screen: the login set plus the lazy chunks named like the app shell
  // (layout, home...) with their static imports.
  const pattern = new RegExp(settings.firstScreen, 'i');
  const lazy = [...jsFiles].filter((f) => !login.has(f) && pattern.test(path.posix.basename(f)));
  const firstScreen = staticClosure([...login, ...lazy], graph);

  const sum = (set: Iterable<string>) => [...set].reduce((total, f) => total + (assets.get(f)?.gzip ?? 0), 0);
  const all = [...assets.values()].sort((a, b) => b.gzip - a.gzip);
  return {
    measured: true,
    distDir,
    builtAt: statSync(path.join(distDir, 'index.html')).mtime.toISOString(),
    assets: all,
    loginJs: { files: [...login].sort(), gzip: sum(login) },
    firstScreenJs: {
      files: [...firstScreen].sort(),
      lazyChunks: lazy.sort(),
      gzip: sum(firstScreen),
      pattern: settings.firstScreen,
    },
    allJsGzip: sum(jsFiles),
    allCssGzip: sum(all.filter((a) => a.file.endsWith('.css')).map((a) => a.file)),
    entryCss: { files: [...entryCss].sort(), gzip: sum(entryCss) },
    ...(entryJs.size === 0 ? { reason: 'index.html names no module script' } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Report

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
        .join('   ')
        .trimEnd(),
    )
    .join('\n');
}

const verdict = (ok: boolean) => (ok ? 'meets' : 'BELOW target');

function printPair(title: string, pair: PairResult, target: number): void {
  console.log(`\n${title}`);
  const row = (s: Summary, ratio?: number) => [
    `  ${s.label}`,
    grouped(s.reqPerSec),
    `±${(s.spread * 100).toFixed(1)} %`,
    s.p99Ms.toFixed(1),
    s.serverBusy.toFixed(2),
    s.serverUsPerRequest.toFixed(1),
    ratio === undefined ? '' : pct(ratio),
  ];
  console.log(
    table([
      ['', 'req/s', 'runs ±', 'p99 ms', 'server busy', 'server µs/req', 'of raw'],
      row(pair.baseline),
      ...(pair.reference ? [row(pair.reference, pair.referenceRatio)] : []),
      row(pair.app, pair.ratio),
    ]),
  );
  console.log(
    `  ours ÷ raw: ${pct(pair.ratio)} of req/s (target ≥ ${pct(target)}: ${verdict(pair.ratio >= target)}); ` +
      `${pct(pair.costRatio)} by server time per request`,
  );
  if (!pair.valid) console.log('  WARNING: some requests failed (non-2xx, errors or timeouts): see reports/bench.json');
  if (pair.baseline.serverBusy < 0.9) {
    console.log(
      `  note: the raw server was busy only ${pct(pair.baseline.serverBusy)} of the time: the load generator\n` +
        '  capped it, so the req/s ratio reads high; the time-per-request ratio does not have that bias.',
    );
  }
}

function printBundle(bundle: BundleResult): void {
  console.log('\nP5 web bundle (gzip level 9, 1 KB = 1,000 bytes)');
  if (!bundle.measured) {
    console.log(`  not measured: ${bundle.reason ?? 'unknown reason'}`);
    return;
  }
  console.log(`  ${path.relative(repoRoot, bundle.distDir) || bundle.distDir}, built ${bundle.builtAt ?? '?'}`);
  if (bundle.reason) console.log(`  warning: ${bundle.reason}`);
  const shown = bundle.assets.slice(0, 20);
  console.log(
    table([
      ['  asset', 'raw', 'gzip'],
      ...shown.map((a) => [`  ${a.file}`, kb(a.bytes), kb(a.gzip)]),
      ...(bundle.assets.length > shown.length
        ? [[`  … ${bundle.assets.length - shown.length} smaller assets (all in reports/bench.json)`, '', '']]
        : []),
    ]),
  );
  const lazy = bundle.firstScreenJs.lazyChunks;
  console.log('');
  console.log(
    table([
      ['  measure', 'gzip', 'target', ''],
      [
        `  login route JS (${bundle.loginJs.files.length} file${bundle.loginJs.files.length === 1 ? '' : 's'})`,
        kb(bundle.loginJs.gzip),
        `≤ ${targets.loginKb} KB`,
        verdict(bundle.loginJs.gzip <= targets.loginKb * KB),
      ],
      [
        `  first-screen JS (login + ${lazy.length} lazy)`,
        kb(bundle.firstScreenJs.gzip),
        `≤ ${targets.firstScreenKb} KB`,
        verdict(bundle.firstScreenJs.gzip <= targets.firstScreenKb * KB),
      ],
      [
        `  CSS, all files`,
        kb(bundle.allCssGzip),
        `≤ ${targets.cssKb} KB`,
        verdict(bundle.allCssGzip <= targets.cssKb * KB),
      ],
      ['  CSS linked by index.html', kb(bundle.entryCss.gzip), '', ''],
      ['  JS, all files (upper bound)', kb(bundle.allJsGzip), '', ''],
    ]),
  );
  console.log(
    lazy.length > 0
      ? `  first-screen lazy chunks (/${bundle.firstScreenJs.pattern}/i): ${lazy.join(', ')}`
      : `  no lazy chunk matched /${bundle.firstScreenJs.pattern}/i: first screen = login set ` +
          '(set HASP_BENCH_FIRST_SCREEN to the layout chunk name)',
  );
}

// ---------------------------------------------------------------------------------------------
// Main

async function main(): Promise<void> {
  const args = process.argv.slice(2).map((a) => a.toLowerCase());
  const unknown = args.filter((a) => !['p1', 'p2', 'p5', 'commands', 'assets'].includes(a));
  if (unknown.length > 0)
    throw new Error(`Unknown argument(s) ${unknown.join(', ')}: use p1, p2, p5, commands, assets`);
  const wanted = new Set(args.length > 0 ? args : ['p1', 'p2', 'p5', 'commands', 'assets']);
  const started = Date.now();

  // The bundle first: a build blocks the machine, so it must not overlap with timed runs.
  const bundle = wanted.has('p5') ? webBundle() : undefined;
  const servers = wanted.has('p1') || wanted.has('p2') || wanted.has('commands') ? await serverBenchmarks(wanted) : {};
  await cleanup();
  // After the load runs, on its own database: the import must not share the machine with autocannon.
  const assets = wanted.has('assets') ? await runAssetBench() : undefined;

  const cpus = os.cpus();
  const machine = `${cpus.length} CPU (${cpus[0]?.model.trim() ?? 'unknown'}), Node ${process.version}, ${os.platform()}`;
  console.log(`\nHasp bench — ${new Date().toISOString()} — ${machine}`);
  if (servers.p1 ?? servers.p2)
    console.log(
      `load: autocannon, ${settings.connections} connections, ${settings.loadWorkers} worker thread, ` +
        `${settings.durationSec} s per run after ${settings.warmupSec} s warm-up, order raw/ours/ours/raw, loopback`,
    );
  if (servers.p1) printPair(`P1 health route (pipelining ${settings.p1Pipelining})`, servers.p1, targets.p1);
  if (servers.p2) printPair('P2 authenticated facility read (no pipelining)', servers.p2, targets.p2);
  if (servers.commands) printCommandBench(servers.commands);
  if (bundle) printBundle(bundle);
  if (assets) printAssetBench(assets);

  const report = {
    date: new Date().toISOString(),
    machine: {
      cpus: cpus.length,
      model: cpus[0]?.model.trim() ?? null,
      node: process.version,
      platform: os.platform(),
    },
    settings,
    targets,
    elapsedSec: round((Date.now() - started) / 1000, 1),
    ...servers,
    ...(bundle ? { p5: bundle } : {}),
    ...(assets ? { assets } : {}),
  };
  await mkdir(path.dirname(reportFile), { recursive: true });
  await writeFile(reportFile, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nwritten: ${path.relative(repoRoot, reportFile)}`);
}

const watchdog = setTimeout(() => {
  log(`the run took longer than ${RUN_LIMIT_MS / 60_000} min: stopping`);
  void cleanup().finally(() => process.exit(1));
}, RUN_LIMIT_MS);
watchdog.unref();

process.once('uncaughtException', (error) => {
  log(`crashed: ${error.stack ?? error.message}`);
  void cleanup().finally(() => process.exit(1));
});

process.once('SIGINT', () => {
  log('interrupted: stopping');
  void cleanup().finally(() => process.exit(130));
});

main()
  .catch(async (error: unknown) => {
    log(`failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
    await cleanup();
  })
  .finally(() => {
    clearTimeout(watchdog);
    // Everything is closed; if a library still holds a handle, do not hang on it.
    setTimeout(() => process.exit(), 3000).unref();
  });
