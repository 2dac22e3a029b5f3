import { configDefaults, defineConfig } from 'vitest/config';
import serverConfig, { serverProcessFiles } from './apps/server/vitest.config';

const server = { ...serverConfig, root: './apps/server' };

// One vitest run covers every workspace's unit and integration tests.
export default defineConfig({
  test: {
    // Two files at a time even on a 2-core machine (the default there is one): an integration
    // test spends much of its time waiting on PostgreSQL, so the second worker fills those waits.
    // Measured on 16 server files: 263 s with one worker, 185 s with two. Each file has its own
    // databases (apps/server/test/test-app.ts), so files never share state.
    maxWorkers: 2,
    projects: [
      'packages/contracts',
      'apps/web',
      { ...server, test: { ...server.test, exclude: [...configDefaults.exclude, ...serverProcessFiles] } },
      {
        ...server,
        test: {
          ...server.test,
          name: 'server-processes',
          include: serverProcessFiles,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
