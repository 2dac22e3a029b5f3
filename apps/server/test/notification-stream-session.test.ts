import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, SignJWT } from 'jose';
import { AccessTokens } from '../src/modules/auth/access-token';
import { insertNotification } from '../src/modules/notifications/notification.repository';
import { openStream } from './support/event-stream';
import { startSecondInstance } from './support/second-instance';
import { createTestApp, login, TEST_JWT_SECRET, type TestApp } from './test-app';

// Streams are held by a second server process; the sign-in ends through the first (or straight in
// the database), so the end must travel through PostgreSQL to the process holding the stream.
let t: TestApp;
let second: Awaited<ReturnType<typeof startSecondInstance>>;
beforeAll(async () => {
  t = await createTestApp();
  second = await startSecondInstance(t);
});
afterAll(async () => {
  await second.app.close();
  await t.close();
});

const db = () => t.connections[0]!.db;

async function signIn(username: string, facilityId = 1) {
  const response = await login(t.app, { username, facilityId });
  expect(response.statusCode).toBe(200);
  const { token, user } = response.json<{ token: string; user: { ID: number } }>();
  const cookie = response.cookies.find((c) => c.name === 'hasp_rt')!.value;
  return { token, userId: user.ID, sessionId: decodeJwt(token).sid as string, cookie };
}

/** Posts to an /api/auth route the way the browser does: the refresh token only in its cookie. */
const withRefreshCookie = (url: string, cookie: string) =>
  t.app.inject({ method: 'POST', url, payload: {}, cookies: { hasp_rt: cookie } });

/** Opens a stream on the second process and waits until it is live. */
async function liveStream(token: string) {
  const stream = await openStream(second.url, token);
  await stream.next('ready');
  return stream;
}

/** Waits for the server to end the stream; returns why and how long it took since `started`. */
async function endOf(stream: Awaited<ReturnType<typeof liveStream>>, started: number, timeoutMs = 3000) {
  const { reason } = (await stream.next('session-ended', timeoutMs)) as { reason: string };
  await stream.ended;
  return { reason, ms: Date.now() - started };
}

