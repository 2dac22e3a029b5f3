import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startEmbeddedServer } from '../src/db/embedded-server';
import { LEGACY_PASSWORD } from '../src/db/embedded/password';
import { isAlive, readPostmasterPid } from '../src/db/embedded/postmaster';
import { ROOT_BINARY_CACHE } from '../src/db/embedded/postgres-binaries';
import { freePort, waitFor, expectServing, sentinelOf, withServerFolder } from './support/server-process';

const serverEntry = path.resolve(import.meta.dirname, '../src/server.ts');

describe('server process start-up', () => {
  it('stops with a message naming a wrong setting', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', serverEntry], {
      env: { ...process.env, PORT: 'eighty', HASP_CONFIG: '' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toContain('PORT');
  });

  it('stops with one line naming the fix when the data folder cannot be made', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'hasp-no-data-'));
    writeFileSync(path.join(folder, 'file'), '');
    const result = spawnSync(process.execPath, ['--import', 'tsx', serverEntry], {
      // A folder below a file can never be made.
      env: { ...process.env, HASP_CONFIG: '', HASP_DATA_DIR: path.join(folder, 'file', 'data'), LOG_LEVEL: 'info' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    rmSync(folder, { recursive: true, force: true });
    expect(result.status).toBe(1);
    const fatal = `${result.stdout}${result.stderr}`.split('\n').filter((line) => line.includes('"level":60'));
    expect(fatal).toHaveLength(1);
    expect(fatal[0]).toContain('set HASP_DATA_DIR to a folder this user can write');
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/\n\s+at /);
  });
});

describe('a whole server process', () => {
  it(
    'starts the embedded database, migrates, seeds, serves, and on SIGTERM stops cleanly',
    () =>
      withServerFolder(
        'hasp-process-',
        async ({ dataDir, port, start }) => {
          const server = await start();
          expect(server.output()).toContain(`Hasp is running at http://127.0.0.1:${port}`);
          await expectServing(port);
          const facilities = await fetch(
            `http://127.0.0.1:${port}/api/stilFacility/getRecords?connectionStringName=Demo`,
          );
          expect(((await facilities.json()) as unknown[]).length).toBe(2);
          server.child.kill('SIGTERM');
          expect(await server.exited).toBe(0);
          expect(server.output()).toContain('"stopped"');
          expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
          // Secrets never reach the log.
          expect(server.output()).not.toMatch(/eyJ[\w-]+\.eyJ/);
          expect(server.output()).not.toContain(readFileSync(path.join(dataDir, 'pg-password'), 'utf8'));
        },
        { keepAsSeeded: true },
      ),
    120_000,
  );

  it(
    'after kill -9 its database stops within seconds, and a second start on the same folder serves',
    () =>
      withServerFolder(
        'hasp-crash-',
        async ({ dataDir, port, start }) => {
          const first = await start();
          await expectServing(port, first);
          const orphan = readPostmasterPid(path.join(dataDir, 'pg'))?.pid as number;
          expect(isAlive(orphan)).toBe(true);
          const killedAt = Date.now();
          first.child.kill('SIGKILL');
          await first.exited;
          expect(await waitFor(() => !isAlive(orphan), 30_000)).toBe(true);
          const orphanLivedMs = Date.now() - killedAt;
          console.info(`orphaned embedded database lived ${orphanLivedMs} ms after kill -9 of the server`);
          expect(orphanLivedMs).toBeLessThan(30_000);

          const second = await start();
          await expectServing(port, second);
        },
        { seeded: true },
      ),
    330_000,
  );

  it(
    'a start finds the database a killed server left running (its sentinel killed too), stops it and serves',
    () =>
      withServerFolder(
        'hasp-orphan-',
        async ({ dataDir, port, start }) => {
          const first = await start();
          await expectServing(port, first);
          const orphan = readPostmasterPid(path.join(dataDir, 'pg'))?.pid as number;
          process.kill(sentinelOf(orphan) as number, 'SIGKILL');
          first.child.kill('SIGKILL');
          await first.exited;
          expect(isAlive(orphan)).toBe(true);

          const startedAt = Date.now();
          const second = await start();
          const stopped = /Stopped the orphaned embedded database in \d+ ms/.exec(second.output())?.[0];
          console.info(`a start with our orphan running served after ${Date.now() - startedAt} ms (${stopped})`);
          expect(second.output()).toContain(`left running by a Hasp process that ended (PID ${orphan})`);
          expect(isAlive(orphan)).toBe(false);
          await expectServing(port, second);
        },
        { seeded: true },
      ),
    330_000,
  );
});

