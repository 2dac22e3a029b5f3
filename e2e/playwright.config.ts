import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_PG_PORT, E2E_PORT as PORT, e2eBaseUrl as baseURL, e2eDataDir, e2eWebDist } from './support/ports';

const here = import.meta.dirname;

/**
 * Debian's headless-only Chromium (package chromium-headless-shell, the same engine without the
 * desktop browser around it): about a sixth less time than the full browser run headless. The full
 * browser where the shell is not installed.
 */
// The binary itself: Debian's /usr/bin/chromium-headless-shell is a shell script that runs it as a
// child, so a test killing "the browser" (offline-faults' browser-crash test) would kill only the script.
const headlessShell = '/usr/lib/chromium/chromium-headless-shell';
const chromiumExecutable = existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium';

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
  // Generous on purpose: these 2-core machines are sometimes several times slower than usual
  // (measured: a plain 1e9-step loop took 4.7 s instead of about 1 s). Nothing here asserts speed;
  // the limits only decide how long a real failure takes to report.
  timeout: 120_000,
  expect: { timeout: 20_000 },
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
    // No trace unless asked (HASP_E2E_TRACE=retain-on-failure): recording one for every test, kept
    // or not, took more than a third of the suite's time on two cores, and CI keeps only the output.
    trace: (process.env.HASP_E2E_TRACE as 'retain-on-failure' | undefined) ?? 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumExecutable,
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
    // The first start seeds the demo permits through the lifecycle and isolation plan commands
    // (minutes on a loaded 2-core machine).
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      HASP_DATA_DIR: e2eDataDir,
      HASP_EMBEDDED_PG_PORT: String(E2E_PG_PORT),
      // A throwaway database: commits do not wait for the disk (PostgreSQL's non-durable settings).
      HASP_EMBEDDED_PG_DURABLE: 'false',
      HASP_WEB_DIST: e2eWebDist,
      // Demo (seeded: North Plant, Riverside Chemical Processing Complex), Empty (no facilities) and SSO
      // (seeded like Demo; only tests/sso.spec.ts turns single sign-on on, so no other login screen changes).
      HASP_CONFIG: path.join(here, 'fixtures', 'connections.json'),
      // Parallel workers sign in many times a minute from one address.
      HASP_LOGIN_MAX_PER_ADDRESS_PER_MINUTE: '1000',
      // No load shedding: two browsers on a loaded 2-core machine can hold the event loop past any
      // bound worth having, and a 503 here would fail a test about something else. These tests assert
      // behaviour, not capacity; apps/server/test/overload.test.ts covers the shedding.
      HASP_MAX_EVENT_LOOP_DELAY_MS: '0',
      // Hasp Connect's spec delivers webhooks to a receiver it starts on loopback.
      HASP_CONNECT_ALLOW_PRIVATE_TARGETS: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
  },
});
