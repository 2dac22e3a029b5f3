import { defineConfig } from 'vitest/config';

// One vitest run covers every workspace's unit and integration tests.
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/web'],
  },
});