describe('the live notification stream ends with its sign-in', () => {
  it('sign-out through another server process ends the open stream within a second', async () => {
    const session = await signIn('worker');
    const stream = await liveStream(session.token);
    try {
      const started = Date.now();
      const logout = await withRefreshCookie('/api/auth/logout', session.cookie);
      expect(logout.statusCode).toBe(204);
      const { reason, ms } = await endOf(stream, started);
      console.log(`sign-out → stream ended on the other process in ${ms} ms`);
      expect(reason).toBe('ended');
      expect(ms).toBeLessThan(1000);
    } finally {
      stream.close();
    }
  });

  it('revoking a device ends that device’s stream and no other', async () => {
    const phone = await signIn('worker');
    const desk = await signIn('worker');
    const phoneStream = await liveStream(phone.token);
    const deskStream = await liveStream(desk.token);
    try {
      const started = Date.now();
      const revoke = await t.app.inject({
        method: 'DELETE',
        url: `/api/profile/sessions/${phone.sessionId}`,
        headers: { authorization: `Bearer ${desk.token}` },
      });
      expect(revoke.statusCode).toBe(204);
      const { reason, ms } = await endOf(phoneStream, started);
      console.log(`device revoked → its stream ended in ${ms} ms`);
      expect(reason).toBe('ended');
      // The desk's stream is still live: it receives what is sent after the revoke.
      await insertNotification(db(), { userId: desk.userId, facilityId: 1 }, { title: 'After the revoke' });
      expect(((await deskStream.next('notification')) as { title: string }).title).toBe('After the revoke');
      expect(deskStream.isEnded()).toBe(false);
    } finally {
      phoneStream.close();
      deskStream.close();
    }
  });

  it('deactivating the user ends their stream', async () => {
    const contractor = await signIn('contractor');
    const admin = await signIn('admin');
    const stream = await liveStream(contractor.token);
    try {
      const started = Date.now();
      const deactivate = await t.app.inject({
        method: 'POST',
        url: `/api/security/users/${contractor.userId}/deactivate`,
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(deactivate.statusCode).toBe(200);
      const { reason, ms } = await endOf(stream, started);
      console.log(`user deactivated → stream ended in ${ms} ms`);
      expect(reason).toBe('ended');
    } finally {
      stream.close();
    }
  });

  it('a user disabled in the database, or asked to change their password, loses the stream', async () => {
    const supervisor = await signIn('supervisor', 2);
    const disabled = await liveStream(supervisor.token);
    await db().updateTable('users').set({ is_active: false }).where('id', '=', supervisor.userId).execute();
    expect((await endOf(disabled, Date.now())).reason).toBe('ended');
    await db().updateTable('users').set({ is_active: true }).where('id', '=', supervisor.userId).execute();

    const again = await liveStream(supervisor.token);
    await db().updateTable('users').set({ must_change_password: true }).where('id', '=', supervisor.userId).execute();
    expect((await endOf(again, Date.now())).reason).toBe('ended');
    await db().updateTable('users').set({ must_change_password: false }).where('id', '=', supervisor.userId).execute();
  });

  it('disabling a facility ends the streams signed in there', async () => {
    const supervisor = await signIn('supervisor', 2);
    const stream = await liveStream(supervisor.token);
    try {
      await db().updateTable('facilities').set({ is_active: false }).where('id', '=', 2).execute();
      expect((await endOf(stream, Date.now())).reason).toBe('ended');
    } finally {
      await db().updateTable('facilities').set({ is_active: true }).where('id', '=', 2).execute();
      stream.close();
    }
  });

  it('removing the user’s access to the facility ends the stream there, not in their other facility', async () => {
    const inNorth = await signIn('supervisor', 1);
    const inRiverside = await signIn('supervisor', 2);
    const north = await liveStream(inNorth.token);
    const riverside = await liveStream(inRiverside.token);
    try {
      await db()
        .deleteFrom('user_facilities')
        .where('user_id', '=', inNorth.userId)
        .where('facility_id', '=', 1)
        .execute();
      expect((await endOf(north, Date.now())).reason).toBe('ended');
      await insertNotification(db(), { userId: inRiverside.userId, facilityId: 2 }, { title: 'Still here' });
      expect(((await riverside.next('notification')) as { title: string }).title).toBe('Still here');
    } finally {
      north.close();
      riverside.close();
    }
  });

  it('ends the stream when its access token expires, and a renewed token opens it again', async () => {
    const session = await signIn('worker');
    // The same sign-in with a 2-second token (the configured minimum is 30 s).
    const shortLived = await new AccessTokens(TEST_JWT_SECRET, 2).sign({
      userId: session.userId,
      connectionName: 'Demo',
      facilityId: 1,
      sessionId: session.sessionId,
    });
    const exp = (decodeJwt(shortLived).exp as number) * 1000;
    const stream = await liveStream(shortLived);
    try {
      const { reason } = await endOf(stream, Date.now(), 4000);
      const late = Date.now() - exp;
      console.log(`access token expired → stream ended ${late} ms after exp`);
      expect(reason).toBe('expired');
      expect(late).toBeGreaterThan(-20); // timers may fire a millisecond early, never seconds
      expect(late).toBeLessThan(1000);
    } finally {
      stream.close();
    }
    const renewed = await withRefreshCookie('/api/auth/tokenrefresh', session.cookie);
    expect(renewed.statusCode).toBe(200);
    const reopened = await liveStream(renewed.json<{ token: string }>().token);
    reopened.close();
  });

  it('refuses to open a stream with a token past its exp (inside the verifier’s clock tolerance)', async () => {
    const session = await signIn('worker');
    const now = Math.floor(Date.now() / 1000);
    const stale = await new SignJWT({ cn: 'Demo', fid: 1, sid: session.sessionId, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(session.userId))
      .setIssuer('hasp')
      .setAudience('hasp:demo')
      .setIssuedAt(now - 60)
      .setExpirationTime(now - 2)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const response = await fetch(`${second.url}/api/notifications/stream`, {
      headers: { authorization: `Bearer ${stale}` },
    });
    expect(response.status).toBe(401);
    expect((await response.json()) as { code: string }).toMatchObject({ code: 'TOKEN_EXPIRED' });
  });
});
