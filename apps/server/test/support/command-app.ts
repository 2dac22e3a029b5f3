import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
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

/**
 * What a command suite checks of every command, on the command app's database and sender: its
 * request's audit rows and events, one effect per key, and a refusal that leaves nothing behind.
 */
export function commandChecks(db: () => Kysely<Database>, send: ReturnType<typeof useCommandApp>['send']) {
  /** The audit rows (without their address) and domain events of one request. */
  async function recordsOf(requestId: string) {
    const { audits, events } = await recordsOfRequest(db(), requestId);
    return { audits: audits.map(({ address: _address, ...audit }) => audit), events };
  }
  const counts = async () => [await countRows(db(), 'audit_log'), await countRows(db(), 'domain_events')];

  return {
    recordsOf,
    /**
     * Sends the command twice with one key (and the same headers): the first applies, the second
     * answers what the first did. Applied once: one audit row and one event, under the first request's id.
     */
    sentTwice: async (
      method: Method,
      url: string,
      key: string,
      payload?: object,
      headers: Record<string, string> = {},
    ) => {
      const [audits, events] = await counts();
      const first = await send(method, url, { ...headers, 'idempotency-key': key }, payload);
      const replay = await send(method, url, { ...headers, 'idempotency-key': key }, payload);
      expect(first.statusCode, first.body).toBeLessThan(300);
      expect(replay.statusCode).toBe(first.statusCode);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body).toBe(first.body);
      expect(replay.headers.etag).toBe(first.headers.etag);
      expect(await counts()).toEqual([audits! + 1, events! + 1]);
      return { first, ...(await recordsOf(String(first.headers[REQUEST_ID_HEADER]))) };
    },
    /** Sends a command that is refused with `status`: no audit row, no event, and its key stays unused. */
    refused: async (status: number, method: Method, url: string, key: string, payload?: object, headers = {}) => {
      const before = await counts();
      const response = await send(method, url, { ...headers, 'idempotency-key': key }, payload);
      expect(response.statusCode, response.body).toBe(status);
      expect(await counts()).toEqual(before);
      expect(await db().selectFrom('idempotency_keys').select('key').where('key', '=', key).execute()).toEqual([]);
      return response;
    },
  };
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
