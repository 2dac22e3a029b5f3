import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { Notification } from '@hasp/contracts';
import { sharedQueryRoots } from '../../../lib/query-keys';
import { sessionContextKeys } from '../../../lib/session-context';
import type { NotificationList } from './get-notifications';
import { notificationKeys } from './keys';
import { cacheStreamHandlers, followNotificationStream } from './notification-stream';

const note = (ID: number): Notification => ({
  ID,
  title: `Permit ${ID}`,
  body: '',
  link: null,
  sentDate: '2026-11-22T10:00:00.000Z',
  seenDate: null,
});

describe('cacheStreamHandlers', () => {
  it('a notification pushed while a list fetch is in flight survives that fetch’s older answer', async () => {
    // The server's inbox; each fetch answers with what it held when the fetch began.
    const inbox: Notification[] = [note(1)];
    const releases: Array<() => void> = [];
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const observer = new QueryObserver<NotificationList>(queryClient, {
      queryKey: notificationKeys.list('unread'),
      queryFn: () => {
        const snapshot = { notifications: [...inbox], unreadCount: inbox.length };
        return new Promise((resolve) => releases.push(() => resolve(snapshot)));
      },
    });
    const unsubscribe = observer.subscribe(() => undefined);
    releases.shift()!();
    await expect.poll(() => observer.getCurrentResult().data?.unreadCount).toBe(1);

    const handlers = cacheStreamHandlers(queryClient);
    handlers.onReady(); // a refetch starts; its answer will not hold notification 2
    inbox.unshift(note(2));
    handlers.onNotification(note(2));
    while (releases.length > 0) releases.shift()!();
    await expect.poll(() => queryClient.isFetching()).toBe(0);
    // Wait for any replacement fetch too.
    while (releases.length > 0) releases.shift()!();
    await expect.poll(() => queryClient.isFetching()).toBe(0);

    expect(observer.getCurrentResult().data?.unreadCount).toBe(2);
    expect(observer.getCurrentResult().data?.notifications.map((n) => n.ID)).toEqual([2, 1]);
    unsubscribe();
    queryClient.clear();
  });

  it('with no fetch in flight, a pushed notification is added without a refetch', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<NotificationList>(notificationKeys.list('all'), {
      notifications: [note(1)],
      unreadCount: 1,
    });
    cacheStreamHandlers(queryClient).onNotification(note(3));
    expect(queryClient.isFetching()).toBe(0);
    expect(queryClient.getQueryData<NotificationList>(notificationKeys.list('all'))?.unreadCount).toBe(2);
    queryClient.clear();
  });

  it('a context change marks the session context and the permit sidebar stale', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(sessionContextKeys.of(1, 2), { permissions: [] });
    queryClient.setQueryData([...sharedQueryRoots.navigation, 1, 2], { groups: [] });
    queryClient.setQueryData(notificationKeys.list('all'), { notifications: [], unreadCount: 0 });
    cacheStreamHandlers(queryClient).onContextChanged?.();
    expect(queryClient.getQueryState(sessionContextKeys.of(1, 2))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState([...sharedQueryRoots.navigation, 1, 2])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(notificationKeys.list('all'))?.isInvalidated).toBe(false);
    queryClient.clear();
  });

  it('a dashboard change marks every dashboard widget stale and nothing else', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData([...sharedQueryRoots.dashboardWidgets, 'locks'], { total: 1 });
    queryClient.setQueryData([...sharedQueryRoots.dashboardWidgets, 'my-work'], { total: 2 });
    queryClient.setQueryData(['dashboards', 'layout'], { layout: { items: [] } });
    queryClient.setQueryData(notificationKeys.list('all'), { notifications: [], unreadCount: 0 });
    cacheStreamHandlers(queryClient).onDashboardChanged?.();
    expect(queryClient.getQueryState([...sharedQueryRoots.dashboardWidgets, 'locks'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState([...sharedQueryRoots.dashboardWidgets, 'my-work'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['dashboards', 'layout'])?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(notificationKeys.list('all'))?.isInvalidated).toBe(false);
    queryClient.clear();
  });
});

describe('followNotificationStream', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reports the stream closed when the server ends it (sign-in ended or token expired) and open again on reconnect', async () => {
    const encoder = new TextEncoder();
    const bodies = [
      // The server ends the first stream at its token's expiry.
      'event: ready\ndata: {}\n\nevent: session-ended\ndata: {"reason":"expired"}\n\n',
      'event: ready\ndata: {}\n\n',
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => {
        const text = bodies.shift() ?? '';
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(encoder.encode(text));
            // The first closes; the second stays open until the reader aborts.
            if (bodies.length === 1) controller.close();
            init.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
          },
        });
        return Promise.resolve(new Response(body, { headers: { 'content-type': 'text/event-stream' } }));
      }),
    );
    const states: string[] = [];
    const stop = new AbortController();
    const following = followNotificationStream(
      {
        onReady: () => states.push('open'),
        onClosed: () => states.push('closed'),
        onNotification: () => undefined,
        onUnreadable: () => undefined,
      },
      stop.signal,
    );
    await expect.poll(() => states, { timeout: 5000 }).toEqual(['open', 'closed', 'open']);
    stop.abort();
    await following;
    expect(states).toEqual(['open', 'closed', 'open', 'closed']);
  });
});
