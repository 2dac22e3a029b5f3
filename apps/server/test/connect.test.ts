import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_KEY_RATE_LIMIT_PER_MINUTE,
  WEBHOOK_TOLERANCE_SECONDS,
  type ApiKeySecret,
  type ConnectPermit,
  type WebhookDelivery,
  type WebhookSubscription,
} from '@hasp/contracts';
import { isPublicAddress, TARGET_REFUSED, verifyWebhook } from '../src/modules/connect';
import { webhookEventOf } from '../src/modules/connect/webhook-events.consumer';
import { createTestApp, login, type TestApp } from './test-app';
import { permitDraft } from './support/permit-draft';
import { answerStage } from './support/permit-answers';
import { waitUntil } from './support/wait-until';

/**
 * Hasp Connect over the real server, real PostgreSQL, the real job queue and a real
 * HTTP receiver on loopback: API keys (never beyond the creator, revoked at once, one facility,
 * rotated with a grace period, audited as the key), the work-order create (idempotent under 10
 * concurrent calls), rate limiting, and webhooks (signed, verified by the receiver, retried after
 * a 500 and a timeout, switched off after repeated failures, private targets refused unless the
 * server lists them). The whole corpus of refused targets is in connect-targets.test.ts.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const db = () => t.connections[0]!.db;
const FAILURE_LIMIT = 3;

/** What the receiver got, per path; `/flaky` answers 500, then hangs past the timeout, then 200. */
interface Received {
  path: string;
  body: string;
  signature: string;
  event: string;
  at: number;
}
const received: Received[] = [];
let flakyCalls = 0;
let receiver: Server;
let base = '';

