import { useEffect, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { notificationSchema, type Notification } from '@hasp/contracts';
import { useAuthState } from '../../../lib/auth-session';
import { authorizedFetch } from '../../../lib/http';
import { useNetwork } from '../../../lib/network-state';
import { sharedQueryRoots } from '../../../lib/query-keys';
import { sessionContextKeys } from '../../../lib/session-context';
import { SseParser } from '../sse-parser';
import { notificationLists, type NotificationList } from './get-notifications';
import { notificationKeys } from './keys';

/** The server sends a comment every 25 s; this long without a byte means the connection is dead. */
const SILENCE_LIMIT_MS = 60_000;
const BACKOFF_MS = { first: 1_000, max: 30_000 };

export interface StreamHandlers {
  /** The stream is open (also after each reconnect): from now on nothing new is missed. */
  onReady: () => void;
  onNotification: (notification: Notification) => void;
  /** An event whose data did not parse: the caller refetches instead. */
  onUnreadable: () => void;
  /** The facility's permissions or security lists changed (Group Manage, Security Lists). */
  onContextChanged?: () => void;
  /** Something the facility's dashboard widgets count changed (a signal without data, at most once a second). */
  onDashboardChanged?: () => void;
  /** An open stream ended (network, server, sign-in ended or token expired): nothing is pushed until the next `onReady`. */
  onClosed?: () => void;
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Reads one connection until it ends. Resolves true if the stream was open (the backoff restarts). */
async function readOnce(handlers: StreamHandlers, signal: AbortSignal): Promise<boolean> {
  const connection = new AbortController();
  const stop = () => connection.abort();
  signal.addEventListener('abort', stop, { once: true });
  let silence: ReturnType<typeof setTimeout> | undefined;
  const heard = () => {
    clearTimeout(silence);
    silence = setTimeout(stop, SILENCE_LIMIT_MS);
  };
  let opened = false;
  try {
    const response = await authorizedFetch('notifications/stream', {
      headers: { accept: 'text/event-stream' },
      signal: connection.signal,
    });
    if (!response.ok || !response.body) {
      await response.body?.cancel().catch(() => undefined);
      return false;
    }
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    const parser = new SseParser();
    heard();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      heard();
      for (const event of parser.push(value)) {
        if (event.event === 'ready') {
          opened = true;
          handlers.onReady();
        } else if (event.event === 'notification') {
          const parsed = notificationSchema.safeParse(parseJson(event.data));
          if (parsed.success) handlers.onNotification(parsed.data);
          else handlers.onUnreadable();
        } else if (event.event === 'context-changed') {
          handlers.onContextChanged?.();
        } else if (event.event === 'dashboard-changed') {
          handlers.onDashboardChanged?.();
        }
      }
    }
  } catch {
    // Network gone, aborted, or unreadable data: reconnect after the backoff (unless stopped).
  } finally {
    clearTimeout(silence);
    signal.removeEventListener('abort', stop);
    connection.abort();
    if (opened) handlers.onClosed?.();
  }
  return opened;
}

/**
 * Keeps the notification stream open (`GET /api/notifications/stream`, read with fetch because it
 * needs the bearer token) until `signal` aborts: reconnects with a backoff of 1 s doubling to 30 s,
 * and renews the token through the HTTP client's 401 procedure. The server ends the stream when its
 * access token expires or its sign-in ends; the reconnect renews the token or signs the user out.
 */
export async function followNotificationStream(handlers: StreamHandlers, signal: AbortSignal): Promise<void> {
  let attempt = 0;
  while (!signal.aborted) {
    const opened = await readOnce(handlers, signal);
    if (signal.aborted) return;
    attempt = opened ? 0 : attempt + 1;
    await wait(Math.min(BACKOFF_MS.first * 2 ** Math.max(0, attempt - 1), BACKOFF_MS.max), signal);
  }
}

/**
 * What the stream does to the query cache. A pushed notification goes into the cached lists; if a
 * list fetch is in flight its answer may predate the notification and would overwrite it, so that
 * fetch is replaced by a fresh one (invalidation cancels the running fetch).
 */
export function cacheStreamHandlers(queryClient: QueryClient): StreamHandlers {
  const refetchLists = () => queryClient.invalidateQueries({ queryKey: notificationKeys.lists() });
  // Only the widgets on the screen re-read (each its own request); the others are marked stale.
  const refetchWidgets = () => queryClient.invalidateQueries({ queryKey: sharedQueryRoots.dashboardWidgets });
  return {
    // A list loaded before the server was listening may miss what arrived in between (or while
    // the stream was down): refetch it once the stream is live. The dashboard's numbers likewise.
    onReady: () => {
      void refetchLists();
      void refetchWidgets();
    },
    onNotification: (notification) => {
      queryClient.setQueriesData<NotificationList>({ queryKey: notificationKeys.lists() }, (list) =>
        notificationLists.withArrived(list, notification),
      );
      if (queryClient.isFetching({ queryKey: notificationKeys.lists() }) > 0) void refetchLists();
    },
    onUnreadable: () => void refetchLists(),
    // Menus, the permit sidebar and gated screens follow an administrator's change without a new
    // sign-in.
    onContextChanged: () => {
      void queryClient.invalidateQueries({ queryKey: sessionContextKeys.all });
      void queryClient.invalidateQueries({ queryKey: sharedQueryRoots.navigation });
    },
    // A change in the facility that a dashboard widget counts, whoever it notified (decision 0081).
    onDashboardChanged: () => void refetchWidgets(),
  };
}

/**
 * While signed in and online: new notifications go into the cached lists as they arrive (on screen within a second of the commit), the
 * session context is reloaded when the facility's permissions or security lists change, and the
 * dashboard's widgets re-read when something they count changed in the facility.
 * Returns whether the stream is open now (while it is not, the bell polls instead).
 */
export function useNotificationStream(): boolean {
  const queryClient = useQueryClient();
  const { session } = useAuthState();
  const { networkOnline } = useNetwork();
  const [isOpen, setOpen] = useState(false);
  const signedIn = session !== null;
  useEffect(() => {
    if (!signedIn || !networkOnline) return;
    const controller = new AbortController();
    const cache = cacheStreamHandlers(queryClient);
    const handlers: StreamHandlers = {
      ...cache,
      onReady: () => {
        cache.onReady();
        setOpen(true);
      },
      onClosed: () => setOpen(false),
    };
    void followNotificationStream(handlers, controller.signal);
    return () => {
      controller.abort();
      setOpen(false);
    };
  }, [queryClient, signedIn, networkOnline]);
  return isOpen;
}
