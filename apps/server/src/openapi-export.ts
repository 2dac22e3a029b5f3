import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config/config';
import { ConnectionRegistry } from './db/connections';

/**
 * Writes (`write`) or verifies (`check`) the committed openapi.json, generated from the routes'
 * zod schemas, so every API change shows up in review and a stale file fails `npm test`.
 */
const target = path.resolve(import.meta.dirname, '../../../openapi.json');
const mode = process.argv[2];

const config = loadConfig({ HASP_CONFIG: '', HASP_CONNECTIONS: 'Demo', HASP_WEB_DIST: '/nonexistent' }, '/nonexistent');
const app = await buildApp({
  config,
  registry: new ConnectionRegistry([]),
  jwtSecret: 'x'.repeat(32),
  version: 'openapi',
});
await app.ready();
const text = `${JSON.stringify(app.swagger(), null, 2)}\n`;
await app.close();

if (mode === 'write') {
  writeFileSync(target, text);
  console.log(`wrote ${path.relative(process.cwd(), target)}`);
} else {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    // missing counts as stale
  }
  if (current !== text) {
    console.error('openapi.json is stale: run `npm run openapi` and commit the result.');
    process.exit(1);
  }
  console.log('openapi.json is up to date');
}
