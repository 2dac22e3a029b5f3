import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/modules/auth/password';
import { createTestApp, DEMO_PASSWORD, login, TEST_JWT_SECRET, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { HASP_LOGIN_MAX_FAILURES: '5', HASP_REFRESH_REUSE_GRACE_SEC: '10' } });
});
afterAll(() => t.close());

const db = () => t.connections[0]!.db;
const refresh = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/tokenrefresh', payload: { refreshToken } });
const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });

async function signIn(username = 'admin', facilityId = 1) {
  const response = await login(t.app, { username, facilityId });
  expect(response.statusCode).toBe(200);
  return response.json<{ token: string; refreshToken: string }>();
}

describe('sign-in', () => {
  it('returns the user, the facility and a token pair, and sets an HttpOnly refresh cookie', async () => {
    const response = await login(t.app, { username: 'Supervisor', facilityId: 2 });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toMatchObject({
      userName: 'supervisor',
      displayName: 'Sam Supervisor',
      isActiveDirectoryUser: false,
    });
    expect(body.user.groups).toEqual(['Supervisors']);
    expect(body.facility).toEqual({ ID: 2, name: 'Riverside Chemical Processing Complex', companyID: null });
    expect(body.connectionStringName).toBe('Demo');
    expect(body.expiresIn).toBeLessThanOrEqual(900);
    const cookie = response.cookies.find((c) => c.name === 'hasp_rt');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth', value: body.refreshToken });
    expect((await me(body.token)).json().user.userName).toBe('supervisor');
  });

  it('gives the same answer for an unknown user and a wrong password', async () => {
    const unknown = await login(t.app, { username: 'nobody-here', password: 'whatever-1' });
    const wrong = await login(t.app, { username: 'worker', password: 'whatever-1' });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(unknown.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid user name or password' });
  });

  it('refuses an inactive user with the same answer as a wrong password', async () => {
    await db()
      .insertInto('users')
      .values({
        user_name: 'gone',
        display_name: 'Gone',
        email: null,
        password_hash: await hashPassword('secret-pass'),
        is_active: false,
      })
      .execute();
    const response = await login(t.app, { username: 'gone', password: 'secret-pass' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('refuses a facility the user may not use', async () => {
    const response = await login(t.app, { username: 'worker', facilityId: 2 });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'FORBIDDEN', message: 'You do not have access to this facility' });
  });

  it('names each invalid field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { connectionStringName: '', facilityId: 'x', username: '', password: '' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details).toEqual(
      expect.arrayContaining([
        { field: 'connectionStringName', message: 'Connection String Name is required' },
        { field: 'username', message: 'Username is required' },
        { field: 'password', message: 'Password is required' },
      ]),
    );
    expect(body.details.map((d: { field: string }) => d.field)).toContain('facilityId');
  });

  it('answers 404 for an unknown connection', async () => {
    const response = await login(t.app, { connectionStringName: 'Atlantis' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('UNKNOWN_CONNECTION');
  });

  it('throttles repeated failures for one user name with 429 and Retry-After, and records them', async () => {
    await db()
      .insertInto('users')
      .values({
        user_name: 'target',
        display_name: 'Target',
        email: null,
        password_hash: await hashPassword('right-password'),
      })
      .execute();
    const userFacility = await db()
      .selectFrom('users')
      .select('id')
      .where('user_name', '=', 'target')
      .executeTakeFirstOrThrow();
    await db().insertInto('user_facilities').values({ user_id: userFacility.id, facility_id: 1 }).execute();
    for (let i = 0; i < 5; i++)
      expect((await login(t.app, { username: 'target', password: 'nope-nope' })).statusCode).toBe(401);
    const blocked = await login(t.app, { username: 'TARGET', password: 'right-password' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('RATE_LIMITED');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Other users are not affected.
    expect((await login(t.app, { username: 'contractor' })).statusCode).toBe(200);
    const events = await db().selectFrom('auth_events').select('kind').where('user_name', 'ilike', 'target').execute();
    expect(events.filter((e) => e.kind === 'login_failed')).toHaveLength(5);
    expect(events.some((e) => e.kind === 'login_throttled')).toBe(true);
  });
});

describe('refresh-token rotation', () => {
  it('rotates on every use: the new pair works, the old refresh token does not', async () => {
    const first = await signIn();
    const rotated = await refresh(first.refreshToken);
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json<{ token: string; refreshToken: string }>();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await me(second.token)).statusCode).toBe(200);
    const again = await refresh(first.refreshToken);
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('REFRESH_TOKEN_INVALID');
    // Inside the grace window a late duplicate is refused without ending the session.
    expect((await refresh(second.refreshToken)).statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated token is presented again after the grace window', async () => {
    const first = await signIn('worker');
    const second = (await refresh(first.refreshToken)).json<{ refreshToken: string }>();
    t.advanceClock(11_000);
    try {
      expect((await refresh(first.refreshToken)).statusCode).toBe(401);
      const family = await db()
        .selectFrom('refresh_tokens')
        .select(['revoked_at', 'revoked_reason'])
        .where('token_hash', 'is not', null)
        .execute();
      expect(family.length).toBeGreaterThan(0);
      expect((await refresh(second.refreshToken)).statusCode).toBe(401);
      const reuse = await db()
        .selectFrom('auth_events')
        .select('kind')
        .where('kind', '=', 'refresh_reuse_detected')
        .execute();
      expect(reuse.length).toBeGreaterThanOrEqual(1);
    } finally {
      t.advanceClock(-11_000);
    }
  });

  it('gives exactly one new token to 20 concurrent refreshes of one token, and keeps the session', async () => {
    const { refreshToken } = await signIn('contractor');
    const before = await db()
      .selectFrom('refresh_tokens')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const responses = await Promise.all(Array.from({ length: 20 }, () => refresh(refreshToken)));
    const winners = responses.filter((r) => r.statusCode === 200);
    expect(winners).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 401)).toHaveLength(19);
    const after = await db()
      .selectFrom('refresh_tokens')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(1);
    expect((await refresh(winners[0]!.json<{ refreshToken: string }>().refreshToken)).statusCode).toBe(200);
  });

  it('refreshes from the cookie on a same-origin request and refuses a cross-site one', async () => {
    const { refreshToken } = await signIn();
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/auth/tokenrefresh',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      cookies: { hasp_rt: refreshToken },
      payload: {},
    });
    expect(crossSite.statusCode).toBe(403);
    const sameOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/tokenrefresh',
      headers: { 'sec-fetch-site': 'same-origin' },
      cookies: { hasp_rt: refreshToken },
      payload: {},
    });
    expect(sameOrigin.statusCode).toBe(200);
    // A cookie flow is answered in the cookie only: page script never sees a refresh token.
    expect(sameOrigin.json()).not.toHaveProperty('refreshToken');
    expect(sameOrigin.cookies.find((c) => c.name === 'hasp_rt')?.value).toMatch(/^[\w-]+\.[\w-]{43}$/);
  });

  it('refuses a refresh for a user who was deactivated', async () => {
    await db()
      .insertInto('users')
      .values({
        user_name: 'leaver',
        display_name: 'Leaver',
        email: null,
        password_hash: await hashPassword('leaver-pass'),
      })
      .execute();
    const leaver = await db()
      .selectFrom('users')
      .select('id')
      .where('user_name', '=', 'leaver')
      .executeTakeFirstOrThrow();
    await db().insertInto('user_facilities').values({ user_id: leaver.id, facility_id: 1 }).execute();
    const session = (await login(t.app, { username: 'leaver', password: 'leaver-pass' })).json<{
      token: string;
      refreshToken: string;
    }>();
    await db().updateTable('users').set({ is_active: false }).where('id', '=', leaver.id).execute();
    expect((await me(session.token)).statusCode).toBe(401);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
  });
});

