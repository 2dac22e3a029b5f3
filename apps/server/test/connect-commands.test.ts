import { describe, expect, it } from 'vitest';
import type { ApiKey, ApiKeySecret, WebhookSubscription } from '@hasp/contracts';
import { useCommandApp, keyUsed, recordCounts, recordsOfRequest, requestOf } from './support/command-app';

// Hasp Connect's administration writes run as commands (decision 0121): each is audited and
// announced through the runner under the request's id, applies once per Idempotency-Key, refuses a
// stale version, and never keeps a key's text or a webhook's secret in the idempotency table.

const { db, send } = useCommandApp();
// One expiry for every key: a replay sends the very same body.
const expiresAt = new Date(Date.now() + 30 * 24 * 3_600_000).toISOString();
// A public address written as such: no name lookup, and no job queue here to deliver to it.
const hook = (name: string, extra: object = {}) => ({
  name,
  url: 'https://8.8.8.8/hasp',
  events: ['permit.requested'],
  isActive: true,
  ...extra,
});

const recordsOf = (requestId: string) => recordsOfRequest(db(), requestId);

/** What the idempotency table keeps of a key's send: its stored answer, as text. */
async function storedAnswer(key: string): Promise<string> {
  const row = await db()
    .selectFrom('idempotency_keys')
    .select('response')
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return JSON.stringify(row.response);
}

async function createKey(name: string, headers: Record<string, string> = {}) {
  return send('POST', '/api/connect/keys', headers, { name, permissions: ['permit:view:LOTO'], expiresAt });
}

describe('API key commands', () => {
  it('creates a key once per key, audited and announced, its text kept nowhere and not shown again', async () => {
    const [audits, events] = await recordCounts(db());
    const first = await createKey('Maximo', { 'idempotency-key': 'key-create-1' });
    expect(first.statusCode, first.body).toBe(201);
    const { key, secret } = first.json<ApiKeySecret>();
    expect(first.headers['cache-control']).toBe('no-store');
    const replay = await createKey('Maximo', { 'idempotency-key': 'key-create-1' });
    // The replay cannot show the text again: it says so, and nothing is applied twice.
    expect(replay.statusCode).toBe(409);
    expect(replay.json<{ message: string }>().message).toMatch(/already created by this request/);
    expect(await db().selectFrom('api_keys').select('id').where('name', '=', 'Maximo').execute()).toHaveLength(1);
    expect(await recordCounts(db())).toEqual([audits + 1, events + 1]);
    expect(await recordsOf(requestOf(first))).toEqual({
      audits: [{ action: 'api-key.create', entity_type: 'api_key', entity_id: String(key.id), address: '127.0.0.1' }],
      events: [{ name: 'api-key.created', entity_type: 'api_key', entity_id: String(key.id) }],
    });
    const stored = await storedAnswer('key-create-1');
    expect(stored).toContain(`"id":${key.id}`);
    expect(stored).not.toContain(secret.split('_').at(-1));
    // Another body under the same key is another request.
    expect((await createKey('Other', { 'idempotency-key': 'key-create-1' })).statusCode).toBe(422);
  });

  it('rotates and revokes once per key, answers the new version, and refuses a stale If-Match', async () => {
    const { key } = (await createKey('SAP')).json<ApiKeySecret>();
    const url = `/api/connect/keys/${key.id}`;
    const rotated = await send('POST', `${url}/rotate`, { 'idempotency-key': 'key-rotate-1' }, { graceHours: 1 });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const answer = rotated.json<ApiKeySecret>();
    expect(answer.key.version).toBe(key.version + 1);
    expect(rotated.headers.etag).toBe(`"${key.version + 1}"`);
    expect(answer.secret.split('_')[2]).toBe(key.prefix.split('_').at(-1));
    expect(await storedAnswer('key-rotate-1')).not.toContain(answer.secret.split('_').at(-1));
    const replay = await send('POST', `${url}/rotate`, { 'idempotency-key': 'key-rotate-1' }, { graceHours: 1 });
    expect(replay.statusCode).toBe(409);
    expect(replay.json<{ message: string }>().message).toMatch(/already rotated by this request/);
    expect(await recordsOf(requestOf(rotated))).toMatchObject({
      audits: [{ action: 'api-key.rotate', entity_id: String(key.id) }],
      events: [{ name: 'api-key.rotated', entity_id: String(key.id) }],
    });
    const rotations = await db()
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'api-key.rotate')
      .where('entity_id', '=', String(key.id))
      .execute();
    expect(rotations).toHaveLength(1);

    // The version the rotation left behind is stale now: refused, nothing recorded, the key free.
    const counts = await recordCounts(db());
    const stale = await send('POST', `${url}/revoke`, {
      'idempotency-key': 'key-revoke-stale',
      'if-match': `"${key.version}"`,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      message: 'Someone changed this key meanwhile: reload it and try again',
      details: [{ field: 'version', message: String(key.version + 1) }],
    });
    expect(await recordCounts(db())).toEqual(counts);
    expect(await keyUsed(db(), 'key-revoke-stale')).toBe(false);

    const headers = { 'idempotency-key': 'key-revoke-1', 'if-match': `"${key.version + 1}"` };
    const revoked = await send('POST', `${url}/revoke`, headers);
    const again = await send('POST', `${url}/revoke`, headers);
    expect([revoked.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<ApiKey>()).toEqual(revoked.json<ApiKey>());
    expect(revoked.json<ApiKey>()).toMatchObject({ status: 'revoked', version: key.version + 2 });
    expect(await recordsOf(requestOf(revoked))).toMatchObject({
      audits: [{ action: 'api-key.revoke', entity_id: String(key.id) }],
      events: [{ name: 'api-key.revoked', entity_id: String(key.id) }],
    });
  });

  it('refuses what the policy refuses (a revoked key) and a key beyond its creator, leaving no trace', async () => {
    const { key } = (await createKey('Revoked')).json<ApiKeySecret>();
    expect((await send('POST', `/api/connect/keys/${key.id}/revoke`)).statusCode).toBe(200);
    const counts = await recordCounts(db());
    const rotate = await send(
      'POST',
      `/api/connect/keys/${key.id}/rotate`,
      { 'idempotency-key': 'key-refused-1' },
      { graceHours: 1 },
    );
    expect(rotate.statusCode).toBe(409);
    expect(rotate.json<{ message: string }>().message).toBe('This key is revoked');
    const beyond = await send(
      'POST',
      '/api/connect/keys',
      { 'idempotency-key': 'key-refused-2' },
      { name: 'Too much', permissions: ['permit:view:NOPE'], expiresAt },
    );
    expect(beyond.statusCode).toBe(403);
    expect(beyond.json<{ message: string }>().message).toBe(
      'A key cannot hold a permission you do not hold: permit:view:NOPE',
    );
    expect(await recordCounts(db())).toEqual(counts);
    expect(await db().selectFrom('api_keys').select('id').where('name', '=', 'Too much').execute()).toEqual([]);
    expect([await keyUsed(db(), 'key-refused-1'), await keyUsed(db(), 'key-refused-2')]).toEqual([false, false]);
  });
});

