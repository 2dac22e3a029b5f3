import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

/**
 * A small built app, as `vite build` leaves it: hashed files under assets/ with brotli and gzip
 * copies beside them (the stylesheet has only a gzip copy, the service worker none).
 */
const files = {
  'index.html': '<!doctype html><html><head><title>Hasp</title></head><body><div id="root"></div></body></html>',
  'sw.js': 'self.addEventListener("install", () => self.skipWaiting());',
  'manifest.webmanifest': '{"name":"Hasp","start_url":"/"}',
  'assets/index-Ab12Cd34.js': `export const app = ${JSON.stringify('login '.repeat(200))};`,
  'assets/index-Ef56Gh78.css': `body { color: #1d2b3a; }\n${'.x { margin: 0; }\n'.repeat(100)}`,
};
const brotliCopies: (keyof typeof files)[] = ['index.html', 'manifest.webmanifest', 'assets/index-Ab12Cd34.js'];
const gzipCopies: (keyof typeof files)[] = [...brotliCopies, 'assets/index-Ef56Gh78.css'];
const SCRIPT = '/assets/index-Ab12Cd34.js';
const IMMUTABLE = 'public, max-age=31536000, immutable';

let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'hasp-web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dist, name), text);
  for (const name of brotliCopies) writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(files[name]));
  for (const name of gzipCopies) writeFileSync(path.join(dist, `${name}.gz`), gzipSync(files[name]));
  t = await createTestApp({ env: { HASP_WEB_DIST: dist } });
});

afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

function get(url: string, acceptEncoding?: string) {
  return t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
}

describe('the built web app', () => {
  it('sends the brotli copy to a browser that accepts brotli', async () => {
    const response = await get(SCRIPT, 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(files['assets/index-Ab12Cd34.js']);
  });

  it('sends the gzip copy when the browser accepts only gzip', async () => {
    const response = await get(SCRIPT, 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toMatch(/javascript; charset=utf-8$/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(response.rawPayload).toString()).toBe(files['assets/index-Ab12Cd34.js']);
  });

  it('sends the plain file, still varying on Accept-Encoding, when no encoding is accepted', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const response = await get(SCRIPT, acceptEncoding);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.body).toBe(files['assets/index-Ab12Cd34.js']);
    }
  });

  it('falls back to the next accepted copy, then to the plain file, when a copy is missing', async () => {
    const css = await get('/assets/index-Ef56Gh78.css', 'br, gzip');
    expect(css.headers['content-encoding']).toBe('gzip');
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(gunzipSync(css.rawPayload).toString()).toBe(files['assets/index-Ef56Gh78.css']);

    const worker = await get('/sw.js', 'br, gzip');
    expect(worker.headers['content-encoding']).toBeUndefined();
    expect(worker.headers.vary).toMatch(/accept-encoding/i);
    expect(worker.body).toBe(files['sw.js']);
  });

  it('lets browsers keep hashed files for a year without asking again', async () => {
    for (const [url, acceptEncoding] of [
      [SCRIPT, 'br'],
      [SCRIPT, undefined],
      ['/assets/index-Ef56Gh78.css', 'gzip'],
    ] as const) {
      expect((await get(url, acceptEncoding)).headers['cache-control'], url).toBe(IMMUTABLE);
    }
  });

  it('makes browsers revalidate index.html, the service worker and the manifest on every visit', async () => {
    for (const url of ['/', '/index.html', '/sw.js', '/manifest.webmanifest']) {
      for (const acceptEncoding of ['br', undefined]) {
        const response = await get(url, acceptEncoding);
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['cache-control'], url).toBe('no-cache');
        expect(response.headers.etag, url).toBeTruthy();
      }
    }
    expect((await get('/', 'br')).headers['content-type']).toBe('text/html; charset=utf-8');
    expect((await get('/manifest.webmanifest')).headers['content-type']).toMatch(/^application\/manifest\+json/);
  });

  it('answers a deep link with index.html, compressed and uncached', async () => {
    const response = await get('/permits/42?tab=isolation', 'gzip, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(files['index.html']);
    expect((await get('/login')).body).toBe(files['index.html']);
  });

  it('keeps the security headers on the web app', async () => {
    for (const url of ['/', SCRIPT, '/login']) {
      const { headers } = await get(url, 'br');
      expect(headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      expect(headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('never serves a compressed copy by its own name, and answers a missing file with 404', async () => {
    for (const url of ['/assets/index-Ab12Cd34.js.br', '/index.html.gz', '/assets/missing-00000000.js']) {
      const response = await get(url, 'br, gzip');
      expect(response.statusCode, url).toBe(404);
      expect(response.json<{ code: string }>().code).toBe('NOT_FOUND');
    }
  });

  it('serves HEAD requests with the same negotiated headers and no body', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: SCRIPT, headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.body).toBe('');
  });
});
