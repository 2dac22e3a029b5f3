import type { ServerResponse } from 'node:http';
import type { AppContext } from '../../app-context';
import { findSessionUser } from '../../plugins/auth';
import type { RequestContext } from '../../platform';

const HEARTBEAT_MS = 25_000;

/**
 * Serves one server-sent-event stream of the caller's notifications on a hijacked response until
 * the browser leaves, the server closes, the sign-in ends or the access token expires.
 */
export async function serveNotificationStream(
  ctx: AppContext,
  auth: RequestContext,
  res: ServerResponse,
): Promise<void> {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  const live: {
    heartbeat?: ReturnType<typeof setInterval>;
    expiry?: ReturnType<typeof setTimeout>;
    unsubscribe?: (() => void) | undefined;
    ended?: boolean;
  } = {};
  const cleanUp = () => {
    live.ended = true;
    clearInterval(live.heartbeat);
    clearTimeout(live.expiry);
    live.unsubscribe?.();
    ctx.openStreams.delete(res);
  };
  // The stream is authenticated once, when it opens: it ends with its sign-in (sign-out, device
  // revoked, user disabled, facility access removed) and when its access token expires. The
  // browser then reconnects with a renewed token, or is signed out if renewal fails.
  const endStream = (reason: 'ended' | 'expired') => {
    if (live.ended) return;
    cleanUp();
    res.end(`event: session-ended\ndata: ${JSON.stringify({ reason })}\n\n`);
  };
  ctx.openStreams.add(res);
  res.on('close', cleanUp);
  const unsubscribe = await ctx.notifications.subscribe(auth.connection.name, {
    userId: auth.actor.userId,
    facilityId: auth.actor.facilityId,
    send: (notification) => res.write(`event: notification\ndata: ${JSON.stringify(notification)}\n\n`),
    // Permissions or security lists of the facility changed: the browser reloads its session context.
    contextChanged: () => res.write('event: context-changed\ndata: {}\n\n'),
    // Something the facility's dashboard widgets count changed (no data: the dashboard re-reads them).
    dashboardChanged: () => res.write('event: dashboard-changed\ndata: {}\n\n'),
    isSessionValid: async () => {
      const user = await findSessionUser(auth.connection.db, auth.actor);
      return user !== undefined && !user.must_change_password;
    },
    endSession: () => endStream('ended'),
  });
  if (!unsubscribe) return endStream('ended');
  if (live.ended) return unsubscribe(); // the browser left while LISTEN was being set up
  live.unsubscribe = unsubscribe;
  res.write('retry: 3000\nevent: ready\ndata: {}\n\n');
  live.heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
  live.expiry = setTimeout(() => endStream('expired'), auth.expiresAt - Date.now());
}
