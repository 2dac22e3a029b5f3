import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../src/db/schema';
import { createTestApp, login, type TestApp } from '../test-app';

/** The header in which a command app's answers name their request (its audit rows' and events' `request_id`). */
export const REQUEST_ID_HEADER = 'x-test-request-id';

/** Every answer says which request it was, so a test can find that request's audit rows and events. */
function tellRequestIds(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
  });
}

/** The methods of a change. */
export type Method = 'POST' | 'PUT' | 'DELETE';

/**
 * A test app for a suite of command tests (started before, closed after), whose answers name their
 * request, with a sender signed in as the demo administrator.
 */
export function useCommandApp() {
  const app = { t: undefined as unknown as TestApp, token: '' };
  beforeAll(async () => {
    app.t = await createTestApp({ routes: tellRequestIds });
    app.token = (await login(app.t.app, { username: 'admin' })).json<{ token: string }>().token;
  });
  afterAll(() => app.t.close());
  return {
    app,
    db: (): Kysely<Database> => app.t.connections[0]!.db,
    /** Sends a change as the administrator, with extra headers (Idempotency-Key, If-Match). */
    send: (method: Method, url: string, headers: Record<string, string> = {}, payload?: object) =>
      app.t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${app.token}`, ...headers },
        ...(payload ? { payload } : {}),
      }),
  };
}

/** How many audit rows or domain events there are. */
export async function countRows(db: Kysely<Database>, table: 'audit_log' | 'domain_events'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The audit rows and domain events one request recorded (an answer's REQUEST_ID_HEADER), in order. */
export async function recordsOfRequest(db: Kysely<Database>, requestId: string) {
  const [audits, events] = await Promise.all([
    db
      .selectFrom('audit_log')
      .select(['action', 'entity_type', 'entity_id', 'address'])
      .where('request_id', '=', requestId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('domain_events')
      .select(['name', 'entity_type', 'entity_id'])
      .where('request_id', '=', requestId)
      .orderBy('id')
      .execute(),
  ]);
  return { audits, events };
}

/** The request an answer was (its audit rows' and events' `request_id`). */
export const requestOf = (response: { headers: Record<string, unknown> }) =>
  String(response.headers[REQUEST_ID_HEADER]);

/** Whether an Idempotency-Key was used: a refused command leaves it free. */
export async function keyUsed(db: Kysely<Database>, key: string): Promise<boolean> {
  return (
    (await db.selectFrom('idempotency_keys').select('key').where('key', '=', key).executeTakeFirst()) !== undefined
  );
}

/** How many audit rows and domain events there are, to show that a refusal recorded none. */
export async function recordCounts(db: Kysely<Database>): Promise<[number, number]> {
  return [await countRows(db, 'audit_log'), await countRows(db, 'domain_events')];
}
