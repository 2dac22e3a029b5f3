import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = 3100;
const baseURL = `http://127.0.0.1:${PORT}`;
const here = import.meta.dirname;

/**
 * End-to-end tests in Debian's Chromium against the real server (fresh embedded PostgreSQL per run).
 * `npm run test:e2e` at the root builds the web app first; the server serves apps/web/dist.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['html', { outputFolder: './artifacts/report', open: 'never' }],
    // Read by scripts/test-summary.mjs for the suite's closing line.
    ['json', { outputFile: '../reports/playwright.json' }],
  ],
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    headless: true,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'npx tsx support/start-server.ts',
    cwd: here,
    url: `${baseURL}/api/health/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      HASP_DATA_DIR: path.join(here, '.data', 'run'),
      HASP_EMBEDDED_PG_PORT: '54339',
      // Demo (seeded: North Plant, Riverside Chemical Processing Complex) and Empty (no facilities).
      HASP_CONFIG: path.join(here, 'fixtures', 'connections.json'),
      // Parallel workers sign in many times a minute from one address.
      HASP_LOGIN_MAX_PER_ADDRESS_PER_MINUTE: '1000',
      LOG_LEVEL: 'warn',
    },
  },
});
