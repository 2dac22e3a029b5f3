import { randomBytes, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { decodeJwt, SignJWT } from 'jose';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/config';
import { createLogger } from '../src/plugins/logger';
import { AccessTokens } from '../src/modules/auth/access-token';
import { issueSsoToken } from '../src/modules/sso/sso.repository';
import { createTestApp, DEMO_PASSWORD, TEST_JWT_SECRET, type TestApp } from './test-app';

// light-my-request's peer address: the "proxy" every injected request comes from unless told otherwise.
const PROXY = '127.0.0.1';
const logLines: string[] = [];
let direct: TestApp;
let proxied: TestApp;

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  [direct, proxied] = await Promise.all([
    createTestApp({ logger: createLogger('info', sink) }),
    createTestApp({ env: { HASP_TRUST_PROXY: PROXY, HASP_LOGIN_MAX_PER_ADDRESS_PER_MINUTE: '3' } }),
  ]);
});
afterAll(() => Promise.all([direct.close(), proxied.close()]));

const credentials = { connectionStringName: 'Demo', facilityId: 1, username: 'admin', password: DEMO_PASSWORD };
const signIn = (t: TestApp, headers: Record<string, string> = {}, more: Partial<InjectOptions> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: credentials, headers, ...more });
const refreshCookie = (response: {
  cookies: { name: string; value: string; secure?: boolean; httpOnly?: boolean }[];
}) => response.cookies.find((cookie) => cookie.name === 'hasp_rt');
const browser = { host: 'hasp.test', origin: 'http://hasp.test', 'sec-fetch-site': 'same-origin' };

describe('behind a trusted proxy (HASP_TRUST_PROXY)', () => {
  it('marks the refresh cookie Secure and sends HSTS when the proxy says the request came over TLS', async () => {
    const response = await signIn(proxied, { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.10' });
    expect(response.statusCode).toBe(200);
    expect(refreshCookie(response)).toMatchObject({ secure: true, httpOnly: true });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('sends neither Secure nor HSTS over plain HTTP', async () => {
    const response = await signIn(proxied, { 'x-forwarded-for': '198.51.100.11' });
    expect(response.statusCode).toBe(200);
    expect(refreshCookie(response)?.secure).toBeFalsy();
    expect(response.headers['strict-transport-security']).toBeUndefined();
    const health = await proxied.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.headers['strict-transport-security']).toBeUndefined();
  });

  it('ignores X-Forwarded-Proto and -For from a client that is not a trusted proxy', async () => {
    const spoofed = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.12' };
    for (const [t, remoteAddress] of [
      [proxied, '203.0.113.9'],
      [direct, PROXY], // no proxy configured: nobody is trusted
    ] as const) {
      const response = await signIn(t, spoofed, { remoteAddress });
      expect(response.statusCode).toBe(200);
      expect(refreshCookie(response)?.secure).toBeFalsy();
      expect(response.headers['strict-transport-security']).toBeUndefined();
      const event = await t.connections[0]!.db.selectFrom('auth_events')
        .select('ip')
        .where('kind', '=', 'login_succeeded')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(event.ip).toBe(remoteAddress);
    }
  });

  it('records the client address the proxy forwards, not the proxy', async () => {
    expect((await signIn(proxied, { 'x-forwarded-for': '198.51.100.13' })).statusCode).toBe(200);
    const event = await proxied.connections[0]!.db.selectFrom('auth_events')
      .select('ip')
      .where('kind', '=', 'login_succeeded')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(event.ip).toBe('198.51.100.13');
  });

  // Bodies fail validation, so no password is hashed: the limit counts requests, not outcomes.
  const attempt = (headers: Record<string, string>, remoteAddress = PROXY) =>
    proxied.app.inject({ method: 'POST', url: '/api/login', payload: {}, headers, remoteAddress });

  it('keys the sign-in rate limit by the client address the proxy forwards', async () => {
    const first = { 'x-forwarded-for': '198.51.100.20' };
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt(first)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 429]);
    // Another client behind the same proxy has its own budget.
    expect((await attempt({ 'x-forwarded-for': '198.51.100.21' })).statusCode).toBe(400);
  });

  it('cannot be dodged by a direct client that forges X-Forwarded-For', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await attempt({ 'x-forwarded-for': `198.51.100.${30 + i}` }, '203.0.113.30')).statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
  });
});

