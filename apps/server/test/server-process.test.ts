import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startEmbeddedServer } from '../src/db/embedded-server';

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
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe('a whole server process', () => {
  it('starts the embedded database, migrates, seeds, serves, and on SIGTERM stops cleanly', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hasp-process-'));
    const [port, pgPort] = [await freePort(), await freePort()];
    const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
      env: {
        ...process.env,
        PORT: String(port),
        HASP_DATA_DIR: dataDir,
        HASP_EMBEDDED_PG_PORT: String(pgPort),
        HASP_CONFIG: '',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const deadline = Date.now() + 45_000;
      while (!output.includes('Hasp is running at') && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 200));
      expect(output).toContain(`Hasp is running at http://127.0.0.1:${port}`);
      const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
      expect(await ready.json()).toMatchObject({ status: 'ok', connections: [{ name: 'Demo', ok: true }] });
      const facilities = await fetch(`http://127.0.0.1:${port}/api/stilFacility/getRecords?connectionStringName=Demo`);
      expect(((await facilities.json()) as unknown[]).length).toBe(2);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output).toContain('"stopped"');
      expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
      // Secrets never reach the log.
      expect(output).not.toMatch(/eyJ[\w-]+\.eyJ/);
    } finally {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
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
        await expect(startEmbeddedServer({ dataDir, port: takenPort + 1, log: () => {} })).rejects.toThrow(
          /is in use by another process/,
        );
      } finally {
        await first.stop();
      }
    } finally {
      blocker.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
