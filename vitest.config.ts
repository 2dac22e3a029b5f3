import { defineConfig } from 'vitest/config';

// One vitest run covers every workspace's unit and integration tests.
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/web'],
    // Two files at a time even on a 2-core machine (the default there is one): an integration
    // test spends much of its time waiting on PostgreSQL, so the second worker fills those waits.
    // Measured on 16 server files: 263 s with one worker, 185 s with two. Each file has its own
    // databases (apps/server/test/test-app.ts), so files never share state.
    maxWorkers: 2,
  },
});