describe('refresh-token delivery', () => {
  it('gives a browser sign-in the refresh token only as an HttpOnly cookie, never in the body', async () => {
    const response = await signIn(direct, browser);
    expect(response.statusCode).toBe(200);
    expect(response.json()).not.toHaveProperty('refreshToken');
    expect(refreshCookie(response)).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
  });

  it('rotates a browser session through the cookie without putting the token in the body', async () => {
    let cookie = refreshCookie(await signIn(direct, browser))!.value;
    for (let i = 0; i < 2; i++) {
      const response = await direct.app.inject({
        method: 'POST',
        url: '/api/auth/tokenrefresh',
        headers: browser,
        cookies: { hasp_rt: cookie },
        payload: {},
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).not.toHaveProperty('refreshToken');
      const next = refreshCookie(response)!.value;
      expect(next).not.toBe(cookie);
      cookie = next;
    }
  });

  it('still gives an API client (no Origin, no Sec-Fetch-*) the refresh token in the body', async () => {
    const login = await signIn(direct);
    const { refreshToken } = login.json<{ refreshToken: string }>();
    expect(refreshToken).toBe(refreshCookie(login)!.value);
    const refreshed = await direct.app.inject({
      method: 'POST',
      url: '/api/auth/tokenrefresh',
      payload: { refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json<{ refreshToken: string }>().refreshToken).toBe(refreshCookie(refreshed)!.value);
  });

  it('gives a browser single sign-on session no refresh token in the body', async () => {
    const token = await issueSsoToken(direct.connections[0]!.db, 1, new Date());
    const response = await direct.app.inject({
      method: 'POST',
      url: '/api/login/sso',
      headers: browser,
      payload: { connectionStringName: 'Demo', facilityId: 1, token },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).not.toHaveProperty('refreshToken');
    expect(refreshCookie(response)?.httpOnly).toBe(true);
  });
});

describe('the Origin of a cookie refresh or sign-out', () => {
  it.each([
    ['null', 403],
    ['not an origin', 400],
    ['http://[::1', 400],
    ['https://', 400],
  ])('answers Origin %j with %i and a message, never 500', async (origin, status) => {
    const { refreshToken } = (await signIn(direct)).json<{ refreshToken: string }>();
    for (const url of ['/api/auth/tokenrefresh', '/api/auth/logout']) {
      const response = await direct.app.inject({
        method: 'POST',
        url,
        headers: { origin },
        cookies: { hasp_rt: refreshToken },
        payload: {},
      });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(status);
      expect(response.json<{ message: string }>().message).toMatch(/origin|cross-site/i);
    }
  });
});

describe('access-token claims', () => {
  const key = new TextEncoder().encode(TEST_JWT_SECRET);
  const claims = { cn: 'Demo', fid: 1 as unknown, typ: 'access', sid: '' };
  beforeAll(async () => {
    claims.sid = decodeJwt((await signIn(direct)).json<{ token: string }>().token).sid as string;
  });
  const now = () => Math.floor(Date.now() / 1000);
  /** A token signed with the real key: only the named claim is wrong. */
  const forge = (options: {
    payload?: Record<string, unknown>;
    sub?: string | null;
    iat?: number | null;
    exp?: number | null;
  }) => {
    const jwt = new SignJWT({ ...claims, ...options.payload })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('hasp')
      .setAudience('hasp:demo');
    if (options.sub !== null) jwt.setSubject(options.sub ?? '1');
    if (options.iat !== null) jwt.setIssuedAt(options.iat ?? now());
    if (options.exp !== null) jwt.setExpirationTime(options.exp ?? now() + 300);
    return jwt.sign(key);
  };
  const me = async (token: Promise<string>) =>
    direct.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${await token}` } });

  it('accepts a well-formed token (control for the refusals below)', async () => {
    expect((await me(forge({}))).statusCode).toBe(200);
  });

  it.each([
    ['without exp', { exp: null }],
    ['without iat', { iat: null }],
    ['without sub', { sub: null }],
    ['with a fractional facility', { payload: { fid: 1.5 } }],
    ['with a facility beyond PostgreSQL integer', { payload: { fid: 3_000_000_000 } }],
    ['with a facility as text', { payload: { fid: '1' } }],
    ['with facility 0', { payload: { fid: 0 } }],
    ['with a user id beyond PostgreSQL integer', { sub: '99999999999' }],
    ['with a fractional user id', { sub: '1.5' }],
  ])('refuses a validly signed token %s with 401', async (_name, options) => {
    const response = await me(forge(options));
    expect(response.statusCode, response.body).toBe(401);
    expect(response.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Invalid access token' });
  });

  it('treats a token issued longer ago than an access token lives as expired, whatever its exp says', async () => {
    const response = await me(forge({ iat: now() - 3600, exp: now() + 3600 }));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'TOKEN_EXPIRED' });
  });
});

describe('remembered access tokens', () => {
  it('still expire at exp (with the same tolerance) as on their first check', async () => {
    const tokens = new AccessTokens(TEST_JWT_SECRET, 60);
    const signed = { userId: 1, connectionName: 'Demo', facilityId: 1, sessionId: randomUUID() };
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const token = await tokens.sign(signed);
      expect(await tokens.verify(token)).toMatchObject(signed);
      // Remembered from here on: the lifetime plus the 5 s tolerance still passes…
      vi.setSystemTime(Date.now() + 64_000);
      expect(await tokens.verify(token)).toMatchObject(signed);
      // …one more second past it does not, here and for a process that never saw the token.
      vi.setSystemTime(Date.now() + 2_000);
      await expect(tokens.verify(token)).rejects.toMatchObject({ statusCode: 401, code: 'TOKEN_EXPIRED' });
      await expect(new AccessTokens(TEST_JWT_SECRET, 60).verify(token)).rejects.toMatchObject({
        code: 'TOKEN_EXPIRED',
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('are remembered only once verified: a forged signature is refused every time', async () => {
    const tokens = new AccessTokens(TEST_JWT_SECRET, 60);
    const token = await tokens.sign({ userId: 1, connectionName: 'Demo', facilityId: 1, sessionId: randomUUID() });
    const forged = `${token.slice(0, token.lastIndexOf('.'))}.${Buffer.alloc(32).toString('base64url')}`;
    for (let i = 0; i < 2; i++) await expect(tokens.verify(forged)).rejects.toMatchObject({ statusCode: 401 });
    expect(await tokens.verify(token)).toMatchObject({ userId: 1 });
  });
});

describe('logs', () => {
  /** Waits for the "request completed" line of the request that logged `marker`, then returns the lines. */
  async function linesOfRequest(marker: string): Promise<string[]> {
    return vi.waitFor(() => {
      const first = logLines.find((line) => line.includes(marker));
      const reqId = first && (JSON.parse(first) as { reqId: string }).reqId;
      const lines = logLines.filter((line) => reqId && line.includes(`"reqId":"${reqId}"`));
      if (!lines.some((line) => line.includes('request completed'))) throw new Error('request not logged yet');
      return lines;
    });
  }

  it('never writes the SSO token of the facility look-up (or of the /login redirect) into a log line', async () => {
    const token = await issueSsoToken(direct.connections[0]!.db, 1, new Date());
    const lookUp = await direct.app.inject({
      method: 'GET',
      url: `/api/stiluser/getactivefacilitiesforssouser?token=${encodeURIComponent(token)}&connectionStringName=Demo`,
    });
    expect(lookUp.statusCode, lookUp.body).toBe(200);
    await direct.app.inject({ method: 'GET', url: `/login?ssoToken=${token}&connectionStringName=Demo` });
    const lookUpLines = await linesOfRequest('/api/stiluser/getactivefacilitiesforssouser?');
    const redirectLines = await linesOfRequest('/login?');
    expect(lookUpLines.join('\n')).toContain('token=[redacted]&connectionStringName=Demo');
    expect(redirectLines.join('\n')).toContain('ssoToken=[redacted]&connectionStringName=Demo');
    expect(logLines.filter((line) => line.includes(token))).toEqual([]);
  });

  it('redacts credential query parameters whatever their case or encoding', async () => {
    const secrets = Array.from({ length: 4 }, () => randomBytes(12).toString('hex'));
    const query = `SAMLResponse=${secrets[0]}&Tok%65n=${secrets[1]}&code=${secrets[2]}&RelayState=${secrets[3]}&keep=yes`;
    await direct.app.inject({ method: 'GET', url: `/api/saml/idpgetsettings?${query}` });
    const lines = await linesOfRequest('/api/saml/idpgetsettings?');
    expect(lines.join('\n')).toContain('keep=yes');
    for (const secret of secrets) expect(logLines.filter((line) => line.includes(secret))).toEqual([]);
  });
});

describe('HASP_TRUST_PROXY', () => {
  const load = (value: string) =>
    loadConfig({ HASP_CONNECTIONS: 'Demo', HASP_CONFIG: '', HASP_TRUST_PROXY: value }, '/nonexistent');

  it('is off by default and takes a list of addresses, ranges and named ranges', () => {
    expect(loadConfig({ HASP_CONNECTIONS: 'Demo', HASP_CONFIG: '' }, '/nonexistent').trustProxy).toEqual([]);
    expect(load('off').trustProxy).toEqual([]);
    expect(load('10.0.0.5, 10.1.0.0/16,loopback, fd00::/8').trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'loopback',
      'fd00::/8',
    ]);
  });

  it.each(['true', '*', '2', '10.0.0.0/33', 'proxy.internal'])('refuses %j at start, naming the setting', (value) => {
    expect(() => load(value)).toThrow(ConfigError);
    expect(() => load(value)).toThrow(/HASP_TRUST_PROXY: .*is not an address or CIDR range/);
  });
});
