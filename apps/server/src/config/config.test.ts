import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseConnectionList } from './config';

const load = (env: Record<string, string>) => loadConfig({ HASP_CONFIG: '', ...env }, '/nonexistent');

describe('configuration', () => {
  it('defaults to one embedded Demo connection on port 3000', () => {
    const config = load({});
    expect(config.port).toBe(3000);
    expect(config.connections).toEqual([{ name: 'Demo', seedDemo: true }]);
  });

  it('sheds load by default past 150 ms of event-loop delay, measured every 500 ms, telling clients to wait 3 s', () => {
    const config = load({});
    expect(config.maxEventLoopDelayMs).toBe(150);
    expect(config.maxEventLoopUtilization).toBe(0);
    expect(config.overloadSampleMs).toBe(500);
    expect(config.overloadRetryAfterSec).toBe(3);
    expect(load({ HASP_MAX_EVENT_LOOP_DELAY_MS: '0', HASP_MAX_EVENT_LOOP_UTILIZATION: '0.98' })).toMatchObject({
      maxEventLoopDelayMs: 0,
      maxEventLoopUtilization: 0.98,
    });
  });

  it('keeps the embedded database durable unless HASP_EMBEDDED_PG_DURABLE says false, and names a wrong value', () => {
    expect(load({}).embeddedPgDurable).toBe(true);
    expect(load({ HASP_EMBEDDED_PG_DURABLE: 'false' }).embeddedPgDurable).toBe(false);
    expect(load({ HASP_EMBEDDED_PG_DURABLE: 'true' }).embeddedPgDurable).toBe(true);
    expect(() => load({ HASP_EMBEDDED_PG_DURABLE: 'maybe' })).toThrow(/HASP_EMBEDDED_PG_DURABLE/);
  });

  it('parses named connections, embedded or by URL', () => {
    expect(parseConnectionList('Demo, Plant 2=postgres://u:p@db:5432/plant2')).toEqual([
      { name: 'Demo' },
      { name: 'Plant 2', url: 'postgres://u:p@db:5432/plant2' },
    ]);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ HASP_JWT_SECRET: 'short' }, 'HASP_JWT_SECRET'],
    [{ HASP_CONNECTIONS: 'Demo=mysql://x' }, 'HASP_CONNECTIONS'],
    [{ HASP_CONNECTIONS: 'Demo,demo' }, 'duplicate connection name'],
    [{ HASP_DEFAULT_CONNECTION: 'Nope' }, 'HASP_DEFAULT_CONNECTION'],
    [{ HASP_ACCESS_TOKEN_TTL_SEC: '3600' }, 'HASP_ACCESS_TOKEN_TTL_SEC'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ HASP_MAX_EVENT_LOOP_DELAY_MS: '-1' }, 'HASP_MAX_EVENT_LOOP_DELAY_MS'],
    [{ HASP_MAX_EVENT_LOOP_UTILIZATION: '1.5' }, 'HASP_MAX_EVENT_LOOP_UTILIZATION'],
    [{ HASP_OVERLOAD_SAMPLE_MS: '5' }, 'HASP_OVERLOAD_SAMPLE_MS'],
    [{ HASP_OVERLOAD_RETRY_AFTER_SEC: '0' }, 'HASP_OVERLOAD_RETRY_AFTER_SEC'],
  ])('refuses %o with a message naming %s', (env, name) => {
    expect(() => load(env)).toThrow(ConfigError);
    expect(() => load(env)).toThrow(name);
  });

  it('lists private webhook targets only of a kind the list can open, naming the first that is not', () => {
    const targets = (value: string) => load({ HASP_CONNECT_ALLOW_PRIVATE_TARGETS: value }).connectAllowPrivateTargets;
    const liftable = ['127.0.0.1', '::1', '10.0.0.0/8', '192.168.10.5', '169.254.0.0/16', '100.64.0.0/10'];
    liftable.push('fd00::/8', 'fe80::1', '::ffff:10.0.0.5');
    expect(targets(liftable.join(','))).toEqual(liftable);
    // Public, multicast, reserved, unspecified and broadcast addresses, a range starting at one, and
    // an IPv4-mapped range (a delivery compares IPv4 addresses as IPv4): none would ever be opened.
    for (const wrong of [
      '8.8.8.8',
      '2606:4700:4700::1111',
      '224.0.0.1',
      'ff02::1',
      '240.0.0.0/4',
      '2001:db8::/32',
      '0.0.0.0/0',
      '::',
      '255.255.255.255',
      '::ffff:10.0.0.0/104',
    ]) {
      expect(() => targets(`10.0.0.5,${wrong}`), wrong).toThrow(ConfigError);
      expect(() => targets(`10.0.0.5,${wrong}`), wrong).toThrow(
        `HASP_CONNECT_ALLOW_PRIVATE_TARGETS: "${wrong}" is not a loopback, private, link-local`,
      );
    }
  });

  it('reads a relative HASP_CONFIG from the folder the server was started in', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'hasp-config-'));
    writeFileSync(path.join(folder, 'mine.json'), JSON.stringify({ port: 8081 }));
    try {
      expect(loadConfig({ HASP_CONFIG: 'mine.json' }, folder).port).toBe(8081);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('names a config file that is not valid JSON', () => {
    expect(() => loadConfig({ HASP_CONFIG: '/nonexistent/hasp.json' }, '/')).toThrow(/HASP_CONFIG/);
  });
});
