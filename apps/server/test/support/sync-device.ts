import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { OfflineCommandName, SyncCommand, SyncPushResponse, SyncResult } from '@hasp/contracts';
import { DEMO_PASSWORD } from '../../src/db/seed/demo';

/**
 * A device's outbox as the web client keeps it, in memory: commands numbered 1, 2, 3… per owner,
 * each with its own idempotency key, pushed in order; an item leaves the outbox only when the
 * server answered applied, conflict or rejected (a deferred one, or a push with no answer, stays).
 */
export class SyncDevice {
  readonly deviceId = randomUUID();
  private seq = 0;
  readonly outbox: SyncCommand[] = [];
  /** Every final answer, by idempotency key. */
  readonly answers = new Map<string, SyncResult>();

  constructor(
    /** The app in this process, or the address of a server running as its own process. */
    private readonly app: FastifyInstance | URL,
    public token: string,
    public owner: SyncCommand['owner'],
  ) {}

  queue(
    name: OfflineCommandName,
    targetId: SyncCommand['targetId'],
    input: unknown,
    baseVersion: number | null,
    deviceTime = new Date(),
  ): SyncCommand {
    const command: SyncCommand = {
      idempotencyKey: randomUUID(),
      deviceId: this.deviceId,
      deviceSeq: ++this.seq,
      deviceTime: deviceTime.toISOString(),
      name,
      targetId,
      input,
      baseVersion,
      owner: this.owner,
    };
    this.outbox.push(command);
    return command;
  }

  /** One push of these commands (default: the whole outbox, at most 100): the raw response. */
  async send(commands: SyncCommand[] = this.outbox.slice(0, 100)): Promise<PushResponse> {
    if (this.app instanceof URL) return sendOverHttp(this.app, this.token, commands);
    return this.app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: { authorization: `Bearer ${this.token}` },
      payload: { commands },
    });
  }

  /** Pushes and takes the final answers out of the outbox; null when the push got no answer (a "crash"). */
  async push(commands?: SyncCommand[]): Promise<SyncPushResponse | null> {
    const response = await this.send(commands);
    if (response.statusCode !== 200) return null;
    const body = response.json<SyncPushResponse>();
    for (const result of body.results) {
      if (result.outcome === 'deferred') continue;
      this.answers.set(result.idempotencyKey, result);
      const at = this.outbox.findIndex((c) => c.idempotencyKey === result.idempotencyKey);
      if (at >= 0) this.outbox.splice(at, 1);
    }
    return body;
  }

  /** Pushes until the outbox is empty (at most `rounds` pushes); the number of pushes it took. */
  async drain(rounds = 50): Promise<number> {
    for (let i = 1; i <= rounds; i++) {
      await this.push();
      if (!this.outbox.length) return i;
    }
    throw new Error(`outbox not empty after ${rounds} pushes: ${this.outbox.length} left`);
  }
}

/** What a push answered; status 0 when no answer came (the connection died, as with a killed server). */
export interface PushResponse {
  statusCode: number;
  body: string;
  json<T = SyncPushResponse>(): T;
}

async function sendOverHttp(base: URL, token: string, commands: SyncCommand[]): Promise<PushResponse> {
  let statusCode = 0;
  let body = '';
  try {
    const response = await fetch(new URL('/api/sync/push', base), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ commands }),
    });
    statusCode = response.status;
    body = await response.text();
  } catch {
    // Connection refused or reset: the server is gone.
  }
  return { statusCode, body, json: <T>() => JSON.parse(body) as T };
}

/** Signs in and answers the token and the owner a device tags its items with. */
export async function signIn(app: FastifyInstance, username: string, password: string, facilityId = 1) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { connectionStringName: 'Demo', facilityId, username, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in of ${username}: ${response.statusCode} ${response.body}`);
  const body = response.json<{ token: string; user: { ID: number }; connectionStringName: string }>();
  const owner = { connectionStringName: body.connectionStringName, facilityId, userId: body.user.ID };
  return { token: body.token, owner };
}

/** A signed-in user's new device. */
export async function deviceOf(app: FastifyInstance, username: string, password: string, facilityId = 1) {
  const { token, owner } = await signIn(app, username, password, facilityId);
  return new SyncDevice(app, token, owner);
}

/** A signed-in user's new device on a server running as its own process (the demo password). */
export async function signInOverHttp(base: URL, username: string, facilityId = 1): Promise<SyncDevice> {
  const response = await fetch(new URL('/api/login', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ connectionStringName: 'Demo', facilityId, username, password: DEMO_PASSWORD }),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`sign-in of ${username}: ${response.status} ${text}`);
  const body = JSON.parse(text) as { token: string; user: { ID: number }; connectionStringName: string };
  return new SyncDevice(base, body.token, {
    connectionStringName: body.connectionStringName,
    facilityId,
    userId: body.user.ID,
  });
}