function receive(request: IncomingMessage, response: ServerResponse) {
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => (body += chunk));
  request.on('end', () => {
    const path = request.url ?? '';
    received.push({
      path,
      body,
      signature: String(request.headers['hasp-signature'] ?? ''),
      event: String(request.headers['hasp-event'] ?? ''),
      at: Date.now(),
    });
    if (path === '/fail') return response.writeHead(500).end('receiver broken');
    if (path === '/flaky') {
      flakyCalls++;
      if (flakyCalls === 1) return response.writeHead(500).end('try later');
      if (flakyCalls === 2) return; // no answer: the sender's timeout
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
}

beforeAll(async () => {
  receiver = createServer(receive);
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await createTestApp({
    // The receiver is on loopback: the server setting lists exactly its address.
    env: { HASP_CONNECT_ALLOW_PRIVATE_TARGETS: '127.0.0.1' },
    jobs: { settings: { pollingIntervalSeconds: 0.5 } },
    webhooks: { retryBaseSeconds: 1, timeoutMs: 800, failureLimit: FAILURE_LIMIT },
  });
  for (const username of ['admin', 'supervisor', 'worker'])
    tokens[username] = (await login(t.app, { username })).json<{ token: string }>().token;
  tokens.adminRiverside = (await login(t.app, { username: 'admin', facilityId: 2 })).json<{ token: string }>().token;
  // The supervisor administers Hasp Connect too (a group of their own), with fewer rights than the admin.
  const group = await db()
    .insertInto('groups')
    .values({ facility_id: 1, name: 'Connect admins', description: '' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db().insertInto('group_permissions').values({ group_id: group.id, permission: 'rightnav:connect' }).execute();
  const supervisor = await userId('supervisor');
  await db().insertInto('user_groups').values({ user_id: supervisor, group_id: group.id }).execute();
}, 120_000);
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

async function userId(name: string): Promise<number> {
  return (await db().selectFrom('users').select('id').where('user_name', '=', name).executeTakeFirstOrThrow()).id;
}
async function typeId(code: string, facilityId = 1): Promise<number> {
  return (
    await db()
      .selectFrom('permit_types')
      .select('id')
      .where('facility_id', '=', facilityId)
      .where('code', '=', code)
      .executeTakeFirstOrThrow()
  ).id;
}

const as = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = {}) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${tokens[who]}`, ...headers },
    ...(payload ? { payload } : {}),
  });
const withKey = (key: string, method: 'GET' | 'POST', url: string, payload?: object, headers = {}) =>
  t.app.inject({ method, url, headers: { 'x-api-key': key, ...headers }, ...(payload ? { payload } : {}) });

async function newKey(who: string, permissions: string[], hours = 24 * 30): Promise<ApiKeySecret> {
  const response = await as(who, 'POST', '/api/connect/keys', {
    name: `Key of ${who} ${permissions.length}`,
    permissions,
    expiresAt: new Date(Date.now() + hours * 3_600_000).toISOString(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ApiKeySecret>();
}

let order = 0;
async function workOrder(key: string, overrides: object = {}, headers = {}) {
  order++;
  return withKey(
    key,
    'POST',
    '/api/connect/permits',
    {
      ...permitDraft(await typeId('LOTO'), {
        plannedStart: new Date(Date.now() + 3_600_000).toISOString(),
        holderId: await userId('worker'),
        riskLevel: 'medium',
      }),
      externalReference: `SAP-${order}`,
      ...overrides,
    },
    headers,
  );
}

describe('API keys', () => {
  it('cannot hold a permission its creator does not hold', async () => {
    const refused = await as('supervisor', 'POST', '/api/connect/keys', {
      name: 'Too much',
      permissions: ['permit:view:LOTO', 'rightnav:administrator'],
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toContain('rightnav:administrator');
    // The picker offers only what the creator holds.
    const offered = (await as('supervisor', 'GET', '/api/connect/keys/permissions')).json<{ permission: string }[]>();
    expect(offered.map((p) => p.permission)).toContain('permit:view:LOTO');
    expect(offered.map((p) => p.permission)).not.toContain('rightnav:administrator');
    expect(await db().selectFrom('api_keys').select('id').execute()).toEqual([]);
  });

  it('is shown once and stored only as a hash', async () => {
    const { key, secret } = await newKey('admin', ['permit:view:LOTO']);
    expect(secret).toMatch(/^hasp_[0-9a-f]+_[0-9a-f]{16}_[\w-]{43}$/);
    const row = await db().selectFrom('api_keys').selectAll().where('id', '=', key.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secret.split('_').at(-1));
    const listed = (await as('admin', 'GET', '/api/connect/keys')).body;
    expect(listed).not.toContain(secret.split('_').at(-1));
    expect(listed).not.toContain(row.secret_hash);
  });

  it('acts with what both the key and its creator hold now: a creator losing a permission narrows the key', async () => {
    const { secret } = await newKey('supervisor', ['permit:view:LOTO', 'permit:create:LOTO']);
    const created = await workOrder(secret);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json<ConnectPermit>().id;
    expect((await withKey(secret, 'GET', `/api/connect/permits/${id}`)).statusCode).toBe(200);
    // Not granted to the key, though the creator holds it: GEN permits stay hidden.
    const gen = await workOrder(secret, { permitTypeId: await typeId('GEN') });
    expect(gen.statusCode).toBe(403);
    // The supervisors lose LOTO view: so does the key, at once.
    const supervisors = await db()
      .selectFrom('groups')
      .select('id')
      .where('facility_id', '=', 1)
      .where('name', '=', 'Supervisors')
      .executeTakeFirstOrThrow();
    await db()
      .deleteFrom('group_permissions')
      .where('group_id', '=', supervisors.id)
      .where('permission', '=', 'permit:view:LOTO')
      .execute();
    try {
      expect((await withKey(secret, 'GET', `/api/connect/permits/${id}`)).statusCode).toBe(404);
    } finally {
      await db()
        .insertInto('group_permissions')
        .values({ group_id: supervisors.id, permission: 'permit:view:LOTO' })
        .execute();
    }
    expect((await withKey(secret, 'GET', `/api/connect/permits/${id}`)).statusCode).toBe(200);
  });

  it('stops working at once when revoked, and works on no person route', async () => {
    const { key, secret } = await newKey('admin', ['permit:view:LOTO']);
    expect((await withKey(secret, 'GET', '/api/connect/permits')).statusCode).toBe(200);
    // Bearer works as well as X-Api-Key; a person's routes refuse a key either way.
    const bearer = await t.app.inject({
      method: 'GET',
      url: '/api/connect/permits',
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(bearer.statusCode).toBe(200);
    expect((await withKey(secret, 'GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await withKey(secret, 'GET', '/api/profile')).statusCode).toBe(401);
    const revoked = await as('admin', 'POST', `/api/connect/keys/${key.id}/revoke`, undefined, {
      'if-match': `"${key.version}"`,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json<{ status: string }>().status).toBe('revoked');
    expect((await withKey(secret, 'GET', '/api/connect/permits')).statusCode).toBe(401);
    // A wrong secret with a real lookup id is refused too.
    const forged = secret.slice(0, -4) + (secret.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect((await withKey(forged, 'GET', '/api/connect/permits')).statusCode).toBe(401);
  });

  it('sees only its own facility', async () => {
    const { secret } = await newKey('admin', ['permit:view:LOTO', 'permit:create:LOTO']);
    const riversideType = await typeId('LOTO', 2);
    const riverside = await as('adminRiverside', 'POST', '/api/permits', {
      ...permitDraft(riversideType),
      externalReference: 'RIVER-1',
    });
    expect(riverside.statusCode, riverside.body).toBe(200);
    const riversideId = riverside.json<{ ID: number }>().ID;
    expect((await withKey(secret, 'GET', `/api/connect/permits/${riversideId}`)).statusCode).toBe(404);
    const byReference = await withKey(secret, 'GET', '/api/connect/permits?externalReference=RIVER-1');
    expect(byReference.json<{ permits: unknown[] }>().permits).toEqual([]);
    // Creating with another facility's permit type: that type is not found here.
    expect((await workOrder(secret, { permitTypeId: riversideType })).statusCode).toBe(404);
    const attach = await withKey(secret, 'POST', `/api/permits/${riversideId}/attachments?fileName=x.pdf`, undefined);
    expect(attach.statusCode).toBe(404);
  });

  it('rotates with a grace period for the old secret, and expires', async () => {
    const { key, secret: first } = await newKey('admin', ['permit:view:LOTO'], 48);
    const rotated = await as('admin', 'POST', `/api/connect/keys/${key.id}/rotate`, { graceHours: 1 });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const second = rotated.json<ApiKeySecret>().secret;
    expect(second).not.toBe(first);
    expect((await withKey(first, 'GET', '/api/connect/permits')).statusCode).toBe(200);
    expect((await withKey(second, 'GET', '/api/connect/permits')).statusCode).toBe(200);
    t.advanceClock(2 * 3_600_000);
    expect((await withKey(first, 'GET', '/api/connect/permits')).statusCode).toBe(401);
    expect((await withKey(second, 'GET', '/api/connect/permits')).statusCode).toBe(200);
    t.advanceClock(48 * 3_600_000);
    expect((await withKey(second, 'GET', '/api/connect/permits')).statusCode).toBe(401);
    t.advanceClock(-50 * 3_600_000);
  });

  it('records its last use, and audits what it changes as the key', async () => {
    const { key, secret } = await newKey('admin', ['permit:view:LOTO', 'permit:create:LOTO']);
    const created = await workOrder(secret);
    expect(created.statusCode, created.body).toBe(200);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['user_id', 'device_id', 'address'])
      .where('action', '=', 'permit.create')
      .where('entity_id', '=', String(created.json<ConnectPermit>().id))
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ user_id: await userId('admin'), device_id: `api-key:${key.id}`, address: '127.0.0.1' });
    const listed = (await as('admin', 'GET', '/api/connect/keys')).json<
      { id: number; lastUsedAt: string | null; lastUsedAddress: string | null }[]
    >();
    const mine = listed.find((k) => k.id === key.id)!;
    expect(mine.lastUsedAt).not.toBeNull();
    expect(mine.lastUsedAddress).toBe('127.0.0.1');
  });
  it('audits every call made with it as the key, reads and refusals included', async () => {
    const { key, secret } = await newKey('admin', ['permit:view:LOTO']);
    expect((await withKey(secret, 'GET', '/api/connect/permits')).statusCode).toBe(200);
    expect((await withKey(secret, 'GET', '/api/connect/permits/999999999')).statusCode).toBe(404);
    const calls = await waitUntil(async () => {
      const rows = await db()
        .selectFrom('audit_log')
        .select(['user_id', 'facility_id', 'device_id', 'address', 'after'])
        .where('action', '=', 'api-key.call')
        .where('entity_id', '=', String(key.id))
        .orderBy('id')
        .execute();
      return rows.length === 2 && rows;
    }, 'two audited calls');
    expect(calls.map((row) => row.after)).toEqual([
      { method: 'GET', route: '/api/connect/permits', status: 200 },
      { method: 'GET', route: '/api/connect/permits/:id', status: 404 },
    ]);
    for (const row of calls)
      expect(row).toMatchObject({
        user_id: await userId('admin'),
        facility_id: 1,
        device_id: `api-key:${key.id}`,
        address: '127.0.0.1',
      });
  });
});

describe('the integrators’ permit routes', () => {
  it('makes one permit from 10 concurrent creates with one Idempotency-Key', async () => {
    const { secret } = await newKey('admin', ['permit:view:LOTO', 'permit:create:LOTO']);
    const body = {
      ...permitDraft(await typeId('LOTO'), { plannedStart: new Date(Date.now() + 3_600_000).toISOString() }),
      externalReference: 'MAXIMO-1001',
    };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        withKey(secret, 'POST', '/api/connect/permits', body, { 'idempotency-key': 'wo-1001-create' }),
      ),
    );
    for (const a of answers) expect([200, 409], a.body).toContain(a.statusCode);
    expect(answers.some((a) => a.statusCode === 200)).toBe(true);
    const permits = await db()
      .selectFrom('permits')
      .select('id')
      .where('external_reference', '=', 'MAXIMO-1001')
      .execute();
    expect(permits).toHaveLength(1);
    // A retry later answers the same permit.
    const retry = await withKey(secret, 'POST', '/api/connect/permits', body, { 'idempotency-key': 'wo-1001-create' });
    expect(retry.statusCode).toBe(200);
    expect(retry.json<ConnectPermit>().id).toBe(permits[0]!.id);
    expect(retry.headers['idempotent-replayed']).toBe('true');
  });

  it('makes one permit per external reference, even from 10 concurrent creates without a key', async () => {
    const { secret } = await newKey('admin', ['permit:view:LOTO', 'permit:create:LOTO']);
    const body = {
      ...permitDraft(await typeId('LOTO'), { plannedStart: new Date(Date.now() + 3_600_000).toISOString() }),
      externalReference: 'MAXIMO-2002',
    };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => withKey(secret, 'POST', '/api/connect/permits', body)),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      expect(a.statusCode, a.body).toBe(409);
      expect(a.json<{ details: { field: string }[] }>().details[0]!.field).toBe('externalReference');
    }
    expect(
      await db().selectFrom('permits').select('id').where('external_reference', '=', 'MAXIMO-2002').execute(),
    ).toHaveLength(1);
  });

  it('lists by status and external reference, with the isolation state, and takes documents', async () => {
    const { secret } = await newKey('admin', ['permit:view:LOTO', 'permit:create:LOTO']);
    const created = (await workOrder(secret, { externalReference: 'SAP-LIST-1' })).json<ConnectPermit>();
    expect(created).toMatchObject({
      externalReference: 'SAP-LIST-1',
      status: 'draft',
      isLive: false,
      isolation: { points: 0, allVerified: true, tagsApplied: 0 },
    });
    const byReference = (await withKey(secret, 'GET', '/api/connect/permits?externalReference=SAP-LIST-1')).json<{
      permits: ConnectPermit[];
    }>();
    expect(byReference.permits.map((p) => p.id)).toEqual([created.id]);
    const drafts = (await withKey(secret, 'GET', '/api/connect/permits?status=draft,requested&limit=200')).json<{
      permits: ConnectPermit[];
    }>();
    expect(drafts.permits.map((p) => p.id)).toContain(created.id);
    expect(drafts.permits.every((p) => ['draft', 'requested'].includes(p.status))).toBe(true);
    const closed = (await withKey(secret, 'GET', '/api/connect/permits?status=closed')).json<{
      permits: ConnectPermit[];
    }>();
    expect(closed.permits.map((p) => p.id)).not.toContain(created.id);
    expect((await withKey(secret, 'GET', '/api/connect/permits?status=nonsense')).statusCode).toBe(400);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const attached = await t.app.inject({
      method: 'POST',
      url: `/api/permits/${created.id}/attachments?fileName=work-order.pdf`,
      headers: { 'x-api-key': secret, 'content-type': 'application/pdf' },
      payload: pdf,
    });
    expect(attached.statusCode, attached.body).toBe(200);
    const listed = await withKey(secret, 'GET', `/api/permits/${created.id}/attachments`);
    expect(listed.body).toContain('work-order.pdf');
  });

  it('limits each key’s rate, answering 429 with Retry-After', async () => {
    const { secret } = await newKey('admin', ['permit:view:LOTO']);
    const { secret: other } = await newKey('admin', ['permit:view:LOTO']);
    let last = await withKey(secret, 'GET', '/api/connect/permits?limit=1');
    for (let i = 1; i <= API_KEY_RATE_LIMIT_PER_MINUTE && last.statusCode === 200; i++)
      last = await withKey(secret, 'GET', '/api/connect/permits?limit=1');
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    // Another key is not slowed by it.
    expect((await withKey(other, 'GET', '/api/connect/permits?limit=1')).statusCode).toBe(200);
  });
});

describe('webhooks', () => {
  const subscribe = (url: string, events: string[] = ['permit.requested']) =>
    as('admin', 'POST', '/api/connect/subscriptions', { name: `To ${url}`, url, events, isActive: true });

  it('refuses loopback and private targets the server does not list, with one message', async () => {
    expect(isPublicAddress('8.8.8.8')).toBe(true);
    for (const url of [
      'http://127.0.0.2/hook',
      'http://10.1.2.3/hook',
      'http://192.168.0.5/hook',
      'http://172.16.0.1/hook',
      'http://169.254.169.254/latest',
      'http://[::1]:8080/hook',
      'http://[fd00::1]/hook',
      'http://[fe80::1]/hook',
      'http://[::ffff:127.0.0.2]/hook',
      'http://0.0.0.0/hook',
    ]) {
      const refused = await subscribe(url);
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json<{ details: { field: string; message: string }[] }>().details[0]).toEqual({
        field: 'url',
        message: TARGET_REFUSED,
      });
    }
    expect(await db().selectFrom('webhook_subscriptions').select('id').execute()).toEqual([]);
    // Administrators see which private addresses the server opens; no facility setting does it.
    const list = await as('admin', 'GET', '/api/connect/subscriptions');
    expect(list.json<{ allowedPrivateTargets: string[] }>().allowedPrivateTargets).toEqual(['127.0.0.1']);
    const setting = await as('admin', 'PUT', '/api/admin/settings/connect.allowPrivateTargets', { value: true });
    expect(setting.statusCode).toBe(404);
  });

  it('delivers signed events to a real receiver, which verifies them and can refuse a replay', async () => {
    const created = await subscribe(`${base}/ok`);
    expect(created.statusCode, created.body).toBe(201);
    const { subscription, secret } = created.json<{ subscription: WebhookSubscription; secret: string }>();
    const { secret: key } = await newKey('admin', ['permit:view:LOTO', 'permit:create:LOTO']);
    const permit = (await workOrder(key, { externalReference: 'SAP-HOOK-1' })).json<ConnectPermit>();
    await answerStage(t.app, tokens.admin!, permit.id, 'request');
    const requested = await as('admin', 'POST', `/api/permits/${permit.id}/commands/request`, {});
    expect(requested.statusCode, requested.body).toBe(200);
    const hit = await waitUntil(
      async () => received.find((r) => r.path === '/ok' && r.body.includes('SAP-HOOK-1')),
      'the permit.requested delivery',
    );
    expect(hit.event).toBe('permit.requested');
    const body = JSON.parse(hit.body) as { event: string; data: { permit: { id: number; externalReference: string } } };
    expect(body.event).toBe('permit.requested');
    expect(body.data.permit).toMatchObject({ id: permit.id, externalReference: 'SAP-HOOK-1', status: 'requested' });
    const now = Math.floor(hit.at / 1000);
    expect(verifyWebhook(secret, hit.body, hit.signature, now, WEBHOOK_TOLERANCE_SECONDS)).toBe(true);
    // Tampered, or signed with another secret: refused.
    expect(verifyWebhook(secret, hit.body.replace('SAP-HOOK-1', 'SAP-HOOK-2'), hit.signature, now, 300)).toBe(false);
    expect(verifyWebhook('whsec_other', hit.body, hit.signature, now, 300)).toBe(false);
    // The same delivery replayed ten minutes later: its signed time is too old.
    expect(verifyWebhook(secret, hit.body, hit.signature, now + 600, WEBHOOK_TOLERANCE_SECONDS)).toBe(false);
    // The log shows it delivered, with the receiver's answer.
    const log = await waitUntil(async () => {
      const deliveries = (await as('admin', 'GET', `/api/connect/deliveries?subscriptionId=${subscription.id}`)).json<{
        deliveries: WebhookDelivery[];
      }>().deliveries;
      return deliveries.find((d) => d.state === 'delivered');
    }, 'the delivered state');
    expect(log.attemptLog[0]).toMatchObject({ statusCode: 200, response: '{"ok":true}' });
    // The test event and a manual redelivery reach it too.
    const test = await as('admin', 'POST', `/api/connect/subscriptions/${subscription.id}/test`);
    expect(test.statusCode, test.body).toBe(202);
    await waitUntil(async () => received.find((r) => r.event === 'connect.test'), 'the test event');
    const before = received.filter((r) => r.body.includes('SAP-HOOK-1')).length;
    expect((await as('admin', 'POST', `/api/connect/deliveries/${log.id}/redeliver`)).statusCode).toBe(202);
    await waitUntil(
      async () => received.filter((r) => r.body.includes('SAP-HOOK-1')).length > before,
      'the redelivery',
    );
    // Deliveries and keys are the facility's: Riverside (Connect switched off there) sees none.
    expect((await as('adminRiverside', 'GET', '/api/connect/deliveries')).statusCode).toBe(403);
  });

  it('retries after a 500 and after a timeout, with every attempt in the log', async () => {
    const created = await subscribe(`${base}/flaky`, ['permit.requested']);
    const { subscription } = created.json<{ subscription: WebhookSubscription }>();
    const test = await as('admin', 'POST', `/api/connect/subscriptions/${subscription.id}/test`);
    const deliveryId = test.json<{ deliveryId: number }>().deliveryId;
    const delivery = await waitUntil(async () => {
      const all = (await as('admin', 'GET', `/api/connect/deliveries?subscriptionId=${subscription.id}`)).json<{
        deliveries: WebhookDelivery[];
      }>().deliveries;
      return all.find((d) => d.id === deliveryId && d.state === 'delivered');
    }, 'the third attempt');
    expect(delivery.attempts).toBe(3);
    expect(delivery.attemptLog.map((a) => a.statusCode)).toEqual([500, null, 200]);
    expect(delivery.attemptLog[0]!.response).toBe('try later');
    expect(delivery.attemptLog[1]!.error).toContain('No answer within');
    // The backoff doubles: the second retry waited longer than the first.
    const times = received.filter((r) => r.path === '/flaky').map((r) => r.at);
    expect(times[2]! - times[1]!).toBeGreaterThan(times[1]! - times[0]! - 500);
  });

  it('tells integrators of a permit reaching a status, an isolation verified and a tag removed', () => {
    const event = (name: string, payload: Record<string, unknown> = {}) => ({
      id: 1,
      name,
      facilityId: 1,
      entityType: 'permit',
      entityId: '1',
      payload,
      requestId: null,
      createdAt: new Date(),
    });
    expect(webhookEventOf(event('permit.accept', { to: 'active' }))).toBe('permit.active');
    expect(webhookEventOf(event('permit.revalidate', { to: 'active' }))).toBe('permit.active');
    expect(webhookEventOf(event('permit.issue', { to: 'issued' }))).toBe('permit.issued');
    expect(webhookEventOf(event('permit.suspend', { to: 'suspended' }))).toBe('permit.suspended');
    expect(webhookEventOf(event('permit.close', { to: 'closed' }))).toBe('permit.closed');
    expect(webhookEventOf(event('permit.approve', { to: 'approved' }))).toBeNull();
    expect(webhookEventOf(event('isolation-plan.verify-point'))).toBe('isolation.verified');
    expect(webhookEventOf(event('tag.remove'))).toBe('tag.removed');
    expect(webhookEventOf(event('tag.apply'))).toBeNull();
  });

  it('switches a subscription off after repeated failures and tells the administrators', async () => {
    const created = await subscribe(`${base}/fail`, ['permit.requested']);
    const { subscription } = created.json<{ subscription: WebhookSubscription }>();
    await as('admin', 'POST', `/api/connect/subscriptions/${subscription.id}/test`);
    const off = await waitUntil(async () => {
      const row = await db()
        .selectFrom('webhook_subscriptions')
        .selectAll()
        .where('id', '=', subscription.id)
        .executeTakeFirstOrThrow();
      return !row.is_active && row;
    }, 'the subscription switched off');
    expect(off.consecutive_failures).toBe(FAILURE_LIMIT);
    expect(off.disabled_reason).toContain(`${FAILURE_LIMIT} failed attempts`);
    expect(received.filter((r) => r.path === '/fail')).toHaveLength(FAILURE_LIMIT);
    const notices = await db()
      .selectFrom('notifications')
      .innerJoin('users', 'users.id', 'notifications.user_id')
      .select(['users.user_name', 'notifications.title'])
      .where('notifications.title', '=', `Webhook ${subscription.name} switched off`)
      .execute();
    expect(notices.map((n) => n.user_name).sort()).toEqual(['admin', 'supervisor']);
    // A command of the system's: audited without a person, and announced as an event.
    const audit = await db()
      .selectFrom('audit_log')
      .select(['user_id', 'after'])
      .where('action', '=', 'webhook-subscription.disable')
      .where('entity_id', '=', String(subscription.id))
      .execute();
    expect(audit).toEqual([{ user_id: null, after: { isActive: false, disabledReason: off.disabled_reason } }]);
    const events = await db()
      .selectFrom('domain_events')
      .select('name')
      .where('entity_type', '=', 'webhook_subscription')
      .where('entity_id', '=', String(subscription.id))
      .execute();
    expect(events.map((e) => e.name)).toContain('webhook.switched-off');
    // Switched off, it gets no test event; switched on again, its failures start from zero.
    expect((await as('admin', 'POST', `/api/connect/subscriptions/${subscription.id}/test`)).statusCode).toBe(409);
    const on = await as('admin', 'PUT', `/api/connect/subscriptions/${subscription.id}`, {
      name: subscription.name,
      url: subscription.url,
      events: subscription.events,
      isActive: true,
      version: off.version,
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json<WebhookSubscription>()).toMatchObject({
      isActive: true,
      consecutiveFailures: 0,
      disabledReason: null,
    });
  });
});
