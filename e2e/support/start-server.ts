/**
 * Starts the real Hasp server for the end-to-end suite on a fresh database: the data folder is
 * deleted first so every run seeds anew. Settings come from playwright.config.ts (webServer.env).
 */
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const dataDir = process.env.HASP_DATA_DIR;
if (!dataDir || !path.resolve(dataDir).startsWith(path.join(repoRoot, 'e2e', '.data'))) {
  throw new Error('HASP_DATA_DIR must point inside e2e/.data (it is deleted on every run)');
}
rmSync(dataDir, { recursive: true, force: true });

const webDist = process.env.HASP_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist');
if (!existsSync(path.join(webDist, 'index.html'))) {
  console.error(`${webDist} is missing: run \`npm run build -w @hasp/web\` first (npm run test:e2e does).`);
  process.exit(1);
}

// A variable path keeps the e2e type check out of the server's sources.
const serverEntry = pathToFileURL(path.join(repoRoot, 'apps/server/src/server.ts')).href;
await import(serverEntry);
