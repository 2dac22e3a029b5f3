import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from './config/config';
import { readOrCreateSecret } from './config/secret-file';
import { openConnections, type ConnectionRegistry } from './db/connections';
import { startEmbeddedServer, type EmbeddedServer } from './db/embedded-server';
import { prepareSchema } from './db/prepare-schema';
import { assertApplicationRole } from './db/database-roles';
import { seedDemo } from './db/seed/demo';
import { registerAppCaptions, registerStoredCaptions } from './modules/translations';
import { buildApp } from './app';
import { createLogger } from './plugins/logger';

const version = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string })
  .version;

/** Keeps the signing secret stable across restarts when none is configured. */
function jwtSecretFor(config: Config): string {
  if (config.jwtSecret) return config.jwtSecret;
  return readOrCreateSecret(path.resolve(config.dataDir, 'jwt-secret'), 48);
}

async function main(): Promise<void> {
  let config: Config;
  // Relative paths (./data, ./hasp.config.json) are where `npm start` was run (npm passes that
  // folder as INIT_CWD; the server's own script runs in apps/server).
  const startedIn = process.env.INIT_CWD ?? process.cwd();
  try {
    config = loadConfig(process.env, startedIn);
    config.dataDir = path.resolve(startedIn, config.dataDir);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);

  let embedded: EmbeddedServer | null = null;
  let registry: ConnectionRegistry | null = null;
  const stopDatabases = async () => {
    await registry?.close().catch((error: unknown) => logger.error({ err: error }, 'closing pools failed'));
    await embedded?.stop().catch((error: unknown) => logger.error({ err: error }, 'stopping embedded database failed'));
  };

  try {
    if (config.connections.some((c) => !c.url)) {
      const started = Date.now();
      embedded = await startEmbeddedServer({
        dataDir: config.dataDir,
        port: config.embeddedPgPort,
        durable: config.embeddedPgDurable,
        log: (m) => logger.info(m),
      });
      logger.info({ ms: Date.now() - started, port: config.embeddedPgPort }, 'embedded database started');
    }
    registry = await openConnections(config.connections, embedded);
    for (const [index, connection] of registry.all().entries()) {
      // Migrations as the owner role; requests, jobs and the seed as the application role.
      // Each phase's time in the log: a first start's minute is spent here, and a slow phase shows.
      const ms: Record<string, number> = {};
      const timed = async (phase: string, run: () => Promise<unknown>) => {
        const started = Date.now();
        await run();
        ms[phase] = Date.now() - started;
      };
      await timed('schema', () => prepareSchema(connection));
      await assertApplicationRole(connection.db, connection.name);
      // Every caption the app shows, with the translations Hasp ships (admins' own edits are kept).
      await timed('captions', () => registerAppCaptions(connection.db));
      // With no explicit choice, only the built-in Demo connection gets demo data.
      const seed =
        config.connections[index]?.seedDemo ?? (connection.name === 'Demo' && !config.connections[index]?.url);
      if (seed) await timed('seed', () => seedDemo(connection.db));
      // Stored content the permit screens show as captions (permit type names), after the seed made them.
      await timed('storedCaptions', () => registerStoredCaptions(connection.db));
      logger.info({ connection: connection.name, seeded: seed, ms }, 'connection ready');
    }
  } catch (error) {
    logger.fatal((error as Error).message);
    await stopDatabases();
    process.exit(1);
  }

  const app = await buildApp({
    config,
    registry,
    jwtSecret: jwtSecretFor(config),
    version,
    logger,
    jobs: {},
    auditAnchor: {
      dataDir: config.dataDir,
      key: config.auditKey ?? readOrCreateSecret(path.resolve(config.dataDir, 'audit-key'), 48),
      intervalMs: config.auditCheckpointSec * 1000,
    },
  });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    // app.close() stops accepting connections and waits for in-flight requests.
    await app.close().catch((error: unknown) => logger.error({ err: error }, 'closing server failed'));
    await stopDatabases();
    logger.info('stopped');
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as { code?: string }).code;
    logger.fatal(
      code === 'EADDRINUSE'
        ? `Port ${config.port} is already in use: set PORT to a free port`
        : (error as Error).message,
    );
    await stopDatabases();
    process.exit(1);
  }
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${(app.server.address() as { port: number }).port}`;
  logger.info(`Hasp is running at ${url}`);
}

void main();
