import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDelivery, WebhookSubscription } from '@hasp/contracts';
import { loadConfig } from '../src/config/config';
import { isPublicAddress, TARGET_REFUSED, WebhookTargets, type HostResolver } from '../src/modules/connect';
import { systemResolver } from '../src/modules/connect/webhook-target';
import { createTestApp, login, type TestApp } from './test-app';
import { waitUntil } from './support/wait-until';

/**
 * Where webhooks may go (server-side request forgery): a Hasp Connect administrator must not reach
 * the server's own network. The corpus — IPv4 and its other spellings, IPv6 forms embedding IPv4,
 * special ranges, names resolving to loopback (the resolver injected, so no network is needed), a
 * name that rebinds to loopback after it was checked, a receiver that redirects to loopback — is
 * refused when a subscription is saved and again when it is delivered, with one message, and the
 * loopback receiver those targets point at gets no request at all. The server's allow-list
 * (HASP_CONNECT_ALLOW_PRIVATE_TARGETS) opens exactly what it lists: 127.0.0.2, not 127.0.0.1.
 */
let t: TestApp;
let token = '';
const db = () => t.connections[0]!.db;

/** Listens on every address (IPv4 and IPv6, loopback included): what a forged request would reach. */
let victim: Server;
let victimHits = 0;
let V = 0;
/** The allowed on-site receiver, on 127.0.0.2: `/redirect` answers 302 to the victim, `/ok` 200. */
let receiver: Server;
let R = 0;
/** A loopback port nobody listens on (closed), to show it is worded like an open one. */
let closedPort = 0;

let rebindCalls = 0;
const PUBLIC = { address: '93.184.216.34', family: 4 };
const names: Record<string, { address: string; family: number }[]> = {
  'loopback.hasp.test': [{ address: '127.0.0.1', family: 4 }],
  'loopback6.hasp.test': [{ address: '::1', family: 6 }],
  'mapped.hasp.test': [{ address: '::ffff:127.0.0.1', family: 6 }],
  'metadata.hasp.test': [{ address: '169.254.169.254', family: 4 }],
  // One public and one loopback address: every address must be allowed, not just the first.
  'mixed.hasp.test': [PUBLIC, { address: '127.0.0.1', family: 4 }],
};
/** The test's DNS: its own names, a name that is public once and loopback after (rebinding), the rest the system's. */
const resolver: HostResolver = async (host) => {
  if (host === 'rebind.hasp.test') return rebindCalls++ === 0 ? [PUBLIC] : [{ address: '127.0.0.1', family: 4 }];
  const known = names[host];
  if (known) return known;
  if (host.endsWith('.invalid')) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return systemResolver(host);
};

const listen = (server: Server, host: string) =>
  new Promise<number>((resolve) => server.listen(0, host, () => resolve((server.address() as AddressInfo).port)));

