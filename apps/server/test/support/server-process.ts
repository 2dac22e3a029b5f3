import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { embeddedDatabaseName } from '../../src/db/connections';

/**
 * The server run as `npm start` runs it, a process of its own with the embedded database in a fresh
 * data folder: for the tests that kill it, start it again on the same folder, or watch its database.
 */
const serverEntry = path.resolve(import.meta.dirname, '../../src/server.ts');

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Polls `done` (a state, not a time) until it holds or `ms` pass; resolves whether it held. */
export async function waitFor(done: () => boolean, ms: number): Promise<boolean> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await sleep(25)) if (done()) return true;
  return done();
}

export interface RunningServer {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Spawns the server entry as `npm start` would, until it says it is running (or ends). */
export async function startServer(env: Record<string, string>, cwd?: string): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd,
    // No load shedding (unless a test asks): a loaded 2-core CI box can hold the loop past any bound
    // worth having, and these tests are about starting and stopping, not capacity.
    env: { ...process.env, HASP_CONFIG: '', LOG_LEVEL: 'info', HASP_MAX_EVENT_LOOP_DELAY_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let ended = false;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      ended = true;
      resolve(code);
    }),
  );
  await waitFor(() => ended || output.includes('Hasp is running at'), 150_000);
  return { child, output: () => output, exited };
}

export async function expectServing(port: number, server?: RunningServer): Promise<void> {
  if (server) expect(server.output()).toContain(`Hasp is running at http://127.0.0.1:${port}`);
  const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
  expect(await ready.json()).toMatchObject({ status: 'ok', connections: [{ name: 'Demo', ok: true }] });
}

/** The sentinel shell watching a postmaster (found through /proc, as an operator would with ps). */
export function sentinelOf(postgresPid: number): number | null {
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (args.includes('hasp-postgres-sentinel') && args.includes(String(postgresPid))) return Number(entry);
    } catch {
      // It ended while we looked.
    }
  }
  return null;
}

/**
 * A data folder whose server migrated and seeded the demo once in this run, then stopped cleanly.
 * Tests about killing, restarting or clocks start from a copy of it rather than seeding anew (a
 * minute or more each on two cores); the tests of a first start use an empty folder.
 */
const seededFolderPath = () => path.join(inject('runFolder'), 'seeded-server-folder');

async function seededFolder(): Promise<string> {
  const folder = seededFolderPath();
  const done = path.join(folder, '.seeded');
  if (existsSync(done)) return folder;
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder);
  const [port, pgPort] = [await freePort(), await freePort()];
  const server = await startServer({
    PORT: String(port),
    HASP_DATA_DIR: folder,
    HASP_EMBEDDED_PG_PORT: String(pgPort),
  });
  await expectServing(port, server);
  server.child.kill('SIGTERM');
  expect(await server.exited, server.output()).toBe(0);
  writeFileSync(done, '');
  return folder;
}

/**
 * Runs `test` with a data folder and ports; `start` spawns a server on them (as often as the test
 * needs). The folder is empty, or with `seeded` a copy of one whose demo is already seeded (`cp -a`:
 * owners and modes kept, as the embedded database wants its folder). Afterwards every server still
 * running is stopped (SIGTERM, so its database stops too) and the folder removed.
 */
export async function withServerFolder(
  prefix: string,
  test: (folder: {
    dataDir: string;
    port: number;
    pgPort: number;
    start: (extraEnv?: Record<string, string>) => Promise<RunningServer>;
  }) => Promise<void>,
  options: { seeded?: boolean; keepAsSeeded?: boolean } = {},
): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  if (options.seeded) {
    const copied = spawnSync('cp', ['-a', `${await seededFolder()}/.`, dataDir], { encoding: 'utf8' });
    expect(copied.status, copied.stderr).toBe(0);
  }
  const [port, pgPort] = [await freePort(), await freePort()];
  const env = { PORT: String(port), HASP_DATA_DIR: dataDir, HASP_EMBEDDED_PG_PORT: String(pgPort) };
  const started: RunningServer[] = [];
  const start = async (extraEnv: Record<string, string> = {}) => {
    const server = await startServer({ ...env, ...extraEnv });
    started.push(server);
    return server;
  };
  let passed = false;
  try {
    await test({ dataDir, port, pgPort, start });
    passed = true;
  } finally {
    for (const server of started) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    // A test of a first start that seeded the demo and stopped cleanly leaves just what seededFolder
    // makes: it becomes that folder, saving the run a second demo seed (a minute on two cores).
    const seeded = seededFolderPath();
    if (options.keepAsSeeded && passed && !existsSync(path.join(seeded, '.seeded'))) {
      rmSync(seeded, { recursive: true, force: true });
      const moved = spawnSync('mv', [dataDir, seeded], { encoding: 'utf8' });
      expect(moved.status, moved.stderr).toBe(0);
      writeFileSync(path.join(seeded, '.seeded'), '');
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * A connection of its own to the Demo database of a server process's folder, for one look (the
 * database goes down with every kill, so none is kept). The password is made by the first start.
 */
export async function withEmbeddedClient<T>(
  folder: { dataDir: string; pgPort: number },
  look: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({
    host: '127.0.0.1',
    port: folder.pgPort,
    user: 'postgres',
    password: readFileSync(path.join(folder.dataDir, 'pg-password'), 'utf8'),
    database: embeddedDatabaseName('Demo'),
  });
  await client.connect();
  try {
    return await look(client);
  } finally {
    await client.end();
  }
}

/**
 * The environment that runs a server process (and the database it starts, which inherits it) on a
 * clock `offset` away from the machine's, e.g. '+2h' (Debian's libfaketime, installed by .ci/run).
 * Preloaded into the process itself: the `faketime` command would stand between the test and the
 * server, and a signal to it does not reach the server.
 */
export function skewedClockEnv(offset: string): Record<string, string> {
  const library = ['x86_64-linux-gnu', 'aarch64-linux-gnu']
    .map((arch) => `/usr/lib/${arch}/faketime/libfaketime.so.1`)
    .find((file) => existsSync(file));
  if (!library) throw new Error('libfaketime is not installed (Debian package faketime; .ci/run installs it)');
  return { LD_PRELOAD: library, FAKETIME: offset, FAKETIME_DONT_FAKE_MONOTONIC: '1' };
}
