import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../src/app';
import { loadConfig, type Config } from '../src/config/config';
import { ConnectionRegistry, createKysely, type Connection } from '../src/db/connections';
import { DEMO_PASSWORD } from '../src/db/seed/demo';
import { EMBEDDED_ROLES } from '../src/db/database-roles';
import { roleUrl } from './support/database-roles';
import { movableClock } from '../src/platform/clock';

export { DEMO_PASSWORD };
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

/** Clones the migrated, demo-seeded template into a fresh database and returns its URL as the application role. */
export async function cloneTemplateDatabase(): Promise<string> {
  const adminUrl = inject('adminUrl');
  const name = `hasp_t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`create database ${name} template hasp_template owner ${EMBEDDED_ROLES.owner}`);
    // A database's own privileges are not copied from its template: the same as the embedded server's.
    await client.query(`revoke all on database ${name} from public`);
    await client.query(`grant connect, temporary, create on database ${name} to ${EMBEDDED_ROLES.app}`);
  } finally {
    await client.end();
  }
  return roleUrl(adminUrl, name, 'app');
}

/**
 * The same database as the test server's superuser: for fixtures no application may do (tamper
 * with the audit trail, add a trigger, bypass triggers).
 */
export function superuserUrl(url: string): string {
  const admin = new URL(inject('adminUrl'));
  admin.pathname = new URL(url).pathname;
  return admin.toString();
}

/** Runs statements in one session, as whoever `url` signs in as. */
export async function runStatements(url: string, statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Runs statements on the database of `url` as the test server's superuser (fixtures no application may run). */
export const asSuperuser = (url: string, statements: string[]) => runStatements(superuserUrl(url), statements);

export interface TestApp {
  app: FastifyInstance;
  connections: Connection[];
  config: Config;
  /** Moves the server's clock (token expiry, grace windows). */
  advanceClock(ms: number): void;
  close(): Promise<void>;
}

/**
 * The real server over real PostgreSQL: one fresh database per named connection, each cloned
 * from the demo template. Environment-style overrides go through the real config loader.
 */
export async function createTestApp(
  options: {
    connections?: string[];
    env?: Record<string, string>;
    onRoute?: (route: { method: string; url: string }) => void;
    /** A real pino logger (log-content tests); none by default. */
    logger?: FastifyBaseLogger;
    /** Starts the job queues (off by default: only job tests need them). */
    jobs?: BuildAppOptions['jobs'];
    /** Signed audit checkpoints outside the database (off by default, as in tools). */
    auditAnchor?: BuildAppOptions['auditAnchor'];
    /** Webhook delivery waits (Hasp Connect tests shorten them). */
    webhooks?: BuildAppOptions['webhooks'];
    /** Adds routes of the test's own (e.g. one that keeps the event loop busy) before the app starts. */
    routes?: (app: FastifyInstance) => void;
    /** Runs on the first connection's fresh database before the app (and its event consumers) starts, as `npm start` seeds first. */
    beforeApp?: (db: Connection['db']) => Promise<void>;
  } = {},
): Promise<TestApp> {
  const names = options.connections ?? ['Demo'];
  const connections: Connection[] = [];
  for (const name of names) {
    const url = await cloneTemplateDatabase();
    connections.push({ name, db: createKysely(url, 5), url });
  }
  await options.beforeApp?.(connections[0]!.db);
  const config = loadConfig(
    {
      HASP_CONNECTIONS: names.join(','),
      HASP_CONFIG: '',
      // No load shedding unless a test asks: many apps share a busy 2-core machine here, and a 503
      // would fail a test about something else (test/overload.test.ts turns it on).
      HASP_MAX_EVENT_LOOP_DELAY_MS: '0',
      ...options.env,
    },
    '/nonexistent',
  );
  const clock = movableClock();
  const app = await buildApp({
    config,
    registry: new ConnectionRegistry(connections),
    jwtSecret: TEST_JWT_SECRET,
    clock,
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.jobs ? { jobs: options.jobs } : {}),
    ...(options.webhooks ? { webhooks: options.webhooks } : {}),
    ...(options.auditAnchor ? { auditAnchor: options.auditAnchor } : {}),
  });
  options.routes?.(app);
  await app.ready();
  return {
    app,
    connections,
    config,
    advanceClock: (ms) => clock.advance(ms),
    close: async () => {
      await app.close();
      await Promise.all(connections.map((c) => c.db.destroy()));
    },
  };
}

/** Signs in through the API and returns the login result. */
export async function login(
  app: FastifyInstance,
  body: Partial<{ connectionStringName: string; facilityId: number; username: string; password: string }> = {},
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { connectionStringName: 'Demo', facilityId: 1, username: 'admin', password: DEMO_PASSWORD, ...body },
  });
  return response;
}