describe('sign-out', () => {
  it('revokes the refresh-token family and clears the cookie', async () => {
    const first = await signIn();
    const second = (await refresh(first.refreshToken)).json<{ refreshToken: string }>();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: second.refreshToken },
    });
    expect(response.statusCode).toBe(204);
    expect(response.cookies.find((c) => c.name === 'hasp_rt')?.value).toBe('');
    expect((await refresh(second.refreshToken)).statusCode).toBe(401);
  });
});

describe('access tokens', () => {
  const key = new TextEncoder().encode(TEST_JWT_SECRET);
  // A live session (refresh-token family) of the admin, so only the forged part can fail.
  const claims = { cn: 'Demo', fid: 1, typ: 'access', sid: '' };
  beforeAll(async () => {
    claims.sid = decodeJwt((await signIn()).token).sid as string;
  });
  const forge = (mutate: (jwt: SignJWT) => SignJWT, payload: Record<string, unknown> = claims, secret = key) =>
    mutate(
      new SignJWT(payload)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('1')
        .setIssuer('hasp')
        .setAudience('hasp:demo'),
    )
      .setIssuedAt()
      .sign(secret);

  it('answers 401 TOKEN_EXPIRED for an expired token', async () => {
    const token = await forge((jwt) => jwt.setExpirationTime(Math.floor(Date.now() / 1000) - 60));
    const response = await me(token);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('TOKEN_EXPIRED');
  });

  it('accepts a well-formed token (control for the forgeries below)', async () => {
    expect((await me(await forge((jwt) => jwt.setExpirationTime('5m')))).statusCode).toBe(200);
  });

  it.each([
    [
      'signed with another secret',
      () => forge((j) => j.setExpirationTime('5m'), claims, new TextEncoder().encode('x'.repeat(40))),
    ],
    [
      'alg none',
      async () =>
        `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ ...claims, sub: '1', iss: 'hasp', aud: 'hasp:demo', exp: 9999999999 })).toString('base64url')}.`,
    ],
    ['audience of another connection', () => forge((j) => j.setExpirationTime('5m').setAudience('hasp:second'))],
    [
      'connection not configured',
      () => forge((j) => j.setExpirationTime('5m').setAudience('hasp:ghost'), { ...claims, cn: 'Ghost' }),
    ],
    ['wrong issuer', () => forge((j) => j.setExpirationTime('5m').setIssuer('evil'))],
    ['not an access token', () => forge((j) => j.setExpirationTime('5m'), { ...claims, typ: 'refresh' })],
    [
      'no expiry claim means still valid? no: issued far in the future',
      () => forge((j) => j.setExpirationTime('5m').setNotBefore('1h')),
    ],
    ['a refresh token', async () => (await signIn()).refreshToken],
    ['garbage', async () => 'not.a.jwt'],
    [
      'with a session ID that is not a UUID',
      () => forge((j) => j.setExpirationTime('5m'), { ...claims, sid: "x' or 1=1" }),
    ],
    [
      'of a signed-out session',
      async () => {
        const session = await signIn();
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/logout',
          payload: { refreshToken: session.refreshToken },
        });
        return session.token;
      },
    ],
  ])('refuses a token %s', async (_name, make) => {
    const response = await me(await make());
    expect(response.statusCode).toBe(401);
  });

  it('requires a bearer header', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Sign in to continue' });
  });
});

it('accepts the demo password for every demo user', async () => {
  for (const username of ['admin', 'supervisor', 'worker', 'contractor']) {
    expect((await login(t.app, { username, password: DEMO_PASSWORD })).statusCode).toBe(200);
  }
});
