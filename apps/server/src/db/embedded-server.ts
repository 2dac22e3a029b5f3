import { spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, openSync, closeSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { readOrCreateSecret } from '../config/secret-file';
import { adoptPassword } from './embedded/password';
import { EMBEDDED_ROLES, ensureEmbeddedRoles } from './database-roles';
import {
  isAlive,
  isPostmasterOf,
  isSameProcess,
  readOwner,
  readPostmasterPid,
  removeOwner,
  startSentinel,
  stopPostmaster,
  writeOwner,
} from './embedded/postmaster';
import { EmbeddedStartError, isRoot, postgresBinaries, postgresUser, type RunAs } from './embedded/postgres-binaries';

export { EmbeddedStartError } from './embedded/postgres-binaries';

export interface EmbeddedServer {
  /** URL of a database on the embedded server, as its superuser. */
  urlFor(database: string): string;
  /** URL of a database as the owner role (migrations) or the application role (requests): db/database-roles.ts. */
  roleUrlFor(database: string, role: 'owner' | 'app'): string;
  stop(): Promise<void>;
}

const USER = 'postgres';

/** bench/sync-push.ts's HASP_PROFILE_PG=1: each statement's planning and execution time (pg_stat_statements). */
const PROFILE_SETTINGS = [
  ...['shared_preload_libraries=pg_stat_statements', 'pg_stat_statements.track=all'],
  ...['pg_stat_statements.track_planning=on', 'track_functions=all'],
].flatMap((setting) => ['-c', setting]);

/**
 * PostgreSQL's "non-durable settings" (its manual, Performance Tips): for a throwaway database a
 * commit no longer waits for the disk (measured here: about 7 ms per synced write on these VMs).
 */
const NON_DURABLE_SETTINGS = ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'].flatMap((setting) => [
  '-c',
  setting,
]);

/** Resolves true when nothing listens on 127.0.0.1:port. */
function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.once('listening', () => server.close(() => resolve(true)));
    server.listen(port, '127.0.0.1');
  });
}

/**
 * PostgreSQL is started with its data folder as working directory. As root it runs as the
 * postgres user, who may be unable to enter the folders above it (a clone in /root): the
 * working directory is entered before the user switch, and `-D /proc/self/cwd` names it without
 * walking that path, so the database works there without widening anyone's access to them.
 */
const dataDirArgument = (databaseDir: string) =>
  isRoot() && existsSync('/proc/self/cwd') ? '/proc/self/cwd' : databaseDir;

/**
 * A live postmaster on our folder: our orphan (the Hasp process that started it is gone) is
 * stopped; anything else is refused with the fix. A stale lock file whose PID now belongs to
 * another program is removed (PostgreSQL itself would refuse it).
 */
async function takeOverFolder(dataDir: string, databaseDir: string, log: (m: string) => void): Promise<void> {
  const held = readPostmasterPid(databaseDir);
  if (!held || !isAlive(held.pid)) return;
  const isOurs = isPostmasterOf(held.pid, databaseDir);
  if (isOurs === false) {
    log(`Removing a stale lock file of the embedded database (PID ${held.pid} is another program now)`);
    rmSync(path.join(databaseDir, 'postmaster.pid'), { force: true });
    return;
  }
  const owner = readOwner(dataDir);
  const started = owner?.postgresPid === held.pid && isSameProcess(held.pid, owner.postgresStart);
  if (started && owner && isSameProcess(owner.ownerPid, owner.ownerStart)) {
    throw new EmbeddedStartError(
      `The embedded database folder ${databaseDir} is in use by a running Hasp server (PID ${owner.ownerPid}): stop it or set HASP_DATA_DIR to another folder.`,
    );
  }
  if (!started || isOurs === null) {
    throw new EmbeddedStartError(
      `The embedded database folder ${databaseDir} is in use by another process (PostgreSQL PID ${held.pid}, not started by Hasp): stop it (kill -INT ${held.pid}) or set HASP_DATA_DIR to another folder.`,
    );
  }
  const began = Date.now();
  log(`Stopping the embedded database left running by a Hasp process that ended (PID ${held.pid})`);
  await stopPostmaster(held.pid, databaseDir);
  removeOwner(dataDir);
  log(`Stopped the orphaned embedded database in ${Date.now() - began} ms`);
}

/** Creates the cluster with the superuser password passed through a file only that user can read. */
async function initialise(
  binaries: { initdb: string },
  databaseDir: string,
  password: string,
  user: RunAs,
): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'hasp-initdb-'));
  const file = path.join(folder, 'password');
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  if (user.uid !== undefined) chownSync(file, user.uid, user.gid ?? -1);
  // Given as stdin (/dev/stdin): reopening an open file does not walk the (root-only) path to it.
  const fd = openSync(file, 'r');
  try {
    const output = await run(
      binaries.initdb,
      [
        `--pgdata=${dataDirArgument(databaseDir)}`,
        '--auth=scram-sha-256',
        `--username=${USER}`,
        '--pwfile=/dev/stdin',
        '--encoding=UTF8',
        '--no-instructions',
      ],
      { cwd: databaseDir, user, stdin: fd },
    );
    if (output.code !== 0) {
      throw new EmbeddedStartError(`Initialising the embedded database failed: ${lastLines(output.text)}`);
    }
  } finally {
    closeSync(fd);
    rmSync(folder, { recursive: true, force: true });
  }
}

