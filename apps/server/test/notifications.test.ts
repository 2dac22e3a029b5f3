import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { insertNotification } from '../src/modules/notifications/notification.repository';
import { openStream } from './support/event-stream';
import { startSecondInstance } from './support/second-instance';
import { createTestApp, login, type TestApp } from './test-app';

let t: TestApp;
let token: string;
let userId: number;
beforeAll(async () => {
  t = await createTestApp();
  const body = (await login(t.app, { username: 'worker', facilityId: 1 })).json<{
    token: string;
    user: { ID: number };
  }>();
  token = body.token;
  userId = body.user.ID;
  // The demo permits left the worker what awaits them (decision 0033); these tests start from the welcome alone.
  await db()
    .updateTable('notifications')
    .set({ deleted_at: new Date() })
    .where('user_id', '=', userId)
    .where('title', '!=', 'Welcome to Hasp')
    .execute();
});
afterAll(() => t.close());

const db = () => t.connections[0]!.db;
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, as = token) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${as}` } });

describe('notifications', () => {
  it('lists unread by default and all on request, newest first, with the seed fields', async () => {
    await insertNotification(
      db(),
      { userId, facilityId: 1 },
      { title: 'Permit LOTO-000123 approved', link: '/Permit/Edit/123' },
    );
    const unread = (await call('GET', '/api/notifications')).json();
    expect(unread.unreadCount).toBe(2);
    expect(unread.notifications[0]).toMatchObject({
      title: 'Permit LOTO-000123 approved',
      link: '/Permit/Edit/123',
      seenDate: null,
    });
    expect(new Date(unread.notifications[0].sentDate).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(unread.notifications[1].title).toBe('Welcome to Hasp');
  });

  it('marks one read when seen, then all, and keeps read ones under "all"', async () => {
    const [first] = (await call('GET', '/api/notifications')).json().notifications;
    const seen = (await call('POST', `/api/notifications/${first.ID}/seen`)).json();
    expect(seen.seenDate).not.toBeNull();
    expect((await call('GET', '/api/notifications')).json().unreadCount).toBe(1);
    expect((await call('POST', '/api/notifications/seen-all')).json()).toEqual({ updated: 1 });
    const all = (await call('GET', '/api/notifications?filter=all')).json();
    expect(all.unreadCount).toBe(0);
    expect(all.notifications).toHaveLength(2);
    expect((await call('GET', '/api/notifications?filter=unread')).json().notifications).toEqual([]);
  });

  it("answers 404 for another user's notification", async () => {
    const admin = await db()
      .selectFrom('users')
      .select('id')
      .where('user_name', '=', 'admin')
      .executeTakeFirstOrThrow();
    const id = await insertNotification(db(), { userId: admin.id, facilityId: 1 }, { title: 'For the admin only' });
    expect((await call('POST', `/api/notifications/${id}/seen`)).statusCode).toBe(404);
    const adminNotifications = await db()
      .selectFrom('notifications')
      .select('seen_date')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(adminNotifications.seen_date).toBeNull();
  });

  it('deletes all of them from the inbox', async () => {
    expect((await call('DELETE', '/api/notifications')).json().deleted).toBe(2);
    expect((await call('GET', '/api/notifications?filter=all')).json()).toEqual({ notifications: [], unreadCount: 0 });
  });
});

describe('live notifications', () => {
  let second: FastifyInstance;
  let secondUrl: string;
  beforeAll(async () => {
    ({ app: second, url: secondUrl } = await startSecondInstance(t));
  });
  afterAll(() => second.close());

  it('pushes a notification committed anywhere to the open stream within a second', async () => {
    const stream = await openStream(secondUrl, token);
    try {
      await stream.next('ready');
      const started = Date.now();
      await insertNotification(db(), { userId, facilityId: 1 }, { title: 'Lock L-0042 applied on E-1' });
      const notification = (await stream.next('notification')) as { title: string };
      expect(notification.title).toBe('Lock L-0042 applied on E-1');
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      stream.close();
    }
  });

  it('does not push another user’s notifications', async () => {
    const stream = await openStream(secondUrl, token);
    try {
      await stream.next('ready');
      const admin = await db()
        .selectFrom('users')
        .select('id')
        .where('user_name', '=', 'admin')
        .executeTakeFirstOrThrow();
      await insertNotification(db(), { userId: admin.id, facilityId: 1 }, { title: 'Not for the worker' });
      await insertNotification(db(), { userId, facilityId: 1 }, { title: 'For the worker' });
      expect(((await stream.next('notification')) as { title: string }).title).toBe('For the worker');
    } finally {
      stream.close();
    }
  });

  it('refuses a stream without a token', async () => {
    expect((await fetch(`${secondUrl}/api/notifications/stream`)).status).toBe(401);
  });
});