describe('webhook subscription commands', () => {
  it('subscribes once per key, its secret kept out of the stored answer and not shown again', async () => {
    const first = await send(
      'POST',
      '/api/connect/subscriptions',
      { 'idempotency-key': 'hook-create-1' },
      hook('Once'),
    );
    expect(first.statusCode, first.body).toBe(201);
    const { subscription, secret } = first.json<{ subscription: WebhookSubscription; secret: string }>();
    expect(secret).toMatch(/^whsec_/);
    const replay = await send(
      'POST',
      '/api/connect/subscriptions',
      { 'idempotency-key': 'hook-create-1' },
      hook('Once'),
    );
    expect(replay.statusCode).toBe(409);
    expect(replay.json<{ message: string }>().message).toMatch(/already made by this request/);
    expect(
      await db().selectFrom('webhook_subscriptions').select('id').where('name', '=', 'Once').execute(),
    ).toHaveLength(1);
    expect(await storedAnswer('hook-create-1')).not.toContain(secret);
    expect(await recordsOf(requestOf(first))).toMatchObject({
      audits: [{ action: 'webhook-subscription.create', entity_id: String(subscription.id) }],
      events: [{ name: 'webhook.created', entity_type: 'webhook_subscription', entity_id: String(subscription.id) }],
    });
  });

  it('changes once per key, answers the new version, and refuses a stale one with nothing recorded', async () => {
    const created = await send('POST', '/api/connect/subscriptions', {}, hook('Versioned'));
    const { subscription } = created.json<{ subscription: WebhookSubscription }>();
    const url = `/api/connect/subscriptions/${subscription.id}`;
    const body = { ...hook('Versioned, renamed'), version: subscription.version };
    const first = await send('PUT', url, { 'idempotency-key': 'hook-edit-1' }, body);
    const replay = await send('PUT', url, { 'idempotency-key': 'hook-edit-1' }, body);
    expect([first.statusCode, replay.statusCode]).toEqual([200, 200]);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(first.body);
    expect(first.json<WebhookSubscription>().version).toBe(subscription.version + 1);
    expect(first.headers.etag).toBe(`"${subscription.version + 1}"`);
    const { audits, events } = await recordsOf(requestOf(first));
    expect(audits.map((a) => a.action)).toEqual(['webhook-subscription.update']);
    expect(events.map((e) => e.name)).toEqual(['webhook.changed']);
    const edits = await db()
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'webhook-subscription.update')
      .where('entity_id', '=', String(subscription.id))
      .execute();
    expect(edits).toHaveLength(1);

    const counts = await recordCounts(db());
    const stale = await send(
      'PUT',
      url,
      { 'idempotency-key': 'hook-stale-1' },
      { ...hook('Lost'), version: subscription.version },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      message: 'Someone changed this subscription meanwhile: reload it and try again',
      details: [{ field: 'version', message: String(subscription.version + 1) }],
    });
    expect(await recordCounts(db())).toEqual(counts);
    expect(await keyUsed(db(), 'hook-stale-1')).toBe(false);
    const row = await db()
      .selectFrom('webhook_subscriptions')
      .select('name')
      .where('id', '=', subscription.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Versioned, renamed');
  });
});