beforeAll(async () => {
  victim = createServer((request, response) => {
    victimHits++;
    response.writeHead(200).end('internal secret');
  });
  V = await listen(victim, '::');
  receiver = createServer((request, response) => {
    if (request.url === '/redirect') return response.writeHead(302, { location: `http://127.0.0.1:${V}/` }).end();
    response.writeHead(200).end('fine');
  });
  R = await listen(receiver, '127.0.0.2');
  const closed = createServer();
  closedPort = await listen(closed, '127.0.0.1');
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  t = await createTestApp({
    env: { HASP_CONNECT_ALLOW_PRIVATE_TARGETS: '127.0.0.2' },
    jobs: { settings: { pollingIntervalSeconds: 0.5 } },
    // One attempt each: a refused delivery is not retried here.
    webhooks: { maxAttempts: 1, timeoutMs: 2000, resolve: resolver },
  });
  token = (await login(t.app)).json<{ token: string }>().token;
}, 120_000);
afterAll(async () => {
  await t.close();
  await Promise.all([victim, receiver].map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});

const as = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
const subscribe = (url: string) =>
  as('POST', '/api/connect/subscriptions', { name: `To ${url}`, url, events: ['permit.requested'], isActive: true });

/** Every target that must be refused; the loopback ones point at the victim's port. */
function corpus(): string[] {
  const ipv4 = [
    `http://127.0.0.1:${V}/`,
    `http://127.0.0.1:${closedPort}/`,
    `http://127.0.0.3:${V}/`,
    `http://127.1:${V}/`,
    `http://2130706433:${V}/`,
    `http://0177.0.0.1:${V}/`,
    `http://0x7f.1:${V}/`,
    `http://0x7f000001:${V}/`,
    `http://0.0.0.0:${V}/`,
    'http://10.0.0.1/',
    'http://172.16.0.1/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.0.1/',
    'http://224.0.0.1/',
    'http://255.255.255.255/',
    'http://240.0.0.1/',
    'http://192.0.2.1/',
  ];
  const ipv6 = [
    `http://[::1]:${V}/`,
    `http://[0:0:0:0:0:0:0:1]:${V}/`,
    `http://[::]:${V}/`,
    `http://[::ffff:127.0.0.1]:${V}/`,
    `http://[::ffff:7f00:1]:${V}/`,
    `http://[::127.0.0.1]:${V}/`,
    `http://[::7f00:1]:${V}/`,
    `http://[::1:0:0:1]:${V}/`,
    `http://[::ffff:0:7f00:1]:${V}/`,
    `http://[64:ff9b::7f00:1]:${V}/`,
    `http://[64:ff9b:1::a00:1]/`,
    `http://[2002:7f00:1::1]:${V}/`,
    'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/',
    'http://[fe80::1]/',
    'http://[fc00::1]/',
    'http://[fd12:3456::1]/',
    'http://[fec0::1]/',
    'http://[ff02::1]/',
    'http://[100::1]/',
    'http://[2001:db8::1]/',
  ];
  const dnsNames = [
    `http://localhost:${V}/`,
    `http://localhost.:${V}/`,
    `http://loopback.hasp.test:${V}/`,
    `http://loopback6.hasp.test:${V}/`,
    `http://mapped.hasp.test:${V}/`,
    `http://mixed.hasp.test:${V}/`,
    'http://metadata.hasp.test/latest/meta-data/',
    'http://nowhere.invalid/',
  ];
  return [...ipv4, ...ipv6, ...dnsNames];
}

describe('webhook targets', () => {
  it('reads addresses as they are connected to: public ones pass, every special form of IPv4 and IPv6 does not', () => {
    for (const address of ['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      '127.0.0.1',
      '::7f00:1',
      '::1:0:0:1',
      '64:ff9b::808:808',
      '2002:808:808::1',
      '::',
      '0.0.0.0',
    ])
      expect(isPublicAddress(address), address).toBe(false);
    const targets = new WebhookTargets(['127.0.0.2', '10.20.0.0/16']);
    expect(targets.allows('127.0.0.2')).toBe(true);
    expect(targets.allows('::ffff:127.0.0.2')).toBe(true);
    expect(targets.allows('10.20.3.4')).toBe(true);
    expect(targets.allows('127.0.0.1')).toBe(false);
    expect(targets.allows('10.21.0.1')).toBe(false);
    expect(new WebhookTargets(['::ffff:10.0.0.5']).allows('10.0.0.5')).toBe(true);
    // The allow-list opens loopback and private addresses only, never unspecified or broadcast ones.
    expect(new WebhookTargets(['0.0.0.0/0']).allows('0.0.0.0')).toBe(false);
    expect(new WebhookTargets(['0.0.0.0/0']).allows('255.255.255.255')).toBe(false);
  });

  it('takes private targets from the server setting HASP_CONNECT_ALLOW_PRIVATE_TARGETS, none by default', () => {
    const load = (value?: string) =>
      loadConfig(
        { HASP_CONFIG: '', ...(value === undefined ? {} : { HASP_CONNECT_ALLOW_PRIVATE_TARGETS: value }) },
        '/x',
      );
    expect(load().connectAllowPrivateTargets).toEqual([]);
    expect(load('off').connectAllowPrivateTargets).toEqual([]);
    expect(load('10.0.0.5, 192.168.10.0/24,fd00::/8').connectAllowPrivateTargets).toEqual([
      '10.0.0.5',
      '192.168.10.0/24',
      'fd00::/8',
    ]);
    expect(() => load('10.0.0.5,intranet')).toThrow(/HASP_CONNECT_ALLOW_PRIVATE_TARGETS: "intranet" is not an address/);
  });

  it('refuses the SSRF corpus (IPv4, IPv6 forms, names resolving to loopback, rebinding, redirects) at subscription and at delivery, with one message and no request sent', async () => {
    const urls = corpus();
    // At subscription: every one a 400 naming url, all with the same words.
    let refusedAtRegistration = 0;
    for (const url of urls) {
      const answer = await subscribe(url);
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json<{ details: { field: string; message: string }[] }>().details, url).toEqual([
        { field: 'url', message: TARGET_REFUSED },
      ]);
      refusedAtRegistration++;
    }
    expect(await db().selectFrom('webhook_subscriptions').select('id').execute()).toEqual([]);

    // At delivery: the same URLs saved anyway (as a row written before this check, or a name whose
    // address changed); a name that was public when saved and is loopback now (rebinding); and the
    // allowed receiver answering a redirect to loopback.
    const admin = await db()
      .selectFrom('users')
      .select('id')
      .where('user_name', '=', 'admin')
      .executeTakeFirstOrThrow();
    const ids: number[] = [];
    for (const url of urls) {
      const row = await db()
        .insertInto('webhook_subscriptions')
        .values({
          facility_id: 1,
          name: `Saved ${url}`,
          url,
          events: ['permit.requested'],
          secret: 'whsec_test',
          is_active: true,
          created_by: admin.id,
          created_at: new Date(),
          updated_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    const rebinding = await subscribe(`http://rebind.hasp.test:${V}/`);
    expect(rebinding.statusCode, rebinding.body).toBe(201);
    ids.push(rebinding.json<{ subscription: WebhookSubscription }>().subscription.id);
    const redirecting = await subscribe(`http://127.0.0.2:${R}/redirect`);
    expect(redirecting.statusCode, redirecting.body).toBe(201);
    const redirectId = redirecting.json<{ subscription: WebhookSubscription }>().subscription.id;
    const allowed = await subscribe(`http://127.0.0.2:${R}/ok`);
    const allowedId = allowed.json<{ subscription: WebhookSubscription }>().subscription.id;

    for (const id of [...ids, redirectId, allowedId])
      expect((await as('POST', `/api/connect/subscriptions/${id}/test`)).statusCode).toBe(202);
    const deliveries = await waitUntil(async () => {
      const all = (await as('GET', '/api/connect/deliveries')).json<{ deliveries: WebhookDelivery[] }>().deliveries;
      return all.length === ids.length + 2 && all.every((d) => d.state !== 'pending') && all;
    }, 'every delivery tried once');
    const bySubscription = new Map(deliveries.map((d) => [d.subscriptionId, d]));

    let refusedAtDelivery = 0;
    for (const id of ids) {
      const delivery = bySubscription.get(id)!;
      expect(delivery.state, delivery.subscriptionName).toBe('failed');
      // A failure with only its time: no status, no answer, the one message.
      expect(delivery.attemptLog, delivery.subscriptionName).toEqual([
        {
          at: expect.any(String),
          statusCode: null,
          error: TARGET_REFUSED,
          response: '',
          durationMs: expect.any(Number),
        },
      ]);
      refusedAtDelivery++;
    }
    // The redirect is not followed: the 302 is a failed attempt and loopback gets nothing.
    const redirect = bySubscription.get(redirectId)!;
    expect(redirect.state).toBe('failed');
    expect(redirect.attemptLog.map((a) => a.statusCode)).toEqual([302]);
    refusedAtDelivery++;
    // The address the server lists is reached, its answer in the log: the refusals above are the check's.
    expect(bySubscription.get(allowedId)).toMatchObject({ state: 'delivered', attemptLog: [{ response: 'fine' }] });
    expect(victimHits).toBe(0);

    console.log(
      `SSRF corpus: ${refusedAtRegistration} targets refused at registration, ${refusedAtDelivery} at delivery`,
    );
    expect(refusedAtRegistration).toBe(urls.length);
    expect(refusedAtDelivery).toBe(urls.length + 2);
    // About 50 deliveries, one a job poll (0.5 s) each.
  }, 120_000);
});