describe('embedded database start-up', () => {
  it('says so clearly when its port is taken or its folder is held by another server', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hasp-embedded-'));
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const takenPort = (blocker.address() as net.AddressInfo).port;
    try {
      await expect(startEmbeddedServer({ dataDir, port: takenPort, log: () => {} })).rejects.toThrow(
        `Port ${takenPort} for the embedded database is already in use`,
      );
      blocker.close();
      const first = await startEmbeddedServer({ dataDir, port: takenPort, log: () => {} });
      try {
        // Held by a live Hasp process (this one) …
        await expect(startEmbeddedServer({ dataDir, port: takenPort + 1, log: () => {} })).rejects.toThrow(
          /is in use by a running Hasp server \(PID \d+\): stop it or set HASP_DATA_DIR/,
        );
        // … or by a PostgreSQL no Hasp process claims: never stopped, named with the fix.
        rmSync(path.join(dataDir, 'embedded-pg.owner.json'));
        await expect(startEmbeddedServer({ dataDir, port: takenPort + 1, log: () => {} })).rejects.toThrow(
          /not started by Hasp\): stop it \(kill -INT \d+\) or set HASP_DATA_DIR/,
        );
      } finally {
        await first.stop();
      }
    } finally {
      blocker.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('gives each data folder its own superuser password, and moves a folder off the old fixed one', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hasp-password-'));
    const port = await freePort();
    const passwordFile = path.join(dataDir, 'pg-password');
    const signIn = async (password: string) => {
      const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
      try {
        await client.connect();
        return 'accepted';
      } catch (error) {
        return (error as { code?: string }).code === '28P01' ? 'refused' : String(error);
      } finally {
        await client.end().catch(() => {});
      }
    };
    try {
      let server = await startEmbeddedServer({ dataDir, port, log: () => {} });
      const generated = readFileSync(passwordFile, 'utf8');
      expect(generated).toMatch(/^[\w-]{43}$/);
      expect(statSync(passwordFile).mode & 0o777).toBe(0o600);
      expect(await signIn(LEGACY_PASSWORD)).toBe('refused');
      expect(await signIn(generated)).toBe('accepted');

      // A folder as the previous version left it: the fixed password and no pg-password file.
      const client = new pg.Client({ connectionString: server.urlFor('postgres') });
      await client.connect();
      await client.query(`alter role postgres password '${LEGACY_PASSWORD}'`);
      await client.end();
      await server.stop();
      rmSync(passwordFile);

      server = await startEmbeddedServer({ dataDir, port, log: () => {} });
      try {
        const migrated = readFileSync(passwordFile, 'utf8');
        expect(migrated).not.toBe(generated);
        expect(await signIn(migrated)).toBe('accepted');
        expect(await signIn(LEGACY_PASSWORD)).toBe('refused');
      } finally {
        await server.stop();
      }
      // Later starts reuse the stored password.
      const stored = readFileSync(passwordFile, 'utf8');
      server = await startEmbeddedServer({ dataDir, port, log: () => {} });
      await server.stop();
      expect(readFileSync(passwordFile, 'utf8')).toBe(stored);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

const repoRoot = path.resolve(import.meta.dirname, '../../..');

describe('starts anywhere', () => {
  // PostgreSQL cannot run as root; as root it runs as the postgres user, who cannot enter /root.
  it.runIf(process.getuid?.() === 0)(
    'cloned into a folder only root can enter, `npm start` serves with its data in ./data',
    async () => {
      const rootOnly = mkdtempSync(path.join(tmpdir(), 'hasp-root-only-')); // mode 0700, like /root
      expect(statSync(rootOnly).mode & 0o777).toBe(0o700);
      const clone = path.join(rootOnly, 'hasp');
      // The clone the server runs from: sources copied, node_modules hard-linked (same files, but
      // reached only through the root-only folder, as after `npm ci` there).
      spawnSync('mkdir', ['-p', path.join(clone, 'apps'), path.join(clone, 'packages')]);
      for (const part of ['node_modules', 'apps/server', 'packages/contracts', 'package.json', 'tsconfig.base.json']) {
        const copied = spawnSync('cp', ['-al', path.join(repoRoot, part), path.join(clone, part)]);
        expect(copied.status).toBe(0);
      }
      const [port, pgPort] = [await freePort(), await freePort()];
      const env: Record<string, string | undefined> = {
        ...process.env,
        PORT: String(port),
        HASP_EMBEDDED_PG_PORT: String(pgPort),
        LOG_LEVEL: 'info',
        // A start from a clone, on a box busy with other tests: no load shedding.
        HASP_MAX_EVENT_LOOP_DELAY_MS: '0',
      };
      for (const name of ['INIT_CWD', 'HASP_DATA_DIR', 'HASP_CONFIG']) delete env[name];
      // The server half of `npm start` (the other half builds the web app), as a process group to stop.
      const child = spawn('npm', ['run', 'start', '-w', '@hasp/server'], {
        cwd: clone,
        env,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      let ended = false;
      const exited = new Promise<void>((resolve) => child.on('exit', () => resolve(void (ended = true))));
      const databaseDir = path.join(clone, 'data', 'pg');
      try {
        await waitFor(() => ended || output.includes('Hasp is running at'), 150_000);
        expect(output).not.toContain('EACCES');
        expect(output).toContain(`Hasp is running at http://127.0.0.1:${port}`);
        await expectServing(port);
        expect(existsSync(path.join(databaseDir, 'PG_VERSION'))).toBe(true);
        expect(existsSync(path.join(clone, 'apps', 'server', 'data'))).toBe(false);
        const postmaster = readPostmasterPid(databaseDir)?.pid as number;
        // The postgres user runs the copy of the binaries it can reach, not node_modules.
        expect(readFileSync(`/proc/${postmaster}/cmdline`, 'utf8')).toContain(ROOT_BINARY_CACHE);
      } finally {
        if (!ended) process.kill(-(child.pid as number), 'SIGTERM');
        await exited;
        await waitFor(() => !existsSync(path.join(databaseDir, 'postmaster.pid')), 30_000);
        rmSync(rootOnly, { recursive: true, force: true });
      }
    },
    240_000,
  );
});
