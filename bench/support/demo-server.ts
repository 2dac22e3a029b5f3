import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config/config';
import type { Kysely } from 'kysely';
import { openConnections } from '../../apps/server/src/db/connections';
import type { Database } from '../../apps/server/src/db/schema';
import { startEmbeddedServer } from '../../apps/server/src/db/embedded-server';
import { prepareSchema } from '../../apps/server/src/db/prepare-schema';
import { seedDemo } from '../../apps/server/src/db/seed/demo';

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** The built web app to serve: HASP_BENCH_WEB_DIST, else apps/web/dist. */
export function builtWebApp(): string {
  const webDist = path.resolve(
    process.env.HASP_BENCH_WEB_DIST ?? path.join(import.meta.dirname, '..', '..', 'apps', 'web', 'dist'),
  );
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`No built web app in ${webDist}: run "npm run build -w @hasp/web" or set HASP_BENCH_WEB_DIST`);
  }
  return webDist;
}

export interface DemoServer {
  /** e.g. http://127.0.0.1:41234 */
  base: string;
  /** The Demo connection's database, for what a bench looks up besides the routes. */
  db: Kysely<Database>;
  /** The embedded PostgreSQL's folder (its processes name it: bench/support/process-cpu.ts). */
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * The real app (buildApp, serving the built web app) on 127.0.0.1 over a fresh embedded
 * PostgreSQL (a temporary folder, migrated, demo-seeded). `prepare` adds data before it starts.
 * `webApp: false` serves the API alone (a bench of routes needs no build).
 */
export async function startDemoServer(options: {
  log: (message: string) => void;
  prepare?: (db: Kysely<Database>) => Promise<void>;
  webApp?: boolean;
  /** Settings beyond the defaults, as environment variables (e.g. a rate limit a load bench must pass). */
  env?: Record<string, string>;
}): Promise<DemoServer> {
  const webDist = options.webApp === false ? '' : builtWebApp();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'hasp-bench-'));
  const pgPort = process.env.HASP_BENCH_PG_PORT ? Number(process.env.HASP_BENCH_PG_PORT) : await freePort();
  options.log(`starting embedded PostgreSQL on port ${pgPort}`);
  const embedded = await startEmbeddedServer({ dataDir, port: pgPort, log: () => undefined });
  const config = loadConfig(
    {
      HASP_CONNECTIONS: 'Demo',
      HASP_CONFIG: '',
      LOG_LEVEL: 'silent',
      HASP_WEB_DIST: webDist,
      // Benches time the work itself, sometimes at saturation: a shed request would not be measured.
      HASP_MAX_EVENT_LOOP_DELAY_MS: '0',
      ...options.env,
    },
    path.join(os.tmpdir(), 'hasp-bench-none'),
  );
  const registry = await openConnections(config.connections, embedded);
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  const stop = async () => {
    await app?.close();
    await registry.close();
    await embedded.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const connection = registry.all()[0]!;
    const db = connection.db;
    // As `npm start` does: the schema as the owner role, the seed and requests as the application role.
    await prepareSchema(connection);
    await seedDemo(db);
    await options.prepare?.(db);
    app = await buildApp({
      config,
      registry,
      jwtSecret: 'hasp-bench-jwt-secret-0123456789-abcdefghijklmnop',
      version: 'bench',
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { base: `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`, db, dataDir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
