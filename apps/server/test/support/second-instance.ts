import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { ConnectionRegistry, createKysely } from '../../src/db/connections';
import { TEST_JWT_SECRET, type TestApp } from '../test-app';

/**
 * A second server "process" on the test app's database, listening on a loopback port: its own
 * pools and its own LISTEN client, as a second instance behind a load balancer would have.
 */
export async function startSecondInstance(t: TestApp): Promise<{ app: FastifyInstance; url: string }> {
  const connection = t.connections[0]!;
  const app = await buildApp({
    config: t.config,
    registry: new ConnectionRegistry([
      { name: connection.name, url: connection.url, db: createKysely(connection.url, 2) },
    ]),
    jwtSecret: TEST_JWT_SECRET,
  });
  return { app, url: await app.listen({ port: 0, host: '127.0.0.1' }) };
}
