/**
 * Asset bench. Not a test: prints numbers, fails only when it cannot run.
 *   npm run bench -- assets        (through bench/run.ts, with the other goals)
 *   npx tsx bench/asset-import.ts  (alone)
 * 1. Import: 100,000 rows (20,000 assets, 20,000 components, 60,000 isolation points) as three CSV
 *    files through upload → validate → commit (the service functions the routes call); prints
 *    seconds, rows per second and the peak RSS of this process while importing.
 * 2. Tree data: 50,000 assets (all under one area) with 200,000 isolation points, made by
 *    createLargeAssetTree (set-based SQL); prints how long that took.
 * 3. Latency of the real routes (buildApp on 127.0.0.1, a signed-in admin, one request at a time):
 *    p50 and p95 of GET /api/assets/search and GET /api/assets/tree at that size.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo';
import { EventBus, runCommand, type RequestContext } from '../apps/server/src/platform';
import {
  commitImport,
  commitImportFile,
  uploadImport,
  uploadImportFile,
  validateStoredImport,
} from '../apps/server/src/modules/asset-import/import.service';
import { createLargeAssetTree } from './support/asset-tree-data';
import { startDemoServer } from './support/demo-server';

export const assetTargets = { importSec: 20, importRssMb: 500, searchP95Ms: 200 };
const IMPORT_ROWS = 100_000;
const SAMPLES = intSetting('HASP_BENCH_ASSET_SAMPLES', 40);

function intSetting(name: string, fallback: number): number {
  const value = Number(process.env[name] || fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

export interface LatencyRow {
  label: string;
  url: string;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  samples: number;
}
export interface AssetBenchResult {
  import: {
    rows: number;
    seconds: number;
    rowsPerSecond: number;
    peakRssMb: number;
    /** RSS just before the import started: what the process held anyway (modules, pools). */
    rssBeforeMb: number;
    files: { kind: string; megabytes: number; uploadSec: number; validateSec: number; commitSec: number }[];
  };
  treeData: { assets: number; isolationPoints: number; seconds: number };
  latency: LatencyRow[];
}

const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const megabytes = (bytes: number) => round(bytes / 1024 / 1024, 0);
const log = (message: string) => process.stderr.write(`bench assets: ${message}\n`);

const csv = (header: string[], rows: Iterable<string[]>) => {
  const lines = [header.join(',')];
  for (const row of rows) lines.push(row.join(','));
  return Buffer.from(lines.join('\n'), 'utf8');
};
function* range(n: number) {
  for (let i = 1; i <= n; i++) yield i;
}
const pad = (i: number) => String(i).padStart(6, '0');

