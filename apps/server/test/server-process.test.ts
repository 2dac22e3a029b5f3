import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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