function run(
  command: string,
  args: string[],
  options: { cwd: string; user: RunAs; stdin: number },
): Promise<{ code: number | null; text: string }> {
  return new Promise((resolve) => {
    let text = '';
    const child = spawn(command, args, {
      cwd: options.cwd,
      ...options.user,
      env: { ...process.env, LC_MESSAGES: 'C' },
      stdio: [options.stdin, 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('error', (error) => resolve({ code: null, text: error.message }));
    child.on('close', (code) => resolve({ code, text }));
  });
}

const lastLines = (text: string) => text.trim().split('\n').slice(-3).join(' ');

/**
 * Starts the embedded PostgreSQL server (initialising the data folder on first use), stopping
 * our own orphan from a crashed run first. Fails with one line that says what to do when the
 * port is taken, the folder is in use or the platform cannot run it.
 */
export async function startEmbeddedServer(options: {
  dataDir: string;
  port: number;
  /** false: a throwaway database (tests) that does not wait for the disk; default true. */
  durable?: boolean;
  log: (message: string) => void;
}): Promise<EmbeddedServer> {
  const dataDir = path.resolve(options.dataDir);
  const databaseDir = path.join(dataDir, 'pg');
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new EmbeddedStartError(
      `Cannot create the data folder ${dataDir} (${(error as { code?: string }).code ?? String(error)}): set HASP_DATA_DIR to a folder this user can write.`,
    );
  }
  await takeOverFolder(dataDir, databaseDir, options.log);
  if (!(await isPortFree(options.port))) {
    throw new EmbeddedStartError(
      `Port ${options.port} for the embedded database is already in use: stop what uses it or set HASP_EMBEDDED_PG_PORT to a free port.`,
    );
  }
  const user: RunAs = isRoot() ? postgresUser() : {};
  const binaries = postgresBinaries(user);
  const password = readOrCreateSecret(path.join(dataDir, 'pg-password'));
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    options.log(`Initialising the embedded database in ${databaseDir}`);
    mkdirSync(databaseDir, { recursive: true, mode: 0o700 });
    if (user.uid !== undefined) chownSync(databaseDir, user.uid, user.gid ?? -1);
    await initialise(binaries, databaseDir, password, user);
  }

  let output = '';
  const child = spawn(
    binaries.postgres,
    [
      '-D',
      dataDirArgument(databaseDir),
      '-p',
      String(options.port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
      ...(options.durable === false ? NON_DURABLE_SETTINGS : []),
      ...(process.env.HASP_PROFILE_PG === '1' ? PROFILE_SETTINGS : []),
    ],
    {
      cwd: databaseDir,
      ...user,
      env: { ...process.env, LC_MESSAGES: 'C' },
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  child.stderr.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  let exited = false;
  const exit = new Promise<void>((resolve) => {
    child.on('error', (error) => (output += error.message));
    child.on('close', () => {
      exited = true;
      resolve();
    });
  });
  const pid = child.pid;
  if (pid === undefined) {
    await exit;
    throw new EmbeddedStartError(`The embedded database did not start: ${lastLines(output)}`);
  }
  // Recorded and watched from the first moment, so a crash even during start leaves no stranger.
  writeOwner(dataDir, pid);
  const sentinel = startSentinel(pid);
  // It ended on its own (crash, someone stopped it): the sentinel must not signal a reused PID.
  void exit.then(() => sentinel.stop());
  // Ready when the postmaster marks its lock file so (what pg_ctl -w waits for).
  for (const deadline = Date.now() + 60_000; ; await sleep(50)) {
    const state = readPostmasterPid(databaseDir);
    if (state && state.pid === pid && state.status === 'ready') break;
    if (exited || Date.now() > deadline) {
      sentinel.stop();
      child.kill('SIGQUIT');
      removeOwner(dataDir);
      if (/lock file .* already exists/i.test(output)) {
        throw new EmbeddedStartError(`The embedded database folder ${databaseDir} is in use by another process.`);
      }
      if (/could not bind|address already in use/i.test(output)) {
        throw new EmbeddedStartError(`Port ${options.port} for the embedded database is already in use.`);
      }
      throw new EmbeddedStartError(`The embedded database did not start: ${lastLines(output)}`);
    }
  }
  child.unref();
  (child.stderr as unknown as { unref(): void }).unref();

  const urlFor = (database: string, secret = password, user: string = USER) =>
    `postgres://${user}:${encodeURIComponent(secret)}@127.0.0.1:${options.port}/${encodeURIComponent(database)}`;
  const rolePasswords = {
    owner: readOrCreateSecret(path.join(dataDir, 'pg-owner-password')),
    app: readOrCreateSecret(path.join(dataDir, 'pg-app-password')),
  };
  try {
    await adoptPassword(urlFor('postgres'), (legacy) => urlFor('postgres', legacy), password);
    await ensureEmbeddedRoles(urlFor('postgres'), rolePasswords);
  } catch (error) {
    sentinel.stop();
    await stopPostmaster(pid, databaseDir);
    throw error;
  }
  return {
    urlFor: (database) => urlFor(database),
    roleUrlFor: (database, role) => urlFor(database, rolePasswords[role], EMBEDDED_ROLES[role]),
    stop: async () => {
      sentinel.stop();
      if (!exited) await stopPostmaster(pid, databaseDir);
      await exit;
      removeOwner(dataDir);
    },
  };
}