/** The three files of the import run: 20,000 + 20,000 + 60,000 = 100,000 rows. */
function importFiles() {
  const assets = 20_000;
  return [
    {
      kind: 'assets' as const,
      bytes: csv(
        ['number', 'description', 'area_number', 'manufacturer', 'status'],
        (function* () {
          for (const i of range(assets)) yield [`IA-${pad(i)}`, `Imported pump ${i}`, 'A-200', 'Acme', 'in_service'];
        })(),
      ),
    },
    {
      kind: 'components' as const,
      bytes: csv(
        ['asset_number', 'number', 'name'],
        (function* () {
          for (const i of range(assets)) yield [`IA-${pad(i)}`, 'C-1', 'Drive'];
        })(),
      ),
    },
    {
      kind: 'isolation-points' as const,
      bytes: csv(
        ['asset_number', 'component_number', 'code', 'device_type', 'lockable', 'tag_only_measure'],
        (function* () {
          for (const i of range(assets))
            for (const p of [1, 2, 3])
              yield [`IA-${pad(i)}`, 'C-1', `E-${p}`, 'breaker', p === 3 ? 'no' : 'yes', p === 3 ? 'Guard' : ''];
        })(),
      ),
    },
  ];
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

/** Runs the whole asset bench on its own embedded PostgreSQL (a temporary folder, removed after). */
export async function runAssetBench(): Promise<AssetBenchResult> {
  let imported: AssetBenchResult['import'] | undefined;
  let treeData: AssetBenchResult['treeData'] | undefined;
  let bigAreaId = 0;
  // Import and tree data go in before the app starts; the latency runs through the real routes.
  const server = await startDemoServer({
    log,
    webApp: false,
    prepare: async (db) => {
      const admin = await db
        .selectFrom('users')
        .select('id')
        .where('user_name', '=', 'admin')
        .executeTakeFirstOrThrow();
      const caller = { facilityId: 1, userId: admin.id };
      // The routes' commands, run as the administrator without a request (no key, no If-Match).
      const events = new EventBus(log);
      const ctx: RequestContext = {
        actor: { ...caller, sessionId: 'bench', deviceId: null },
        connection: { name: 'bench', db, url: '' },
        requestId: 'bench:asset-import',
        address: '',
        now: new Date(),
        expiresAt: Number.POSITIVE_INFINITY,
      };

      // 1. Import
      const files = importFiles();
      global.gc?.();
      const rssBefore = process.memoryUsage().rss;
      let peakRss = rssBefore;
      const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
      const perFile: AssetBenchResult['import']['files'] = [];
      const started = performance.now();
      try {
        for (const file of files) {
          log(`importing ${file.kind}`);
          const t0 = performance.now();
          const uploaded = await uploadImport(db, 1, file.bytes, `${file.kind}.csv`, file.kind, async (input) => {
            const command = { name: uploadImportFile.name, targetId: 1, input };
            return (await runCommand(events, ctx, uploadImportFile, command)).result;
          });
          const t1 = performance.now();
          const validated = await validateStoredImport(db, caller, uploaded.ID);
          if (validated.issueCount) throw new Error(`${file.kind}: ${validated.issues[0]?.message}`);
          const t2 = performance.now();
          await commitImport(db, 1, uploaded.ID, async () => {
            const command = { name: commitImportFile.name, targetId: uploaded.ID, input: null };
            return (await runCommand(events, ctx, commitImportFile, command)).result;
          });
          const t3 = performance.now();
          perFile.push({
            kind: file.kind,
            megabytes: round(file.bytes.length / 1e6),
            uploadSec: round((t1 - t0) / 1000, 2),
            validateSec: round((t2 - t1) / 1000, 2),
            commitSec: round((t3 - t2) / 1000, 2),
          });
        }
      } finally {
        clearInterval(sampler);
      }
      const seconds = (performance.now() - started) / 1000;
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      imported = {
        rows: IMPORT_ROWS,
        seconds: round(seconds, 2),
        rowsPerSecond: Math.round(IMPORT_ROWS / seconds),
        peakRssMb: megabytes(peakRss),
        rssBeforeMb: megabytes(rssBefore),
        files: perFile,
      };

      // 2. Tree data
      log('making 50,000 assets with 200,000 isolation points');
      const t0 = performance.now();
      const made = await createLargeAssetTree(db, 1);
      bigAreaId = made.bigAreaId;
      treeData = {
        assets: made.assets,
        isolationPoints: made.isolationPoints,
        seconds: round((performance.now() - t0) / 1000, 2),
      };
    },
  });
  try {
    // 3. Route latency, through the real app
    const { base, db } = server;
    const signIn = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ connectionStringName: 'Demo', facilityId: 1, username: 'admin', password: DEMO_PASSWORD }),
    });
    if (!signIn.ok) throw new Error(`Sign-in answered ${signIn.status}`);
    const { token } = (await signIn.json()) as { token: string };
    const get = async (url: string) => {
      const response = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
      if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
      return response.json();
    };
    const big = bigAreaId;
    const first = (await get(`/api/assets/tree?parentKind=area&parentId=${big}&limit=200`)) as {
      nextCursor: string;
      nodes: { ID: number }[];
    };
    // A cursor deep in the list: the page after the 40,000th child.
    const deep = await db
      .selectFrom('assets')
      .select('number')
      .where('area_id', '=', big)
      .orderBy('number')
      .offset(40_000)
      .limit(1)
      .executeTakeFirstOrThrow();
    const deepCursor = Buffer.from(JSON.stringify([1, deep.number])).toString('base64url');
    const cases: [string, string][] = [
      ['tree: top areas', '/api/assets/tree'],
      ['tree: first 200 of 50,000 children', `/api/assets/tree?parentKind=area&parentId=${big}&limit=200`],
      [
        'tree: next page by cursor',
        `/api/assets/tree?parentKind=area&parentId=${big}&limit=200&cursor=${first.nextCursor}`,
      ],
      [
        'tree: page after the 40,000th child',
        `/api/assets/tree?parentKind=area&parentId=${big}&limit=200&cursor=${deepCursor}`,
      ],
      ['tree: children of an asset', `/api/assets/tree?parentKind=asset&parentId=${first.nodes[0]!.ID}`],
      ['search: exact number "BX-042137"', '/api/assets/search?q=BX-042137'],
      ['search: number prefix "BX-0421"', '/api/assets/search?q=BX-0421'],
      ['search: name contains "pump 4242"', '/api/assets/search?q=pump%204242'],
      ['search: broad "pump" (50 of 70,000)', '/api/assets/search?q=pump'],
      ['search: broad "bx" (50 of 50,000)', '/api/assets/search?q=bx'],
      ['search: no match "zzqx"', '/api/assets/search?q=zzqx'],
    ];
    const latency: LatencyRow[] = [];
    for (const [label, url] of cases) {
      for (let i = 0; i < 3; i++) await get(url); // warm-up
      const ms: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        const s = performance.now();
        await get(url);
        ms.push(performance.now() - s);
      }
      ms.sort((a, b) => a - b);
      latency.push({
        label,
        url,
        p50Ms: round(percentile(ms, 0.5)),
        p95Ms: round(percentile(ms, 0.95)),
        maxMs: round(ms.at(-1)!),
        samples: ms.length,
      });
    }
    return { import: imported!, treeData: treeData!, latency };
  } finally {
    await server.stop();
  }
}

