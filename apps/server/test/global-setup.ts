import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import net from 'node:net';
import type { TestProject } from 'vitest/node';
import { createKysely, ensureDatabase } from '../src/db/connections';
import { startEmbeddedServer } from '../src/db/embedded-server';
import { migrateToLatest } from '../src/db/migrate';
import {
  adoptEmbeddedDatabase,
  EMBEDDED_ROLES,
  ensureEmbeddedRoles,
  grantApplicationRole,
} from '../src/db/database-roles';
import { roleUrl, TEST_ROLE_PASSWORDS } from './support/database-roles';
import { seedDemo } from '../src/db/seed/demo';
import { TEMPLATE_LEAVES_OUT } from './support/template-seed';
import { registerAppCaptions } from '../src/modules/translations/caption-catalog';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of a database on the test server from which tests may create databases. */
    adminUrl: string;
    /** A folder of this run's own (removed at its end), e.g. for the seeded server folder. */
    runFolder: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a real PostgreSQL (the embedded one, or TEST_DATABASE_URL's server) and builds the
 * template database every test file clones: migrated and seeded with the demo data.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stop = async () => {};
  if (!adminUrl) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hasp-test-'));
    // Throwaway databases: commits do not wait for the disk (PostgreSQL's non-durable settings).
    const server = await startEmbeddedServer({ dataDir, port: await freePort(), durable: false, log: () => {} });
    adminUrl = server.urlFor('postgres');
    stop = async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    };
  }
  // The roles the server runs with (db/database-roles.ts): the template is migrated as its owner
  // and seeded as the application role, and every test file's clone is served as that role.
  await ensureEmbeddedRoles(adminUrl, TEST_ROLE_PASSWORDS);
  await ensureDatabase(adminUrl, 'hasp_template');
  await adoptEmbeddedDatabase(adminUrl, 'hasp_template');
  const ownerUrl = roleUrl(adminUrl, 'hasp_template', 'owner');
  const owner = createKysely(ownerUrl, 1);
  await migrateToLatest(owner as never);
  await grantApplicationRole(owner as never, EMBEDDED_ROLES.app);
  await owner.destroy();
  const db = createKysely(roleUrl(adminUrl, 'hasp_template', 'app'), 1);
  await registerAppCaptions(db);
  await seedDemo(db, { without: TEMPLATE_LEAVES_OUT });
  await db.destroy();
  project.provide('adminUrl', adminUrl);
  const runFolder = mkdtempSync(path.join(tmpdir(), 'hasp-run-'));
  project.provide('runFolder', runFolder);
  return async () => {
    await stop();
    rmSync(runFolder, { recursive: true, force: true });
  };
}
