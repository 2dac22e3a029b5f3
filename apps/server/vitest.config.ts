import { defineConfig } from 'vitest/config';

/**
 * Files that start whole server processes (the embedded database, migrations, the seed), kill and
 * restart them. They run after the others, one at a time: beside another file on two cores they
 * took two to three times as long, and made the run longer than running them alone.
 */
export const serverProcessFiles = [
  'test/server-process.test.ts',
  'test/sync-server-kill.test.ts',
  'test/sync-clock-skew.test.ts',
  'test/jobs-processes.test.ts',
  'test/revocation-processes.test.ts',
];

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Each file gets its own databases cloned from a migrated template, so files run in parallel.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