const verdict = (ok: boolean) => (ok ? 'meets' : 'BELOW target');

export function printAssetBench(result: AssetBenchResult): void {
  const { import: imp, treeData, latency } = result;
  console.log('\nAssets: import, tree data, tree and search latency');
  for (const f of imp.files) {
    console.log(
      `  ${f.kind.padEnd(17)} ${f.megabytes.toFixed(1)} MB: upload ${f.uploadSec} s, validate ${f.validateSec} s, commit ${f.commitSec} s`,
    );
  }
  console.log(
    `  import: ${imp.rows.toLocaleString('en-US')} rows in ${imp.seconds} s (target ≤ ${assetTargets.importSec} s: ` +
      `${verdict(imp.seconds <= assetTargets.importSec)}) = ${imp.rowsPerSecond.toLocaleString('en-US')} rows/s; ` +
      `peak RSS ${imp.peakRssMb} MB, ${imp.rssBeforeMb} MB before (target < ${assetTargets.importRssMb} MB: ${verdict(imp.peakRssMb < assetTargets.importRssMb)})`,
  );
  console.log(
    `  tree data: ${treeData.assets.toLocaleString('en-US')} assets + ${treeData.isolationPoints.toLocaleString('en-US')} isolation points made in ${treeData.seconds} s`,
  );
  const width = Math.max(...latency.map((l) => l.label.length));
  console.log(`  ${'route (one request at a time)'.padEnd(width)}   p50 ms   p95 ms   max ms`);
  for (const l of latency) {
    const flag = l.label.startsWith('search') && l.p95Ms >= assetTargets.searchP95Ms ? '   BELOW target' : '';
    console.log(
      `  ${l.label.padEnd(width)}   ${l.p50Ms.toFixed(1).padStart(6)}   ${l.p95Ms.toFixed(1).padStart(6)}   ${l.maxMs.toFixed(1).padStart(6)}${flag}`,
    );
  }
  const worst = Math.max(...latency.filter((l) => l.label.startsWith('search')).map((l) => l.p95Ms));
  console.log(
    `  slowest search p95: ${worst} ms (target < ${assetTargets.searchP95Ms} ms: ${verdict(worst < assetTargets.searchP95Ms)})`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  runAssetBench()
    .then((result) => {
      printAssetBench(result);
      process.exit(0);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
